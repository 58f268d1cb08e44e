/**
 * Standings: rank, name, points, record and the rule set's tiebreakers in its order, with the
 * tiebreaker labels of the rule set (getRuleset(id).tiebreakers) and, under the table, what each
 * one means. Dropped players stay listed (they keep their record, RULES 1), struck through, with
 * the round they dropped after. With `round`, the standings after that round.
 */
import type { EventState, Standing } from '../model/types.js';
import { finalStandings, playoffFinishLabel } from '../rulesets/index.js';
import { type DocContext, houseRulesOf, isTeamEvent, membersLine, nameTags } from './context.js';
import { fitFontSize, pageBox } from './geometry.js';
import { COLORS, definition } from './layout.js';
import { plural } from './round-facts.js';
import type { Content, DocDefinition } from './types.js';
import { disqualifiedPlayers } from '../event/apply-penalties.js';

const PERCENTAGE_KEYS: ReadonlySet<string> = new Set(['mwp', 'omwp']);
const TWO_DECIMAL_KEYS: ReadonlySet<string> = new Set(['oamp']);

/** As the command line prints them: percentages with 2 decimals, OAMP with 2, whole numbers as they are. */
export function formatTiebreakerValue(value: number, label: string, key: string): string {
  if (label.endsWith('%') || PERCENTAGE_KEYS.has(key)) return `${(value * 100).toFixed(2)}%`;
  if (TWO_DECIMAL_KEYS.has(key)) return value.toFixed(2);
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/** The event as it stood after round `round` (Swiss and playoff rounds up to it). */
export function stateAfterRound(state: EventState, round: number | undefined): EventState {
  if (round === undefined) return state;
  const rounds = state.rounds.filter((r) => r.number <= round);
  const out: EventState = { ...state, rounds };
  if (!rounds.some((r) => r.stage === 'playoff')) delete out.playoff;
  return out;
}

/** How standings mark a player: struck through when dropped, "DQ" when disqualified, and the line under the name. */
export interface StandingMark {
  dropped: boolean;
  dq: boolean;
  /** "DQ — disqualified in round 3", "dropped after round 2", "dropped", or ''. */
  note: string;
}

/**
 * The mark of `standing` on standings of `state` (the event as it stood for them: stateAfterRound):
 * printed, on the player page, the published site and the projector alike. A disqualified player is
 * marked as such (RULES 4), not as one who dropped; a dropped player keeps their record (RULES 1).
 */
export function standingMark(state: EventState, standing: Pick<Standing, 'id' | 'dropped'>, disqualified: ReadonlyMap<string, { round: number }> = disqualifiedPlayers(state)): StandingMark {
  const dropped = standing.dropped ? state.players.find((p) => p.id === standing.id)?.droppedAfterRound : undefined;
  const dq = disqualified.get(standing.id);
  const note = dq
    ? `DQ — disqualified in round ${dq.round}`
    : standing.dropped
      ? dropped !== undefined && dropped > 0
        ? `dropped after round ${dropped}`
        : 'dropped'
      : '';
  return { dropped: standing.dropped, dq: dq !== undefined, note };
}

export function standingsDocument(ctx: DocContext): DocDefinition {
  const state = stateAfterRound(ctx.state, ctx.options.round);
  const played = state.rounds.filter((r) => r.stage === 'swiss' && r.tables.some((t) => t.result !== undefined));
  const lastPlayed = played[played.length - 1];
  // After a playoff cut: the final standings, the playoff players by how far they got.
  const final = finalStandings(state);
  const about = final
    ? 'Final standings after the playoff'
    : lastPlayed
      ? `Standings after round ${lastPlayed.number}`
      : 'Standings before round 1';
  const running = { document: 'Standings', about };
  const standings: Standing[] = final ?? ctx.ruleset.standings(state);
  // The rule set's columns, as on screen (MTR App. C: team events, MTR 8 and 9, print no GW% or OGW%).
  const tiebreakers = ctx.ruleset.presentation.standings(state.settings).columns;
  const box = pageBox(ctx.options.pageSize, 'portrait');
  // The rule set's words: its points column, whether its records have draws and byes.
  const words = ctx.ruleset.presentation.words;
  const pointsLabel = words.points;
  const draws = ctx.ruleset.presentation.standings(state.settings).draws;
  const recordLabel = draws ? 'W-L-D' : 'W-L';
  const fixed = [34, ...(final ? [64] : []), 44, 52, ...tiebreakers.map(() => 56)];
  const nameWidth = box.contentWidth - fixed.reduce((a, b) => a + b, 0) - 8 * (fixed.length + 1);
  const tags = nameTags(ctx);
  // Team events rank teams (MTR 8, 9): said so, with each team's people under its name.
  const who = isTeamEvent(ctx) ? 'team' : 'player';
  const disqualified = disqualifiedPlayers(state);
  // An organiser's house rules (pod rule sets), where they differ from the document.
  const houseRules = houseRulesOf(ctx);
  const body: Content[][] = [
    [
      { text: 'Rank', style: 'th', alignment: 'right' },
      { text: who === 'team' ? 'Team' : 'Player', style: 'th' },
      ...(final ? [{ text: ctx.ruleset.presentation.playoff.finishColumn, style: 'th' }] : []),
      { text: pointsLabel, style: 'th', alignment: 'right' },
      { text: recordLabel, style: 'th', alignment: 'center' },
      ...tiebreakers.map((t) => ({ text: t.label, style: 'th', alignment: 'right' as const })),
    ],
  ];
  for (const s of standings) {
    const droppedNote = standingMark(state, s, disqualified).note;
    body.push([
      { text: String(s.rank), alignment: 'right', bold: true },
      {
        stack: [
          {
            text: s.name,
            fontSize: fitFontSize(s.name, nameWidth, 10, 7),
            ...(s.dropped ? { decoration: 'lineThrough' as const, color: COLORS.muted } : {}),
          },
          ...(membersLine(ctx, s.id) ? [{ text: membersLine(ctx, s.id), fontSize: 7.5, color: COLORS.muted }] : []),
          ...(droppedNote || tags.has(s.id)
            ? [{ text: [tags.has(s.id) ? `(${tags.get(s.id)}) ` : '', droppedNote].join(''), fontSize: 7, color: COLORS.muted }]
            : []),
        ],
      },
      ...(final ? [{ text: playoffFinishLabel(s.playoff), bold: s.playoff === 'champion' }] : []),
      { text: String(s.points), alignment: 'right', bold: true },
      // A bye is a match win (MTR App. C): W counts byes, as the command line prints it.
      { text: `${s.record.wins + s.record.byes}-${s.record.losses}${draws ? `-${s.record.draws}` : ''}`, alignment: 'center' },
      ...tiebreakers.map((t) => ({ text: formatTiebreakerValue(s.tiebreakers[t.key] ?? 0, t.label, t.key), alignment: 'right' as const })),
    ]);
  }
  const content: Content[] = [
    { text: about, style: 'title' },
    {
      text: final
        ? `${plural(standings.length, who)} · ${ctx.ruleset.title} · order: ${ctx.ruleset.presentation.playoff.finalOrder}; ${pointsLabel.toLowerCase()} and tiebreakers are from the ${words.swissRound}s`
        : `${plural(standings.length, who)} · ${ctx.ruleset.title} · order: ${[pointsLabel.toLowerCase(), ...tiebreakers.map((t) => t.label)].join(', ')}, then ${ctx.ruleset.checkTieDecision ? 'the organiser’s choice (RULES 3; the registration draw until decided)' : 'the registration draw'}`,
      style: 'subtitle',
    },
    ...(houseRules ? [{ text: houseRules, style: 'subtitle', bold: true }] : []),
    { table: { widths: [fixed[0] as number, '*', ...fixed.slice(1)], headerRows: 1, dontBreakRows: true, body }, layout: 'rows' },
    { text: 'Tiebreakers', style: 'heading' },
    ...tiebreakers.map((t) => ({ text: [{ text: `${t.label}: `, bold: true }, t.description], fontSize: 8.5, margin: [0, 0, 0, 2] as [number, number, number, number] })),
    // Magic Swiss (byes, MTR App. C): a bye is a win, and the opponents' tiebreakers read dropped players' records.
    {
      text: `${words.byes ? `${recordLabel} counts a bye as a win. ` : ''}Struck-through ${who}s dropped; they keep their record${words.byes ? ' and still count as opponents' : ''}.`,
      style: 'note',
    },
  ];
  return definition(ctx, running, content);
}
