/**
 * The deck-check and time-extension log of a round (landscape): for each table given extra time,
 * the players, the judge, start and end of the check or pause, the minutes awarded and why, and
 * where the table was at end of round. Above the log, the rule set's rules for extensions and for
 * the end of round, in words (RULES 1 "Clock", 2 "Clock extras": a deck check adds its duration
 * plus 3 minutes under the MTR, plus 4 under the Commander rules; a judge pause over one minute
 * adds its length).
 *
 * The entries come in as `options.extensions` (ExtensionLogEntry, context.ts). The clock and its
 * per-table extensions are kept by core/clock, which is built separately: until the host passes
 * the clock's extensions here, the log prints the entries it is given — none — and the sheet is a
 * blank log with rows to fill in by hand, which is what a floor uses today.
 */
import type { Stage } from '../model/types.js';
import type { EndOfRoundProcedure, TimeLimits } from '../rulesets/ruleset.js';
import { plural } from '../text/format.js';
import { type DocContext, type ExtensionLogEntry, roundTitle } from './context.js';
import { fitFontSize, pageBox } from './geometry.js';
import { COLORS, definition } from './layout.js';
import { minutesAndSeconds } from './extension-entries.js';
import type { Content, DocDefinition } from './types.js';

const ROW_HEIGHT = 25;
/** A row's height on paper: ROW_HEIGHT plus the `grid` layout's padding (3 + 3) and line. */
const ROW_PITCH = ROW_HEIGHT + 7;
/** Title, rules block, the table's header row and the note under the table. */
const HEADING_HEIGHT = 150;

/** Where the extra minutes for a deck check come from (Ruleset.deckCheckRule), or the event's own rules. */
function deckCheckSource(ctx: DocContext): string {
  return ctx.ruleset.deckCheckRule(ctx.state.settings) ?? 'event rules';
}

export function endOfRoundInWords(procedure: EndOfRoundProcedure): string {
  switch (procedure.kind) {
    case 'extra-turns':
      return procedure.turnsArePlayersInGame
        ? 'At time: the active player finishes the turn, then N more turns, N being the players still in the game when time is called.'
        : `At time: the active player finishes the turn, then ${procedure.turns} more turns in total.`;
    case 'active-player-finishes':
      return procedure.lastTurnMinutes !== undefined
        ? `At time: the active player finishes the turn; then a last-turn limit of ${procedure.lastTurnMinutes} minutes, at the end of which the game is a draw.`
        : 'At time: the active player finishes the turn.';
    case 'untimed':
      return 'The round is untimed.';
  }
}

export function reasonInWords(ctx: DocContext, entry: ExtensionLogEntry, limits: TimeLimits): string {
  const note = entry.note ? ` — ${entry.note}` : '';
  switch (entry.reason) {
    case 'deck-check':
      return `Deck check: its length${limits.deckCheckExtraMinutes > 0 ? ` + ${limits.deckCheckExtraMinutes} min` : ''} (${deckCheckSource(ctx)})${note}`;
    case 'judge-pause':
      return `Judge pause over ${formatSeconds(limits.judgePauseThresholdSeconds)}: its length${note}`;
    case 'other':
      return entry.note ?? 'Other';
    case 'round-start':
      return '';
  }
}

function formatSeconds(seconds: number): string {
  return seconds % 60 === 0 ? plural(seconds / 60, 'minute') : plural(seconds, 'second');
}

export function extensionsLog(ctx: DocContext): DocDefinition {
  const round = ctx.round;
  const stage: Stage = round?.stage ?? 'swiss';
  const about = round ? roundTitle(ctx.state, round) : 'Round ____';
  const running = { document: 'Deck checks and time extensions', about };
  const limits = ctx.ruleset.timeLimits(ctx.state.settings, stage);
  const procedure = ctx.ruleset.endOfRound(ctx.state.settings, stage);
  const box = pageBox(ctx.options.pageSize, 'landscape');
  // The round clock's start comes as an entry of its own (extension-entries.ts): it fills the Start box.
  const roundStart = ctx.options.extensions?.find((e) => e.reason === 'round-start')?.start;
  const entries = (ctx.options.extensions ?? []).filter((e) => e.reason !== 'round-start').sort((a, b) => a.table - b.table);
  const rowsPerPage = Math.max(4, Math.floor((box.contentHeight - HEADING_HEIGHT) / ROW_PITCH));
  const blankRows = entries.length === 0 ? rowsPerPage : Math.max(3, rowsPerPage - (entries.length % rowsPerPage));
  const widths: (number | '*')[] = [40, '*', 90, 52, 52, 56, 170, 120];
  const playersWidth = box.contentWidth - (widths.filter((w) => typeof w === 'number') as number[]).reduce((a, b) => a + b, 0) - 8 * widths.length;
  const header: Content[] = [
    { text: 'Table', style: 'th', alignment: 'center' },
    { text: 'Players', style: 'th' },
    { text: 'Judge', style: 'th' },
    { text: 'Check start', style: 'th', alignment: 'center' },
    { text: 'Check end', style: 'th', alignment: 'center' },
    { text: 'Extension (m:ss)', style: 'th', alignment: 'center' },
    { text: 'Why', style: 'th' },
    { text: 'End-of-round state', style: 'th' },
  ];
  const body: Content[][] = [header];
  for (const entry of entries) {
    const players = entry.players.join(' · ');
    body.push([
      { text: String(entry.table), bold: true, fontSize: 13, alignment: 'center' },
      { text: players, fontSize: fitFontSize(players, playersWidth * 2, 9, 6.5) },
      { text: entry.judge ?? '', fontSize: 9 },
      { text: entry.start ?? '', alignment: 'center' },
      { text: entry.end ?? '', alignment: 'center' },
      { text: `+${minutesAndSeconds(entry.minutes)}`, bold: true, fontSize: 12, alignment: 'center' },
      { text: reasonInWords(ctx, entry, limits), fontSize: 8 },
      { text: entry.endOfRound ?? '', fontSize: 9 },
    ]);
  }
  for (let i = 0; i < blankRows; i++) body.push(header.map(() => ({ text: '' })));
  const roundLength =
    limits.roundMinutes === null ? 'untimed' : `${limits.roundMinutes} minutes${limits.finalRoundMinutes === null && stage === 'playoff' ? ' (the final is untimed)' : ''}`;
  const content: Content[] = [
    { text: `Deck checks and time extensions — ${about}`, style: 'title' },
    {
      columns: [
        {
          width: '*',
          stack: [
            { text: [{ text: 'Round: ', bold: true }, roundLength, `.   Start ${roundStart ?? '________'}   End ________   Time called by ____________`] },
            { text: [{ text: 'Deck check: ', bold: true }, `the table gets the check’s duration${limits.deckCheckExtraMinutes > 0 ? ` plus ${limits.deckCheckExtraMinutes} minutes` : ''} (${deckCheckSource(ctx)}).`] },
            { text: [{ text: 'Judge pause: ', bold: true }, `a pause longer than ${formatSeconds(limits.judgePauseThresholdSeconds)} adds its length.`] },
            { text: [{ text: 'End of round: ', bold: true }, endOfRoundInWords(procedure)] },
          ],
          fontSize: 9,
        },
      ],
      margin: [0, 0, 0, 8],
    },
    { table: { widths, headerRows: 1, dontBreakRows: true, heights: body.map((_, i) => (i === 0 ? 12 : ROW_HEIGHT)), body }, layout: 'grid' },
    {
      text:
        entries.length === 0
          ? 'Fill in one row per table given extra time; the scorekeeper enters the minutes on the table’s clock.'
          : 'Rows below the recorded entries are for extensions written in by hand.',
      style: 'note',
      color: COLORS.muted,
    },
  ];
  return definition(ctx, running, content, { orientation: 'landscape' });
}
