/**
 * The station service's questions about the open event (standings, proposed pairings, the journal,
 * the recent saves) and its printing. Nothing here changes the event. Each takes its request
 * already parsed (station-service.ts).
 */
import type { JournalEntryView, PrintResult, QueryResult } from '../../core/api/contract.js';
import type { ParsedParams } from '../../core/api/methods.js';
import { fail } from '../../core/model/errors.js';
import type { EventState } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import type { EventStoreHandle } from './journal-types.js';
import { listRecentEvents } from './recent-events.js';
import { pushedEntry } from './station-slot.js';
import type { StationContext } from './station-types.js';

type Query = ParsedParams<'query'>;

export async function query(context: StationContext, request: Query): Promise<QueryResult> {
  if (request.kind === 'recent-events') return { kind: 'recent-events', events: await listRecentEvents(context.dataDir) };
  const handle = context.slot.requireOpen();
  const state = handle.state();
  const ruleset = getRuleset(state.ruleset);
  const { random } = context;
  switch (request.kind) {
    case 'standings':
      return { kind: 'standings', standings: ruleset.standings(state) };
    case 'propose-pairing':
      return { kind: 'propose-pairing', proposal: ruleset.pair(request.replace ? beforeCurrentRound(state) : state, request.seed ?? random.seed()) };
    case 'propose-playoff': {
      const options = { top: request.top, ...(request.draft !== undefined ? { draft: request.draft } : {}) };
      const pairing = ruleset.playoff(state, options, request.seed ?? random.seed());
      return {
        kind: 'propose-playoff',
        proposal: {
          tables: pairing.tables,
          byes: [],
          waiting: pairing.waiting,
          warnings: pairing.warnings ?? [],
          seed: pairing.seed,
          seeds: pairing.seeds,
          ...(pairing.seatChoice ? { seatChoice: pairing.seatChoice } : {}),
        },
      };
    }
    case 'next-playoff-round':
      return { kind: 'next-playoff-round', proposal: ruleset.nextPlayoffRound(state, request.seed ?? random.seed()) };
    case 'journal':
      return { kind: 'journal', entries: journalFrom(handle, request.from ?? 0) };
  }
}

/** The journal from entry `from` on, with the undo marks of the fold (core/event/undo.ts). */
function journalFrom(handle: EventStoreHandle, from: number): JournalEntryView[] {
  // Entry seq is at index seq.
  return handle
    .entries()
    .slice(from)
    .map((e) => {
      const undoneBy = handle.undoneBy(e.seq);
      return { ...pushedEntry(e), ...(undoneBy !== undefined ? { undoneBy } : {}) };
    });
}

/** The state a re-pair of the current round is proposed from: as if that round were not published. */
function beforeCurrentRound(state: EventState): EventState {
  const current = state.rounds[state.rounds.length - 1];
  if (!current || current.stage !== 'swiss') fail('not-allowed', 'there is no published Swiss round to re-pair');
  if (current.tables.some((t) => t.result !== undefined))
    fail('not-allowed', `round ${current.number} already has results, so it cannot be re-paired`);
  return { ...state, rounds: state.rounds.slice(0, -1) };
}

/** `state`: the event as it is to be printed, where the caller just changed it (default: as it is now). */
export async function print(context: StationContext, request: ParsedParams<'print'>, state?: EventState): Promise<PrintResult> {
  const handle = context.slot.requireOpen();
  if (!context.printer) fail('not-allowed', 'printing is not available in this version yet');
  return context.printer(request, { state: state ?? handle.state(), summary: context.slot.summaryOf(handle) });
}
