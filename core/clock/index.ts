/**
 * core/clock: the authoritative clock (ARCHITECTURE "The clock"). The state lives in the event
 * (`EventState.clock`, folded from the journal's clock commands by ./apply.ts); `clockView(state,
 * now)` computes everything a window draws. Pure: time comes only from `now` and the commands' `at`.
 *
 * Decisions:
 * - Every clock command carries `at` (epoch ms), stamped by the host; a replay is exact, so a
 *   restart is "replay the journal, then clockView(now)".
 * - "Time is called" is derived (start + length + adjustments + the table's extensions, pauses left
 *   out), never recorded. What must be fixed at that moment is recorded when entered: MSTR 2.5AA's
 *   N (`set-players-in-game`, refused before time is called at that table; a correction needs a
 *   reason). Extra turns from penalties: `add-extra-turns`.
 * - Durations the rules compute are resolved when applied and stored: deck check = duration + 3
 *   (MTR 2.6) or + 4 (Commander, X.5A) minutes at `end-deck-check`; judge pause = its length when
 *   over one minute, else 0 (logged); feature match = 3 minutes + round time elapsed at `at`.
 * - A deck check under way counts up: the table's extension grows with it, so its time stands still.
 * - The round length, the end-of-round procedure, "is this the final" and the intentional-draw
 *   minutes are fixed when the round clock starts (`minutes` omitted = the rule set's; null = untimed).
 * - MAMTR App. B intentional draws: `record-intentional-draw` (the time of the first ID in a pod
 *   cannot be derived: results are entered at the end of the match). The pod's timer ends
 *   150 running minutes after the round started (+ its extensions); past it the pod plays on while
 *   a pod without an ID has no result ("overtime"); then the Swiss procedure (active player
 *   finishes, 30-minute last turn) starts at the later of the timer's end and the moment the last
 *   such pod's result was entered (`record-result`'s optional `at`; a result without one counts as
 *   entered by the timer's end). The final gets no timer (refused).
 * - Pauses stop every running mark: round time, extensions, last-turn limits, the ID timer.
 * - Deck-check indicator (MTR 2.8, applied to every rule set): distinct decks checked / decks in the
 *   event (registered competitors × decks per competitor: 2 for 2HG, 3 for teams of 3); a deck
 *   checked twice counts once; "required" at Competitive and Professional REL.
 * - Other timers are lists of phases resolved at start from the rule-set data: Sealed deck
 *   construction = registration then construction (App. B); a draft pick timer times the whole
 *   draft pick by pick with the review periods. A timer stays in the view (flagged `done`) until
 *   stopped.
 */
export { clockView } from './view.js';
export { clockPhase, type ClockPhase } from './phase.js';
export type { ClockView, ClockStatus } from './view.js';
export type { EndOfRoundView } from './end-of-round.js';
export type { TableClockView } from './table-views.js';
export type { DeckCheckRow, DeckCheckSummary } from './deck-checks.js';
export type { TimerView } from './timer-views.js';
export { applyClockCommand, isClockCommand, noteResultTime, CLOCK_COMMAND_TYPES } from './apply.js';
export type { ClockCommand, ClockCommandType } from './apply.js';
export { tableState, roundClockOf, eventClock, isPlayoffFinal } from './derive.js';
export type { TableStatus, TableState, LastTurnState, IntentionalDrawState, ExtensionItem } from './derive.js';
export { draftSchedule, resolveTimer } from './timers.js';
export { runningAt, wallTimeAt, formatDuration } from './time.js';
export type * from './types.js';
