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
import type { EventState, PlayerId, Round, Table } from '../model/types.js';
import { type BracketColumn, type BracketMatch, type BracketSlot, headToHeadBracket } from './bracket-matches.js';
import { type DocContext, nameOf } from './context.js';
import { fitFontSize, textWidth, pageBox } from './geometry.js';
import { COLORS, definition } from './layout.js';
import { playoffSeeds, plural, resultText } from './round-facts.js';
import type { CanvasItem, Content, DocDefinition } from './types.js';

export function bracket(ctx: DocContext): DocDefinition {
  const playoffRounds = ctx.state.rounds.filter((r) => r.stage === 'playoff');
  const playoff = ctx.state.playoff;
  if (!playoff) return noPlayoff(ctx);
  const about = `Top ${playoff.top}${playoff.draft ? ' (booster draft)' : ''}`;
  const running = { document: 'Playoff bracket', about };
  if (ctx.ruleset.presentation.playoff.bracketCuts.includes(playoff.top))
    return definition(ctx, running, drawnBracket(ctx), { orientation: 'landscape' });
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
// A drawn bracket of matches (the model: bracket-matches.ts, shared with the Playoffs screen)

function drawnBracket(ctx: DocContext): Content[] {
  const playoff = ctx.state.playoff as NonNullable<EventState['playoff']>;
  const { columns: bracketColumns, champion } = headToHeadBracket(ctx.state);
  const seeds = playoffSeeds(ctx.state);
  const box = pageBox(ctx.options.pageSize, 'landscape');
  const [left, top] = box.margins;
  const dropped = droppedAfterCut(ctx.state);
  const titleHeight = dropped.length > 0 ? 104 : 78;
  const columns = bracketColumns.length + 1;
  const gap = 26;
  const colWidth = (box.contentWidth - gap * (columns - 1)) / columns;
  const areaTop = top + titleHeight;
  const areaHeight = box.contentHeight - titleHeight - 30;
  const boxHeight = 40;
  const canvas: CanvasItem[] = [];
  const texts: Content[] = [];
  const centerOf = (r: number, j: number): number => areaTop + ((j + 0.5) * areaHeight) / Math.max(1, (bracketColumns[r] as BracketColumn).matches.length);
  const seedLabel = playoff.draft ? 'draft seat' : 'seed';
  const xOf = (r: number): number => left + r * (colWidth + gap);
  /** A connector from the right edge of (r, j) to the left edge of the box centred at `toCy` in the next column. */
  const connect = (r: number, j: number, toCy: number): void => {
    const cy = centerOf(r, j);
    const nx = xOf(r) + colWidth;
    const mid = nx + gap / 2;
    canvas.push({ type: 'line', x1: nx - left, y1: cy - top, x2: mid - left, y2: cy - top, lineWidth: 0.8 });
    canvas.push({ type: 'line', x1: mid - left, y1: cy - top, x2: mid - left, y2: toCy - top, lineWidth: 0.8 });
    canvas.push({ type: 'line', x1: mid - left, y1: toCy - top, x2: nx + gap - left, y2: toCy - top, lineWidth: 0.8 });
  };

  bracketColumns.forEach((column, r) => {
    const x = xOf(r);
    texts.push({ text: column.name, bold: true, fontSize: 11, absolutePosition: { x, y: areaTop - 18 } });
    column.matches.forEach((match, j) => {
      const cy = centerOf(r, j);
      const y = cy - boxHeight / 2;
      canvas.push({ type: 'rect', x: x - left, y: y - top, w: colWidth, h: boxHeight, lineWidth: 0.8, ...(match.upcoming ? { dash: { length: 3 } } : {}) });
      canvas.push({ type: 'line', x1: x - left, y1: cy - top, x2: x - left + colWidth, y2: cy - top, lineWidth: 0.3, lineColor: COLORS.rule });
      match.slots.forEach((slot, k) => texts.push(slotText(ctx, match, slot, seeds, colWidth, { x: x + 4, y: y + 4 + k * (boxHeight / 2) })));
      const tableLabel = match.table ? `table ${match.table.table}` : match.bye ? 'bye' : match.upcoming ? 'to pair' : '';
      const result = match.table?.result ? resultText(ctx, match.table) : '';
      const side = [tableLabel, result].filter((s) => s).join('\n');
      if (side) texts.push({ text: side, fontSize: 6.5, color: COLORS.muted, absolutePosition: { x: x + colWidth - 40, y: y + 5 } });
      // Into the next round: from each match this one takes its players from (the model's `from`),
      // so a match whose winner dropped has no line onward.
      for (const i of match.from) connect(r - 1, i, cy);
    });
  });
  // The champion, fed by the final.
  const last = bracketColumns.length - 1;
  const cx = xOf(bracketColumns.length);
  const ccy = centerOf(last, 0);
  if ((bracketColumns[last]?.matches.length ?? 0) === 1) connect(last, 0, ccy);
  texts.push({ text: 'Champion', bold: true, fontSize: 11, absolutePosition: { x: cx, y: areaTop - 18 } });
  canvas.push({ type: 'rect', x: cx - left, y: ccy - boxHeight / 2 - top, w: colWidth, h: boxHeight, lineWidth: 1.6 });
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
    ...(dropped.length > 0
      ? [
          {
            text: `Dropped after the cut, not replaced (MTR 2.10): ${dropped.map((id) => nameOf(ctx, id)).join(', ')}. Nobody is advanced in their place; when a drop leaves a player without an opponent, the highest seed left has the bye and the others are paired by seed.`,
            fontSize: 8.5,
            color: COLORS.muted,
          },
        ]
      : []),
    { canvas, absolutePosition: { x: left, y: top } },
    ...texts,
  ];
}

/** The cut's players who dropped after it (MTR 2.10). */
function droppedAfterCut(state: EventState): PlayerId[] {
  const cutAfter = state.rounds.filter((r) => r.stage === 'swiss').length;
  return (state.playoff?.seeds ?? []).filter((id) => {
    const after = state.players.find((p) => p.id === id)?.droppedAfterRound;
    return after !== undefined && after >= cutAfter;
  });
}

/**
 * One player's line in a match box: "(3) Name", bold for who goes on, muted for who lost; a
 * player who dropped struck through with the round (a winner who dropped goes nowhere).
 */
function slotText(ctx: DocContext, match: BracketMatch, slot: BracketSlot, seeds: ReadonlyMap<PlayerId, number>, width: number, at: { x: number; y: number }): Content {
  if (slot.id === undefined) return { text: slot.placeholder ?? '', fontSize: 8, italics: true, color: COLORS.muted, absolutePosition: at };
  const seed = seeds.get(slot.id);
  const label = `${seed !== undefined ? `(${seed}) ` : ''}${nameOf(ctx, slot.id)}`;
  const goesOn = slot.id === match.advances;
  const lost = match.winner !== undefined && slot.id !== match.winner;
  const mark = slot.droppedAfterRound !== undefined ? (slot.id === match.winner && !goesOn ? ' dropped: not replaced' : ' dropped') : '';
  const markSize = 7;
  const size = fitFontSize(label, width - 48 - (mark ? textWidth(mark, markSize) : 0), 10, 6, goesOn);
  return {
    text: [
      { text: label, ...(mark ? { decoration: 'lineThrough' as const } : {}) },
      ...(mark ? [{ text: mark, fontSize: markSize, bold: false, italics: true, color: COLORS.ink }] : []),
    ],
    fontSize: size,
    bold: goesOn,
    color: lost || mark ? COLORS.muted : COLORS.ink,
    absolutePosition: at,
  };
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
  const winner = ctx.ruleset.tableWinner(table);
  if (winner && winner !== 'draw') return nameOf(ctx, winner);
  // Only a rule set that sends a drawn table's player on says how (presentation.playoff.drawMark).
  const drawMark = ctx.ruleset.presentation.playoff.drawMark;
  const byDraw = winner === 'draw' && drawMark ? ctx.ruleset.advancing(ctx.state, round, table)?.[0] : undefined;
  if (byDraw) return `${nameOf(ctx, byDraw)} (${drawMark})`;
  const advanced = next ? table.seats.find((id) => next.tables.some((t) => t.seats.includes(id))) : undefined;
  if (advanced) return `${nameOf(ctx, advanced)} (advanced)`;
  if (winner === 'draw') return 'draw';
  return table.result ? 'recorded' : '';
}

function splitInColumns<T>(items: readonly T[], columns: number): T[][] {
  const per = Math.ceil(items.length / columns) || 1;
  return Array.from({ length: columns }, (_, c) => items.slice(c * per, (c + 1) * per)).filter((c) => c.length > 0);
}
