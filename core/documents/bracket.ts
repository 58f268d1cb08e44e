/**
 * The playoff bracket.
 * - A bracket of matches (the rule set's bracket cuts, MTR 10.4: top 2/4/8): a drawn bracket, one column per playoff round and one for
 *   the champion; round 1 follows the bracket order of the cut (1v8, 4v5, 2v7, 3v6, or the draft
 *   top 8's 1v5, 3v7, 2v6, 4v8), later rounds the winners of adjacent matches. Matches not played
 *   yet show who they wait for ("winner of table 2"). Seat 1 of each match is the higher seed. A
 *   round paired by seed after a drop (MTR 2.10) shows its tables and bye as recorded, in the order
 *   the next round pairs their winners.
 * - Any other cut (pods, Lightseekers): the seeds at the cut, then each playoff round's tables with
 *   seats in seat order (seed 1 of a pod plays first) and the winner; seeds waiting out a round;
 *   the rounds still to come, from the cut's plan (Ruleset.playoffPlan; RULES 2 "Playoffs"). Where
 *   the players choose their seats, final tables also print the choosing order (RULES 3: the lowest
 *   seed places first, the top seed last).
 * Without a playoff: one page that says so, rather than an error.
 */
import type { EventState, PlayerId, PlayoffState, Round, Table } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import { type DocContext, COLORS, definition, fitFontSize, nameOf, pageBox, playoffSeeds, plural, resultText, tableWinner } from './layout.js';
import type { CanvasItem, Content, DocDefinition } from './types.js';

export function bracket(ctx: DocContext): DocDefinition {
  const playoffRounds = ctx.state.rounds.filter((r) => r.stage === 'playoff');
  const playoff = ctx.state.playoff;
  if (!playoff) return noPlayoff(ctx);
  const about = `Top ${playoff.top}${playoff.draft ? ' (booster draft)' : ''}`;
  const running = { document: 'Playoff bracket', about };
  if (ctx.ruleset.presentation.playoff.bracketCuts.includes(playoff.top))
    return definition(ctx, running, drawnBracket(ctx, playoffRounds), { orientation: 'landscape' });
  return definition(ctx, running, roundsBracket(ctx, playoffRounds));
}

function noPlayoff(ctx: DocContext): DocDefinition {
  const swiss = ctx.state.rounds.filter((r) => r.stage === 'swiss').length;
  let advice = '';
  try {
    const active = ctx.state.players.filter((p) => p.droppedAfterRound === undefined).length;
    const rec = ctx.ruleset.recommendedRounds({ competitors: active }, ctx.state.settings);
    if (rec.top > 0) advice = `For ${plural(active, 'player')} the rules recommend a top ${rec.top} cut after ${plural(rec.swissRounds, 'Swiss round')}.`;
  } catch {
    advice = '';
  }
  return definition(ctx, { document: 'Playoff bracket', about: 'No playoff yet' }, [
    { text: 'No playoff yet', style: 'title', margin: [0, 120, 0, 12], alignment: 'center' },
    {
      text: `This event has no playoff cut${swiss > 0 ? ` (${plural(swiss, 'Swiss round')} so far)` : ''}. The bracket prints once the Swiss rounds are over and the cut is made.`,
      fontSize: 13,
      alignment: 'center',
      margin: [40, 0, 40, 8],
    },
    ...(advice ? [{ text: advice, fontSize: 11, color: COLORS.muted, alignment: 'center' as const }] : []),
  ]);
}

// ---------------------------------------------------------------------------------------------
// A drawn bracket of matches

interface Slot {
  id?: PlayerId;
  /** Shown when there is no player yet ("winner of table 2"). */
  placeholder?: string;
}

interface Match {
  slots: [Slot, Slot];
  table?: Table;
  /** Who advances, when known. */
  winner?: PlayerId;
  /** A bye in this match (the opponent dropped after the cut, MTR 2.10). */
  bye?: boolean;
}

function roundNames(count: number): string[] {
  const names = ['Final', 'Semifinals', 'Quarterfinals'];
  return Array.from({ length: count }, (_, i) => names[count - 1 - i] ?? `Round ${i + 1}`);
}

function findTable(round: Round | undefined, ids: (PlayerId | undefined)[]): Table | undefined {
  if (!round) return undefined;
  return round.tables.find((t) => ids.some((id) => id !== undefined && t.seats.includes(id)));
}

export function headToHeadBracket(state: EventState): Match[][] {
  const playoff = state.playoff;
  if (!playoff) return [];
  const rounds = state.rounds.filter((r) => r.stage === 'playoff');
  const count = Math.max(1, Math.round(Math.log2(playoff.top)));
  const order = bracketOrder(state, playoff);
  // The best seed each player carries from the matches won (MTR 2.10 after a drop: the next round
  // pairs the winners by it, rules/mtr/playoffs.ts).
  const carried = new Map(playoff.seeds.map((id, i) => [id, i]));
  const out: Match[][] = [];
  for (let r = 0; r < count; r++) {
    const round = rounds[r];
    const size = playoff.top / 2 ** (r + 1);
    const template: [Slot, Slot][] = [];
    for (let j = 0; j < size; j++) {
      if (r === 0) template.push([{ id: order[2 * j] }, { id: order[2 * j + 1] }]);
      else {
        const prev = out[r - 1] as Match[];
        const feed = (m: Match | undefined, index: number): Slot =>
          m?.winner ? { id: m.winner } : { placeholder: m?.table ? `winner of table ${m.table.table}` : `winner of match ${index + 1}` };
        template.push([feed(prev[2 * j], 2 * j), feed(prev[2 * j + 1], 2 * j + 1)]);
      }
    }
    const matches = round && !fitsTemplate(round, template) ? recordedMatches(round, carried) : templateMatches(template, round, rounds[r + 1]);
    for (const match of matches) {
      if (match.winner && match.table) carried.set(match.winner, Math.min(...match.table.seats.map((id) => carried.get(id) ?? Number.MAX_SAFE_INTEGER)));
    }
    out.push(matches);
  }
  return out;
}

/** The cut's players in the rule set's bracket order (MTR 10.4), else in seed order. */
function bracketOrder(state: EventState, playoff: PlayoffState): PlayerId[] {
  const order = getRuleset(state.ruleset).bracketOrder;
  try {
    return order ? order(playoff) : [...playoff.seeds];
  } catch {
    return [...playoff.seeds];
  }
}

/** The matches of a round played as the bracket was drawn (or not yet played). */
function templateMatches(template: readonly [Slot, Slot][], round: Round | undefined, next: Round | undefined): Match[] {
  return template.map((slots) => {
    const table = findTable(round, [slots[0].id, slots[1].id]);
    const match: Match = { slots, ...(table ? { table } : {}) };
    if (table) {
      // Seat order of the table: seat 1 is the higher seed.
      match.slots = [{ id: table.seats[0] }, { id: table.seats[1] }];
      const winner = advancedFromTable(table, next);
      if (winner) match.winner = winner;
    } else if (round) {
      const bye = round.byes.find((b) => slots.some((s) => s.id === b.player));
      if (bye) {
        match.bye = true;
        match.winner = bye.player;
        match.slots = [{ id: bye.player }, { placeholder: 'bye (MTR 2.10)' }];
      }
    }
    return match;
  });
}

/** Does a recorded round seat exactly the template's matches (no bye, each table two slot players)? */
function fitsTemplate(round: Round, template: readonly [Slot, Slot][]): boolean {
  if (round.byes.length > 0) return false;
  return round.tables.every((t) =>
    template.some(([a, b]) => t.seats.length === 2 && a.id !== undefined && b.id !== undefined && t.seats.includes(a.id) && t.seats.includes(b.id)),
  );
}

/**
 * A round paired by seed after a drop (MTR 2.10): its tables and bye as recorded, in the order the
 * next round pairs them (by the best seed each match carries, in the playoff pattern 1, 4, 2, 3),
 * so that adjacent matches feed the same match of the next column.
 */
function recordedMatches(round: Round, carried: ReadonlyMap<PlayerId, number>): Match[] {
  const keyOf = (ids: readonly PlayerId[]) => Math.min(...ids.map((id) => carried.get(id) ?? Number.MAX_SAFE_INTEGER));
  const matches: { key: number; match: Match }[] = [
    ...round.tables.map((table) => {
      const winner = advancedFromTable(table, undefined);
      const match: Match = { slots: [{ id: table.seats[0] }, { id: table.seats[1] }], table, ...(winner ? { winner } : {}) };
      return { key: keyOf(table.seats), match };
    }),
    ...round.byes.map((bye) => ({
      key: keyOf([bye.player]),
      match: { slots: [{ id: bye.player }, { placeholder: 'bye (MTR 2.10)' }], bye: true, winner: bye.player } as Match,
    })),
  ];
  matches.sort((a, b) => a.key - b.key);
  const pattern = PLAYOFF_PATTERN[matches.length];
  return (pattern ? pattern.map((i) => matches[i] as { match: Match }) : matches).map((m) => m.match);
}

/** Seed indexes (0-based) in bracket order for 2, 4 and 8 matches: adjacent ones feed the same match. */
const PLAYOFF_PATTERN: Record<number, readonly number[]> = { 2: [0, 1], 4: [0, 3, 1, 2], 8: [0, 7, 3, 4, 1, 6, 2, 5] };

/** The winner of a played head-to-head table, or the player found in the next round. */
function advancedFromTable(table: Table, next: Round | undefined): PlayerId | undefined {
  const winner = tableWinner(table);
  if (winner && winner !== 'draw') return winner;
  return table.seats.find((id) => next?.tables.some((t) => t.seats.includes(id)) || next?.byes.some((b) => b.player === id));
}

function drawnBracket(ctx: DocContext, playoffRounds: Round[]): Content[] {
  const playoff = ctx.state.playoff as NonNullable<EventState['playoff']>;
  const matches = headToHeadBracket(ctx.state);
  const seeds = playoffSeeds(ctx.state);
  const box = pageBox(ctx.options.pageSize, 'landscape');
  const [left, top] = box.margins;
  const titleHeight = 78;
  const columns = matches.length + 1;
  const gap = 26;
  const colWidth = (box.contentWidth - gap * (columns - 1)) / columns;
  const areaTop = top + titleHeight;
  const areaHeight = box.contentHeight - titleHeight - 30;
  const boxHeight = 40;
  const names = roundNames(matches.length);
  const canvas: CanvasItem[] = [];
  const texts: Content[] = [];
  const centerOf = (r: number, j: number): number => areaTop + ((j + 0.5) * areaHeight) / (matches[r] as Match[]).length;
  const seedLabel = playoff.draft ? 'draft seat' : 'seed';

  matches.forEach((round, r) => {
    const x = left + r * (colWidth + gap);
    texts.push({ text: names[r] as string, bold: true, fontSize: 11, absolutePosition: { x, y: areaTop - 18 } });
    const played = playoffRounds[r];
    round.forEach((match, j) => {
      const cy = centerOf(r, j);
      const y = cy - boxHeight / 2;
      canvas.push({ type: 'rect', x: x - left, y: y - top, w: colWidth, h: boxHeight, lineWidth: 0.8 });
      canvas.push({ type: 'line', x1: x - left, y1: cy - top, x2: x - left + colWidth, y2: cy - top, lineWidth: 0.3, lineColor: COLORS.rule });
      match.slots.forEach((slot, k) => {
        const winner = slot.id !== undefined && slot.id === match.winner;
        const lost = slot.id !== undefined && match.winner !== undefined && !winner;
        const seed = slot.id !== undefined ? seeds.get(slot.id) : undefined;
        const label = slot.id !== undefined ? `${seed !== undefined ? `(${seed}) ` : ''}${nameOf(ctx, slot.id)}` : (slot.placeholder ?? '');
        const size = fitFontSize(label, colWidth - 48, 10, 6.5, winner);
        texts.push({
          text: label,
          fontSize: slot.id !== undefined ? size : 8,
          bold: winner,
          color: lost || slot.id === undefined ? COLORS.muted : COLORS.ink,
          italics: slot.id === undefined,
          absolutePosition: { x: x + 4, y: y + 4 + k * (boxHeight / 2) },
        });
      });
      const tableLabel = match.table ? `table ${match.table.table}` : match.bye ? 'bye' : played ? '' : '';
      const result = match.table?.result ? resultText(ctx, match.table) : '';
      const side = [tableLabel, result].filter((s) => s).join('\n');
      if (side) texts.push({ text: side, fontSize: 6.5, color: COLORS.muted, absolutePosition: { x: x + colWidth - 40, y: y + 5 } });
      // Connector to the next round (or to the champion box).
      const nx = x + colWidth;
      const nextCy = r + 1 < matches.length ? centerOf(r + 1, Math.floor(j / 2)) : centerOf(r, j);
      canvas.push({ type: 'line', x1: nx - left, y1: cy - top, x2: nx + gap / 2 - left, y2: cy - top, lineWidth: 0.8 });
      canvas.push({ type: 'line', x1: nx + gap / 2 - left, y1: cy - top, x2: nx + gap / 2 - left, y2: nextCy - top, lineWidth: 0.8 });
      if (j % 2 === 0 || r + 1 === matches.length) canvas.push({ type: 'line', x1: nx + gap / 2 - left, y1: nextCy - top, x2: nx + gap - left, y2: nextCy - top, lineWidth: 0.8 });
    });
  });
  // The champion.
  const final = matches[matches.length - 1]?.[0];
  const cx = left + matches.length * (colWidth + gap);
  const ccy = centerOf(matches.length - 1, 0);
  texts.push({ text: 'Champion', bold: true, fontSize: 11, absolutePosition: { x: cx, y: areaTop - 18 } });
  canvas.push({ type: 'rect', x: cx - left, y: ccy - boxHeight / 2 - top, w: colWidth, h: boxHeight, lineWidth: 1.6 });
  const champion = final?.winner;
  const championLabel = champion ? nameOf(ctx, champion) : 'winner of the final';
  texts.push({
    text: championLabel,
    bold: champion !== undefined,
    italics: champion === undefined,
    color: champion ? COLORS.ink : COLORS.muted,
    fontSize: champion ? fitFontSize(championLabel, colWidth - 10, 12, 7, true) : 9,
    absolutePosition: { x: cx + 5, y: ccy - 7 },
  });

  return [
    { text: `Playoff bracket — top ${playoff.top}${playoff.draft ? ' (booster draft)' : ''}`, style: 'title' },
    {
      text: `(n) = ${seedLabel} at the cut. On top in each match: seat 1, ${playoff.draft ? 'the player ranked higher after the Swiss rounds' : 'the higher Swiss seed'}, who chooses to play or draw (MTR 2.2). Playoff matches cannot end in a draw (MTR 2.5).`,
      style: 'subtitle',
    },
    { canvas, absolutePosition: { x: left, y: top } },
    ...texts,
  ];
}

// ---------------------------------------------------------------------------------------------
// Any other cut: a list of playoff rounds

function roundsBracket(ctx: DocContext, playoffRounds: Round[]): Content[] {
  const playoff = ctx.state.playoff as NonNullable<EventState['playoff']>;
  const view = ctx.ruleset.presentation.playoff;
  const plan = ctx.ruleset.playoffPlan?.(playoff.top) ?? undefined;
  const waitingAtStart = plan?.waiting ?? 0;
  const tableWord = view.tableWord.toLowerCase();
  const seatOne = view.seatOne ? `; in each ${tableWord} the highest seed sits in seat 1 and ${view.seatOne}` : '';
  const content: Content[] = [
    { text: `Playoff — top ${playoff.top}`, style: 'title' },
    {
      text: view.choosingOrder
        ? `Seeds follow the standings at the cut. ${view.choosingOrder}`
        : `Seeds follow the Swiss standings${seatOne}.${waitingAtStart > 0 ? ` Seeds 1–${waitingAtStart} wait out the first round.` : ''}`,
      style: 'subtitle',
    },
    { text: 'Seeds at the cut', style: 'heading' },
    seedColumns(ctx, playoff.seeds),
  ];
  const total = plan?.tablesPerRound.length ?? Math.max(1, playoffRounds.length);
  for (let r = 0; r < Math.max(total, playoffRounds.length); r++) {
    const round = playoffRounds[r];
    const title = r === total - 1 ? 'Final' : `Playoff round ${r + 1}`;
    if (round) content.push(...playedRound(ctx, title, round, playoffRounds[r + 1], r === total - 1));
    else content.push(...roundToCome(title, r, playoffRounds.length, plan?.tablesPerRound[r], tableWord, waitingAtStart));
  }
  return content;
}

/** The seeds at the cut, numbered, in two columns (three above 16). */
function seedColumns(ctx: DocContext, seeds: readonly PlayerId[]): Content {
  return {
    columns: splitInColumns(seeds, seeds.length > 16 ? 3 : 2).map((ids, c, all) => ({
      width: '*' as const,
      stack: ids.map((id, i) => {
        const index = all.slice(0, c).reduce((n, col) => n + col.length, 0) + i;
        return { text: [{ text: `${index + 1}. `, bold: true }, nameOf(ctx, id)], fontSize: 9.5, margin: [0, 0, 0, 1] as [number, number, number, number] };
      }),
    })),
    columnGap: 12,
  };
}

/** A playoff round not paired yet: how many tables the plan gives it, and when it is paired. */
function roundToCome(title: string, r: number, played: number, tables: number | undefined, tableWord: string, waitingAtStart: number): Content[] {
  const before = r === played ? 'the round before it is' : 'the rounds before it are';
  const waiting = r === 1 && waitingAtStart > 0 ? ` and seeds 1–${waitingAtStart}` : '';
  return [
    { text: `${title}${tables !== undefined ? ` — ${plural(tables, tableWord)}` : ''}`, style: 'heading' },
    {
      text: r === 0 ? 'To be paired.' : `To be paired when ${before} complete: the winners${waiting}, re-seeded by Swiss standing.`,
      color: COLORS.muted,
    },
  ];
}

/** A paired playoff round: each table's seats with their seeds and who went on; who waited; byes. */
function playedRound(ctx: DocContext, title: string, round: Round, next: Round | undefined, final: boolean): Content[] {
  const seeds = playoffSeeds(ctx.state);
  const seedText = (id: PlayerId): string => (seeds.has(id) ? `seed ${seeds.get(id)}` : '');
  const withSeed = (id: PlayerId): string => `${nameOf(ctx, id)}${seedText(id) ? ` (${seedText(id)})` : ''}`;
  const body: Content[][] = [
    [
      { text: 'Table', style: 'th', alignment: 'center' },
      { text: 'Seats (seat 1 plays first)', style: 'th' },
      { text: 'Winner', style: 'th' },
    ],
  ];
  for (const table of round.tables) {
    const winnerText = playoffWinnerText(ctx, round, table, next);
    body.push([
      { text: String(table.table), bold: true, fontSize: 14, alignment: 'center' },
      {
        stack: table.seats.map((id, i) => ({
          text: [{ text: `${i + 1}. `, bold: true }, nameOf(ctx, id), { text: seedText(id) ? `  (${seedText(id)})` : '', color: COLORS.muted, fontSize: 8 }],
          fontSize: 9.5,
        })),
      },
      { text: winnerText, bold: winnerText !== '' && winnerText !== 'recorded' },
    ]);
    if (ctx.ruleset.presentation.playoff.choosingOrder && final) {
      const order = [...table.seats].sort((a, b) => (seeds.get(b) ?? 0) - (seeds.get(a) ?? 0));
      body.push([{ text: '' }, { text: `Choosing order: ${order.map(withSeed).join(', then ')}`, fontSize: 8, color: COLORS.muted, colSpan: 2 }, { text: '' }]);
    }
  }
  const content: Content[] = [
    { text: `${title} (round ${round.number})`, style: 'heading' },
    { table: { widths: [44, '*', 150], headerRows: 1, dontBreakRows: true, body }, layout: 'rows' },
  ];
  if (round.waiting && round.waiting.length > 0)
    content.push({ text: `Waiting this round: ${round.waiting.map(withSeed).join(', ')}`, fontSize: 9, margin: [0, 4, 0, 0] });
  if (round.byes.length > 0) content.push({ text: `Byes: ${round.byes.map((b) => nameOf(ctx, b.player)).join(', ')}`, fontSize: 9, margin: [0, 4, 0, 0] });
  return content;
}

/**
 * Who won a playoff table, in words: its winner; a drawn table's player the rule set sends on
 * (MAMTR 2.4C: the highest seed who took part in the draw); else the player found in the next round.
 */
function playoffWinnerText(ctx: DocContext, round: Round, table: Table, next: Round | undefined): string {
  const winner = tableWinner(table);
  if (winner && winner !== 'draw') return nameOf(ctx, winner);
  // Only a rule set that sends a drawn table's player on says how (presentation.playoff.drawNote).
  const byDraw = winner === 'draw' && ctx.ruleset.presentation.playoff.drawNote ? ctx.ruleset.advancing(ctx.state, round, table)?.[0] : undefined;
  if (byDraw) return `${nameOf(ctx, byDraw)} (draw, 2.4C)`;
  const advanced = next ? table.seats.find((id) => next.tables.some((t) => t.seats.includes(id))) : undefined;
  if (advanced) return `${nameOf(ctx, advanced)} (advanced)`;
  if (winner === 'draw') return 'draw';
  return table.result ? 'recorded' : '';
}

function splitInColumns<T>(items: readonly T[], columns: number): T[][] {
  const per = Math.ceil(items.length / columns) || 1;
  return Array.from({ length: columns }, (_, c) => items.slice(c * per, (c + 1) * per)).filter((c) => c.length > 0);
}
