/**
 * The penalty report (RULES 4; kept with the results for six months, for appeals, MTR 1.6): every
 * penalty of a round (`round` given) or of the whole event (no `round`), in the order recorded — the
 * round, table, player, infraction, penalty, judge, time and note — each with how often the player
 * has had that penalty for that infraction ("2nd warning for this infraction"). The event's report
 * also counts each penalised player's penalties, by family name. Disqualified players are marked.
 *
 * Times are the station's local time when the host gives its time zone (`timeZone`, formatted with
 * Intl: deterministic for a given zone), else UTC, and the column says which; a penalty read from a
 * transcript has no time.
 */
import { penaltiesOf } from '../event/apply-penalties.js';
import { PENALTY_LABELS, penaltyCounts, PENALTY_WORDS } from '../event/describe-penalties.js';
import { ordinal } from '../text/format.js';
import type { Penalty, PenaltyKind, PlayerId } from '../model/types.js';
import { PENALTY_KINDS } from '../model/types.js';
import { mtrCitation } from '../rulesets/ruleset.js';
import { type DocContext, nameOf, roundTitle } from './context.js';
import { fitFontSize, pageBox } from './geometry.js';
import { COLORS, definition } from './layout.js';
import { plural } from './round-facts.js';
import { sortByFamilyName } from '../model/person-names.js';
import type { Content, DocDefinition } from './types.js';

/** "14:05" in the station's time zone (UTC when none was given), or nothing for a penalty without a time. */
function clockTime(at: number | undefined, timeZone: string | undefined): string {
  if (at === undefined || !Number.isFinite(at)) return '';
  if (!timeZone) return new Date(at).toISOString().slice(11, 16);
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

/** A valid IANA zone the host gave, else undefined (UTC). */
function zoneOf(ctx: DocContext): string | undefined {
  const zone = ctx.options.timeZone;
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/** "3 penalties: 2 warnings, 1 disqualification." */
function summary(penalties: readonly Penalty[], where: string): string {
  if (penalties.length === 0) return `No penalty recorded ${where}.`;
  const parts = PENALTY_KINDS.map((kind) => [kind, penalties.filter((p) => p.penalty === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => plural(n, PENALTY_WORDS[kind], kind === 'game-loss' || kind === 'match-loss' ? `${PENALTY_WORDS[kind]}es` : `${PENALTY_WORDS[kind]}s`));
  return `${plural(penalties.length, 'penalty', 'penalties')} ${where}: ${parts.join(', ')}.`;
}

function penaltyCell(p: Penalty): Content {
  const label = p.penalty === 'disqualification' ? 'DISQUALIFIED' : PENALTY_LABELS[p.penalty];
  return { text: label, bold: p.penalty !== 'warning', fontSize: p.penalty === 'disqualification' ? 8 : 9 };
}

function logTable(ctx: DocContext, rows: readonly { p: Penalty; count: number }[], withRound: boolean, width: number): Content {
  // Round, table, infraction, penalty, judge, time: fixed; the player and the note share the rest.
  const fixed = [...(withRound ? [30] : []), 32, 108, 66, 70, 34];
  const widths: (number | '*')[] = [...(withRound ? [30] : []), 32, '*', 108, 66, 70, 34, '*'];
  const free = (width - fixed.reduce((a, b) => a + b, 0) - 8 * (fixed.length + 2)) / 2;
  const header: Content[] = [
    ...(withRound ? [{ text: 'Round', style: 'th', alignment: 'center' as const }] : []),
    { text: 'Table', style: 'th', alignment: 'center' },
    { text: 'Player', style: 'th' },
    { text: 'Infraction', style: 'th' },
    { text: 'Penalty', style: 'th' },
    { text: 'Judge', style: 'th' },
    { text: zoneOf(ctx) ? 'Time' : 'UTC', style: 'th', alignment: 'center' },
    { text: 'Note', style: 'th' },
  ];
  const body: Content[][] = [header];
  for (const { p, count } of rows) {
    const name = nameOf(ctx, p.player);
    body.push([
      ...(withRound ? [{ text: String(p.round), alignment: 'center' as const }] : []),
      { text: p.table === undefined ? '—' : String(p.table), bold: true, alignment: 'center' },
      {
        stack: [
          { text: name, fontSize: fitFontSize(name, free, 9.5, 7) },
          ...(count > 1 ? [{ text: `${ordinal(count)} ${PENALTY_WORDS[p.penalty]} for this infraction`, fontSize: 7.5, bold: true }] : []),
        ],
      },
      { text: p.infraction, fontSize: 8.5 },
      penaltyCell(p),
      { text: p.judge ?? '', fontSize: 8.5 },
      { text: clockTime(p.at, zoneOf(ctx)), alignment: 'center', fontSize: 8.5 },
      { text: p.note ?? '', fontSize: 8 },
    ]);
  }
  return { table: { widths, headerRows: 1, dontBreakRows: true, body }, layout: 'rows' };
}

/** The event's report: each penalised player's count of each penalty. */
function byPlayer(ctx: DocContext, penalties: readonly Penalty[], disqualified: ReadonlySet<PlayerId>): Content[] {
  const ids = new Set(penalties.map((p) => p.player));
  if (ids.size === 0) return [];
  // By family name, as the boards sort.
  const players = sortByFamilyName(ctx.state.players.filter((p) => ids.has(p.id)), ctx.options.locale).map(({ item }) => item.id);
  const count = (id: PlayerId, kind: PenaltyKind): string => {
    const n = penalties.filter((p) => p.player === id && p.penalty === kind).length;
    return n === 0 ? '' : String(n);
  };
  const body: Content[][] = [
    [{ text: 'Player', style: 'th' }, ...PENALTY_KINDS.map((kind): Content => ({ text: PENALTY_LABELS[kind], style: 'th', alignment: 'center' }))],
    ...players.map((id): Content[] => [
        { text: `${nameOf(ctx, id)}${disqualified.has(id) ? ' — DQ' : ''}`, bold: disqualified.has(id) },
        ...PENALTY_KINDS.map((kind): Content => ({ text: count(id, kind), alignment: 'center' })),
      ]),
  ];
  return [
    { text: 'By player', style: 'heading' },
    { table: { widths: ['*', 62, 62, 62, 80], headerRows: 1, dontBreakRows: true, body }, layout: 'rows' },
  ];
}

/** What game and match losses did to the results, as the rule set records them (Ruleset.penaltyResults). */
function effectWords(ctx: DocContext): string {
  if (ctx.ruleset.penaltyResults?.matchLoss) return 'A game loss is a game the player lost in that match and a match loss the match lost: both are in the results. ';
  if (ctx.ruleset.penaltyResults)
    return 'A game loss is a game the player lost: not its winner, and excluded from a draw; a match loss excludes the player from the pod’s result, winning nothing. ';
  if (ctx.ruleset.checkNoShow) return 'A match loss excludes the player from the pod’s result, winning nothing. ';
  return '';
}

export function penaltyReport(ctx: DocContext): DocDefinition {
  const all = penaltiesOf(ctx.state);
  const counts = penaltyCounts(all);
  const round = ctx.options.round === undefined ? undefined : ctx.round;
  const rows = all.map((p, i) => ({ p, count: counts[i] as number })).filter(({ p }) => round === undefined || p.round === round.number);
  const shown = rows.map((r) => r.p);
  const about = round ? roundTitle(ctx.state, round) : ctx.state.rounds.length === 0 ? 'Before round 1' : `The event (rounds 1–${ctx.state.rounds.length})`;
  const box = pageBox(ctx.options.pageSize, 'portrait');
  const disqualified = new Set(all.filter((p) => p.penalty === 'disqualification').map((p) => p.player));
  const rule = mtrCitation(ctx.ruleset.terms, '1.6');
  const content: Content[] = [
    { text: `Penalty report — ${round ? roundTitle(ctx.state, round) : 'the event'}`, style: 'title' },
    { text: summary(shown, round ? `in ${roundTitle(ctx.state, round).toLowerCase()}` : 'in the event'), style: 'subtitle' },
    ...(rows.length > 0 ? [logTable(ctx, rows, round === undefined, box.contentWidth)] : []),
    ...(round === undefined ? byPlayer(ctx, shown, disqualified) : []),
    {
      text: [
        effectWords(ctx),
        'A disqualified player is dropped from the next pairing and keeps their results. ',
        `Keep this report with the result slips for six months, for appeals${rule ? ` (${rule})` : ''}. ${zoneOf(ctx) ? `Times are local (${zoneOf(ctx)}).` : 'Times are UTC.'}`,
      ],
      style: 'note',
      color: COLORS.muted,
      margin: [0, 10, 0, 0],
    },
  ];
  return definition(ctx, { document: 'Penalty report', about }, content);
}
