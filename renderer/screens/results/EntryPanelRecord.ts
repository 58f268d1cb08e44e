/**
 * The Results screen's entry panel, the parts of recording that are not drawn: which table comes
 * next, who a draft marks absent, where the cursor goes when a result is not ready yet, the
 * `record-result` sent to the host, and the toast that says what was recorded.
 */
import type { DispatchAck } from '../../../core/api/contract.js';
import type { NewCommand } from '../../../core/event/commands.js';
import type { EventState, PlayerId, Round, Standing, Table } from '../../../core/model/types.js';
import type { NoShowEntry } from '../../../core/rulesets/ruleset.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import { outstandingTables } from '../../lib/event.js';
import { isolate, plural, pluralWord } from '../../lib/format.js';
import { displayNames } from '../../lib/people.js';
import { describeResult, roundLabel } from '../pairings/round-facts.js';
import { checkResult, noShowTokens, type Built, type Draft } from './parse.js';
import { attempt } from '../../store/attempt.js';
import { useStation } from '../../store/station.js';

/** The next outstanding table after `after` (wrapping), or the first. */
export function nextOutstanding(round: Round | undefined, after: number | null): number | null {
  const open = outstandingTables(round).sort((a, b) => a - b);
  if (open.length === 0) return null;
  if (after === null) return open[0] as number;
  return open.find((t) => t > after) ?? (open[0] as number);
}

/** What an amendment of `round` cannot change: the later rounds (and the cut) paired on the old result. */
export function pairedOnOldResult(state: EventState, round: Round): string | null {
  const later = state.rounds.filter((r) => r.number > round.number);
  const swiss = later.filter((r) => r.stage === 'swiss').map((r) => r.number);
  const playoff = later.filter((r) => r.stage === 'playoff').map((r) => r.number);
  const cut = round.stage === 'swiss' && state.playoff;
  if (swiss.length === 0 && playoff.length === 0 && !cut) return null;
  const list = (numbers: number[]): string => (numbers.length === 1 ? `${numbers[0]}` : `${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`);
  const parts = [
    ...(swiss.length > 0 ? [`${pluralWord(swiss.length, 'round', 'rounds')} ${list(swiss)}`] : []),
    ...(cut ? [`the cut to the top ${state.playoff?.top}`] : []),
    ...(playoff.length > 0 ? [`${pluralWord(playoff.length, 'playoff round', 'playoff rounds')} ${list(playoff)}`] : []),
  ];
  const what = parts.join(', ').replace(/, ([^,]*)$/, ' and $1');
  // The verbs agree with everything named: "Round 3 was …", "Rounds 3 and 4 were …", "Round 3 and the cut were …".
  const named = swiss.length + playoff.length + (cut ? 1 : 0);
  return `${what.charAt(0).toUpperCase()}${what.slice(1)} ${pluralWord(named, 'was', 'were')} paired on the old result and ${pluralWord(named, 'stands', 'stand')} as published; standings recompute.`;
}

export function playersDropped(state: EventState): Map<PlayerId, number | undefined> {
  return new Map(state.players.map((p) => [p.id, p.droppedAfterRound]));
}

/**
 * The seats `draft` marks absent: with a no-show button (`marked`) or typed ("n2") in the rule set's
 * no-show box (`typed`; none where the rule set records no no-shows).
 */
export function absentBy(noShows: NoShowEntry | undefined, table: Table, draft: Draft, marked: readonly PlayerId[]): { absent: PlayerId[]; typed: PlayerId[] } {
  const typed = noShows ? noShowTokens(draft.text[noShows.field] ?? '', table.seats).ids : [];
  return { absent: table.seats.filter((id) => marked.includes(id) || typed.includes(id)), typed };
}

/** The cursor to the first empty result box (else the first box), its text selected. */
export function focusFields(fields: HTMLElement | null): void {
  const inputs = [...(fields?.querySelectorAll<HTMLInputElement>('[data-result-field]') ?? [])];
  const empty = inputs.find((i) => i.value === '') ?? inputs[0];
  empty?.focus();
  empty?.select();
}

/**
 * A result read from the boxes, ready to record (`result`), or not yet: then the cursor goes where
 * the scorekeeper has to look next (the next empty box, an optional last box, a question) and
 * `problem` says why, when there is something to say. `override`: a draft recorded at once (a
 * common-result button), not what is typed.
 */
export function readyToRecord(b: Built, fields: HTMLElement | null, override: boolean): { result: unknown } | { problem: string | null } {
  // An optional last box (Lightseekers' defeat order): Enter in the last box before it goes on to
  // it rather than recording as if it were empty; Enter there (empty or not) records.
  const last = fields?.querySelector<HTMLInputElement>('[data-last-field]');
  if (!override && last && (b.kind === 'ok' || b.kind === 'question') && last.value.trim() === '' && document.activeElement?.hasAttribute('data-result-field')) {
    last.focus();
    return { problem: null };
  }
  if (b.kind === 'empty') {
    // Enter in a filled field moves on to the next empty one (team seats, VP of each seat).
    const before = document.activeElement;
    focusFields(fields);
    if (document.activeElement !== before) return { problem: null };
    return { problem: 'The result is not complete yet: fill in every field.' };
  }
  if (b.kind === 'problem') return { problem: b.problem };
  if (b.kind === 'question') {
    // The question may be below the fold: bring it into view with the cursor on it (arrows choose, Enter records).
    const question = fields?.querySelector<HTMLElement>('[data-question]');
    question?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
    question?.scrollIntoView?.({ block: 'center' });
    return { problem: b.problem };
  }
  return { result: b.result };
}

/**
 * What Enter records at `table`: the `record-result` command, with the no-shows (`absent`) and the
 * slip's Drop boxes (`drops`: those not dropped already; a no-show's drop comes with the no-show),
 * and the result in words. Or, not ready yet, the problem to show (null: only the cursor moved on).
 */
export function prepareRecord({ state, round, table, built, fields, override, amending, reason, absent, drops }: {
  state: EventState;
  round: Round;
  table: Table;
  built: Built;
  fields: HTMLElement | null;
  override: boolean;
  amending: boolean;
  reason: string;
  absent: PlayerId[];
  drops: PlayerId[];
}): { problem: string | null } | { command: NewCommand; described: string; dropping: PlayerId[] } {
  const ready = readyToRecord(built, fields, override);
  if (!('result' in ready)) return ready;
  const check = checkResult(state, table, round, ready.result);
  if (check.problem !== null) return { problem: check.problem };
  if (amending && !reason.trim()) {
    document.getElementById('amend-reason')?.focus();
    return { problem: `Table ${table.table} already has a result: amending it needs a reason (it is kept in the event log).` };
  }
  const dropping = drops.filter((id) => !absent.includes(id) && playersDropped(state).get(id) === undefined);
  // No `at`: the host stamps the result's time with its own clock.
  const command: NewCommand = {
    type: 'record-result',
    round: round.number,
    table: table.table,
    result: ready.result as Record<string, unknown>,
    ...(amending ? { reason: reason.trim() } : {}),
    ...(absent.length > 0 ? { noShow: absent } : {}),
    ...(dropping.length > 0 ? { drop: dropping } : {}),
  };
  return { command, described: describeResult(state, { ...table, result: check.result as Table['result'] }), dropping };
}

/**
 * Sends the command (store/send.ts: a client command id, and offline it waits to send, listed on
 * the Results screen); an amendment also asks the standings it leads to (the toast says each
 * seat's points). `onWaiting`: it has to wait for the connection (the panel moves on meanwhile).
 */
export async function sendResult(
  command: NewCommand,
  amending: boolean,
  sending: { label: string; onWaiting: () => void },
): Promise<{ value: { ack: DispatchAck; points: Standing[] | null } } | { error: string } | null> {
  const store = useStation.getState();
  const outcome = await store.send(command, { place: 'results', ...sending });
  if (outcome.kind !== 'saved') return { error: outcome.message };
  const ack: DispatchAck = outcome.duplicate ? { seq: outcome.seq, duplicate: true } : { seq: outcome.seq };
  if (!amending) return { value: { ack, points: null } };
  // The seats' points from this window's own copy of the event, once it holds the amendment (its
  // entry comes with the push); the host is asked only if the copy does not catch up.
  const folded = await foldedThrough(ack.seq);
  if (folded) return { value: { ack, points: getRuleset(folded.ruleset).standings(folded) } };
  const answer = await attempt('Saving…', (api) => api.query({ kind: 'standings' }));
  const points = answer && 'value' in answer && answer.value.kind === 'standings' ? answer.value.standings : null;
  return { value: { ack, points } };
}

/** This window's event once its copy holds entry `seq` (at most a few seconds' wait), else null. */
function foldedThrough(seq: number): Promise<EventState | null> {
  const held = (): EventState | null => {
    const snapshot = useStation.getState().snapshot;
    return snapshot?.state && (snapshot.lastSeq ?? -1) >= seq ? snapshot.state : null;
  };
  const now = held();
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const guard = setTimeout(() => {
      stop();
      resolve(null);
    }, FOLD_WAIT_MS);
    const stop = useStation.subscribe(() => {
      const state = held();
      if (!state) return;
      clearTimeout(guard);
      stop();
      resolve(state);
    });
  });
}

/** How long an amendment's toast waits for the window's copy to hold it before asking the host. */
const FOLD_WAIT_MS = 3000;

/**
 * The toast after a result is recorded: the result in words (`described`), the no-shows and drops
 * with it; an amendment also the standings now (`points`) and what was paired on the old result.
 */
export function recordedWords({ state, round, table, described, absent, dropping, amended }: {
  state: EventState;
  round: Round;
  table: Table;
  described: string;
  absent: PlayerId[];
  dropping: PlayerId[];
  /** An amendment, with the standings the host gave after it (null when it gave none). */
  amended: { points: Standing[] | null } | null;
}): string {
  const names = displayNames(state);
  const extra = [
    ...(absent.length > 0 ? [`no-show: ${absent.map((id) => isolate(names.get(id) ?? id)).join(', ')}${round.stage === 'swiss' ? ' (dropped unless they report in before the next pairing)' : ''}`] : []),
    ...(dropping.length > 0 ? [`${dropping.map((id) => isolate(names.get(id) ?? id)).join(', ')} dropped`] : []),
  ];
  const also = extra.length > 0 ? ` · ${extra.join(' · ')}` : '';
  if (!amended) return `Table ${table.table}: ${described}${also}`;
  const now = new Map((amended.points ?? []).map((s) => [s.id, s.points]));
  const pts = table.seats.map((id) => `${isolate(names.get(id) ?? id)} ${plural(now.get(id) ?? 0, 'point')}`).join(', ');
  const old = pairedOnOldResult(state, round);
  return `${roundLabel(round)}, table ${table.table} amended: ${described}${also}. Standings now: ${pts}${old ? `. ${old}` : ''}`;
}
