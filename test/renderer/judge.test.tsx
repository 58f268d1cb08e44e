// @vitest-environment jsdom
/**
 * The judge's phone screen (section 2) against a real in-process host: the station
 * service over the journal store in a temp folder, reached over the in-memory RPC pair with the
 * connection's caller a joined judge device — so everything the screen sends has also passed the
 * host's role check for a judge. The host's time is frozen (the clock shows the same second all
 * along); the clock service's own one-second timer runs as usual.
 *
 * The connection is the real RPC client with a hand on it (`FloorConnection`, test/support): its status can go
 * offline and back, the pushes of journal entries can be held back (another desk's result not yet
 * arrived here), and an answer can be lost with the connection mid-send.
 */
import 'fake-indexeddb/auto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JournalEntryView } from '../../core/api/contract.js';
import type { Caller } from '../../core/api/roles.js';
import { createMemoryChannelPair, createRpcClient, serveRpc } from '../../core/api/rpc.js';
import type { Command, NewCommand } from '../../core/event/commands.js';
import type { RulesetId } from '../../core/model/types.js';
import { createHostServices } from '../../electron/host/host.js';
import type { StationService } from '../../electron/host/station-service.js';
import { FloorConnection } from '../support/floor-connection.js';
import { JudgeScreen, OFFLINE_BANNER } from '../../renderer/screens/judge/JudgeScreen.js';
import { attachCaller, useCaller } from '../../renderer/store/caller.js';
import { attachConnection, useStation } from '../../renderer/store/station.js';

const T0 = Date.UTC(2026, 10, 21, 13, 0, 0);
const JUDGE: Caller = { kind: 'device', id: 'judge-1', name: 'Floor 1', role: 'judge' };
const DESK_2: Caller = { kind: 'device', id: 'desk-2', name: 'Desk 2', role: 'station' };
const NAMES = ['Ana Archer', 'Bo Brandt', 'Chloé Dubois', "Dara O'Neill", 'Eitan Levi', 'Fumiko Sato', 'Gus Pereira', 'Hana Novak'];
/** Host answers and React renders through the in-memory pair: quick, but give a loaded machine room. */
const SOON = { timeout: 5000 };


let dataDir: string;
let service: StationService;
let connection: FloorConnection;
let stopRpc: () => void;
let detach: (() => void) | null = null;

async function startEvent(ruleset: RulesetId, players: number, seats: number, settings: Record<string, unknown> = {}): Promise<void> {
  await service.createEvent({ name: 'Floor Cup', ruleset, settings, seed: 1 });
  for (let i = 0; i < players; i++) await run({ type: 'register-player', player: { id: `p${i + 1}`, name: NAMES[i] ?? `Player ${i + 1}` }, draw: i });
  const tables = Array.from({ length: players / seats }, (_, t) => ({ table: t + 1, seats: Array.from({ length: seats }, (_, s) => `p${t * seats + s + 1}`) }));
  await run({ type: 'pair-round', round: 1, stage: 'swiss', tables, byes: [], seed: 1 });
}

async function run(command: Command | NewCommand, caller?: Caller): Promise<number> {
  return (await service.dispatch({ command: command as NewCommand }, caller)).seq;
}

async function journal(): Promise<JournalEntryView[]> {
  const answer = await service.query({ kind: 'journal' });
  if (answer.kind !== 'journal') throw new Error('no journal');
  return answer.entries;
}

/** The screen as the phone shows it, once the event and the clock have arrived. */
async function openPhone() {
  const stopConnection = attachConnection(connection);
  const stopCaller = attachCaller(connection);
  detach = () => {
    stopCaller();
    stopConnection();
  };
  render(<JudgeScreen />);
  await waitFor(() => expect(screen.getByTestId('judge-round').textContent).toBe('Round 1'), SOON);
  return userEvent.setup();
}

async function findTable(user: ReturnType<typeof userEvent.setup>, n: number) {
  const box = screen.getByTestId('judge-table-box');
  await user.clear(box);
  await user.type(box, String(n));
  const card = await screen.findByTestId('judge-table', {}, SOON);
  await waitFor(() => expect(within(card).getByRole('heading').textContent).toBe(`Table ${n}`));
  return card;
}

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'podium-judge-ui-'));
  service = createHostServices({ dataDir, station: 'judge-ui', now: () => new Date(T0), printer: async () => ({ pdfBase64: '', pages: 1, fileName: 'x.pdf' }) });
  const [host, phone] = createMemoryChannelPair();
  stopRpc = serveRpc(service, host, { caller: JUDGE });
  connection = new FloorConnection(createRpcClient(phone));
  useCaller.setState({ caller: null });
  useStation.setState({ connection: null, status: 'connecting', connectionLost: false, snapshot: null, clock: null, toasts: [], progress: null, helpOpen: false });
  try {
    globalThis.localStorage?.clear();
  } catch {
    // no storage in this environment
  }
});

afterEach(async () => {
  cleanup();
  detach?.();
  detach = null;
  stopRpc();
  await service.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the judge phone says who plays first (MSTR/MAMTR 2.2A)', () => {
  it('a pod with a fixed seat: the seat the table drew, not seat 1; a pod without one: seat 1', async () => {
    await service.createEvent({ name: 'Floor Cup', ruleset: 'mamtr-2024', settings: {}, seed: 1 });
    for (let i = 0; i < 8; i++) await run({ type: 'register-player', player: { id: `p${i + 1}`, name: NAMES[i] as string }, draw: i });
    await run({
      type: 'pair-round',
      round: 1,
      stage: 'swiss',
      tables: [{ table: 1, seats: ['p1', 'p2', 'p3', 'p4'], firstSeat: 3 }, { table: 2, seats: ['p5', 'p6', 'p7', 'p8'] }],
      byes: [],
      seed: 1,
    });
    const user = await openPhone();
    let card = await findTable(user, 1);
    const first = (): string | undefined => within(card).getByTestId('judge-plays-first').closest('li')?.querySelector('.judge-seat-number')?.textContent ?? undefined;
    expect(within(card).getAllByTestId('judge-plays-first')).toHaveLength(1);
    expect(first()).toBe('3');
    card = await findTable(user, 2);
    expect(first()).toBe('1');
  });
});

describe('the judge finds a table', () => {
  it('by number or by a few letters of a name, and sees its seats, result, time and deck check', async () => {
    await startEvent('mtr', 8, 2, { rel: 'competitive' });
    await run({ type: 'start-round-clock', round: 1 });
    await run({ type: 'extend-table', round: 1, table: 2, reason: 'other', minutes: 4, note: 'Table moved' });
    await run({ type: 'start-deck-check', round: 1, table: 3, judge: 'Dana Scully' });
    await run({ type: 'record-result', round: 1, table: 4, result: { games: [2, 1, 0] } });
    const user = await openPhone();

    // The round clock, big, on top: 50 minutes, frozen at the start.
    await waitFor(() => expect(screen.getByTestId('judge-clock').textContent).toContain('50:00'), SOON);
    expect(screen.getByTestId('judge-connection').textContent).toContain('Connected · Floor 1');

    let card = await findTable(user, 2);
    expect(within(card).getByTestId('judge-seats').textContent).toBe("1Chloé Dubois2Dara O'Neill");
    expect(within(card).getByTestId('judge-table-result').textContent).toBe('No result yet');
    expect(within(card).getByTestId('judge-time-items').textContent).toContain('+4 min — Table moved');
    expect(within(card).getByTestId('judge-table-time').textContent).toContain('54:00');

    card = await findTable(user, 3);
    expect(within(card).getByTestId('judge-check-live').textContent).toMatch(/Deck check under way — 0:00 · judge Dana Scully/);
    expect(within(card).getByTestId('judge-action-deck-check').textContent).toBe('End deck check');

    card = await findTable(user, 4);
    expect(within(card).getByTestId('judge-table-result').textContent).toBe('Result: \u2068Gus Pereira\u2069 wins 2–1');
    expect(within(card).getByTestId('judge-action-result').textContent).toBe('Amend result');

    // A table that is not there says so, with the tables there are.
    await user.clear(screen.getByTestId('judge-table-box'));
    await user.type(screen.getByTestId('judge-table-box'), '9');
    expect(screen.getByRole('alert').textContent).toBe('Round 1 has no table 9 (tables 1–4).');
    expect(screen.queryByTestId('judge-table')).toBeNull();

    // A few letters of a name (accents ignored) list that player's table; a tap opens it.
    await user.type(screen.getByTestId('judge-name-box'), 'chloe');
    expect(screen.getByTestId('judge-table-box')).toHaveProperty('value', '');
    const matches = screen.getByTestId('judge-matches');
    expect(within(matches).getAllByRole('button').map((b) => b.textContent)).toEqual(['2\u2068Chloé Dubois\u2069 · \u2068Dara O\'Neill\u2069']);
    await user.click(within(matches).getByRole('button'));
    card = await screen.findByTestId('judge-table');
    expect(within(card).getByRole('heading').textContent).toBe('Table 2');
    expect(screen.queryByTestId('judge-matches')).toBeNull();
  });
});

describe('the judge works a table', () => {
  it('a deck check begun before the round clock says so on the table and in the panel', async () => {
    await startEvent('mtr', 8, 2, { rel: 'competitive' });
    await run({ type: 'start-deck-check', round: 1, table: 2, judge: 'Dana Scully' });
    const user = await openPhone();
    const card = await findTable(user, 2);
    await waitFor(() => expect(within(card).getByTestId('judge-check-live').textContent).toBe('Deck check under way — 0:00, begun before the round (its clock has not started) · judge Dana Scully'), SOON);
    await user.click(within(card).getByTestId('judge-action-deck-check'));
    const panel = within(card).getByTestId('judge-deck-check');
    expect(panel.textContent).toContain('begun before the round (its clock has not started)');
    expect(panel.textContent).toContain('when it ends the table gets the round time it took plus 3 minutes (none if it ends before the round clock starts)');
  });

  it('starts and ends a deck check, as the judge named on this phone', async () => {
    await startEvent('mtr', 8, 2, { rel: 'competitive' });
    await run({ type: 'start-round-clock', round: 1 });
    const user = await openPhone();
    const card = await findTable(user, 1);
    await user.click(within(card).getByTestId('judge-action-deck-check'));
    const panel = within(card).getByTestId('judge-deck-check');
    // No name yet: the host is not asked.
    await user.click(within(panel).getByTestId('judge-check-submit'));
    expect(within(panel).getByRole('alert').textContent).toBe('Name the judge who checks the decks.');
    await user.type(within(panel).getByTestId('judge-check-judge'), 'Dana Scully');
    await user.click(within(panel).getByTestId('judge-check-submit'));
    await waitFor(() => expect(within(card).getByTestId('judge-saved').textContent).toMatch(/Saved at \d{1,2}:\d{2}.* — Table 1: deck check started \(\u2068Dana Scully\u2069\)/), SOON);
    // The clock the host pushes after the command shows the check under way.
    await waitFor(() => expect(within(card).getByTestId('judge-check-live').textContent).toContain('Dana Scully'), SOON);
    const started = (await journal()).filter((e) => e.command.type === 'start-deck-check');
    expect(started).toHaveLength(1);
    expect(started[0]?.command).toMatchObject({ type: 'start-deck-check', round: 1, table: 1, judge: 'Dana Scully' });
    expect(started[0]?.by).toEqual({ id: 'judge-1', name: 'Floor 1', role: 'judge' });

    // End it with an outcome picked from the common ones.
    await user.click(within(card).getByTestId('judge-action-deck-check'));
    const ending = within(card).getByTestId('judge-deck-check');
    await user.click(within(ending).getByRole('button', { name: 'No problems found' }));
    await user.click(within(ending).getByTestId('judge-check-submit'));
    await waitFor(() => expect(within(card).getByTestId('judge-saved').textContent).toContain('Table 1: deck check ended'), SOON);
    expect((await journal()).filter((e) => e.command.type === 'end-deck-check').map((e) => e.command)).toMatchObject([{ table: 1, outcome: 'No problems found' }]);
    await waitFor(() => expect(within(card).getByTestId('judge-time-items').textContent).toContain('Deck check by Dana Scully, 0:00: No problems found'), SOON);
    expect(within(card).getByTestId('judge-action-deck-check').textContent).toBe('Start deck check');

    // The name is remembered on this phone for the next check.
    await user.click(within(card).getByTestId('judge-action-deck-check'));
    expect(within(card).getByTestId('judge-check-judge')).toHaveProperty('value', 'Dana Scully');
  });

  it('adds time with a reason: the reason is required, a common one is a tap', async () => {
    await startEvent('mtr', 8, 2, { rel: 'competitive' });
    await run({ type: 'start-round-clock', round: 1 });
    const user = await openPhone();
    const card = await findTable(user, 3);
    await user.click(within(card).getByTestId('judge-action-time'));
    const panel = within(card).getByTestId('judge-time');
    await user.click(within(panel).getByTestId('judge-time-submit'));
    expect(within(panel).getByRole('alert').textContent).toBe('Pick why the table gets time first.');
    await user.click(within(panel).getByRole('button', { name: 'Other time' }));
    await user.click(within(panel).getByRole('button', { name: '5 min' }));
    expect(within(panel).getByTestId('judge-time-length')).toHaveProperty('value', '5');
    await user.click(within(panel).getByTestId('judge-time-submit'));
    expect(within(panel).getByRole('alert').textContent).toBe('Say why the table gets this time: it goes in the event log.');
    expect((await journal()).some((e) => e.command.type === 'extend-table')).toBe(false);
    await user.click(within(panel).getByRole('button', { name: 'Table moved' }));
    await user.click(within(panel).getByTestId('judge-time-submit'));
    await waitFor(() => expect(within(card).getByTestId('judge-saved').textContent).toContain('Table 3: +5 min'), SOON);
    expect((await journal()).filter((e) => e.command.type === 'extend-table').map((e) => e.command)).toMatchObject([
      { type: 'extend-table', round: 1, table: 3, reason: 'other', minutes: 5, note: 'Table moved' },
    ]);
    await waitFor(() => expect(within(card).getByTestId('judge-time-items').textContent).toContain('+5 min — Table moved'), SOON);
    expect(within(card).getByTestId('judge-table-time').textContent).toContain('55:00');

    // A judge pause typed as minutes:seconds, with a free-text note.
    await user.click(within(card).getByTestId('judge-action-time'));
    const again = within(card).getByTestId('judge-time');
    await user.click(within(again).getByRole('button', { name: 'Judge pause' }));
    await user.type(within(again).getByTestId('judge-time-length'), '2:30');
    await user.type(within(again).getByTestId('judge-time-note'), 'Ruling on a trigger');
    await user.click(within(again).getByTestId('judge-time-submit'));
    await waitFor(() => expect(within(card).getByTestId('judge-saved').textContent).toContain('Table 3: +2:30 for the judge pause'), SOON);
    await waitFor(() => expect(within(card).getByTestId('judge-time-items').textContent).toContain('+2:30 judge pause'), SOON);
  });

  it('says time cannot be added before the round clock starts', async () => {
    await startEvent('mtr', 4, 2);
    const user = await openPhone();
    const card = await findTable(user, 1);
    await user.click(within(card).getByTestId('judge-action-time'));
    expect(within(card).getByTestId('judge-time').textContent).toContain('The round clock has not started yet');
  });

  it('enters a head-to-head result: a common result fills the box, saving is one more tap, then it is confirmed', async () => {
    await startEvent('mtr', 8, 2, { rel: 'competitive' });
    const user = await openPhone();
    const card = await findTable(user, 2);
    await user.click(within(card).getByTestId('judge-action-result'));
    const panel = within(card).getByTestId('judge-result');
    await user.click(within(panel).getByRole('button', { name: '2-1' }));
    expect(within(panel).getByTestId('judge-verdict').textContent).toBe('Will save: \u2068Chloé Dubois\u2069 wins 2–1');
    expect((await journal()).some((e) => e.command.type === 'record-result')).toBe(false);
    await user.click(within(panel).getByTestId('judge-result-submit'));
    await waitFor(() => expect(within(card).getByTestId('judge-saved').textContent).toContain('Table 2: \u2068Chloé Dubois\u2069 wins 2–1'), SOON);
    expect(within(card).getByTestId('judge-table-result').textContent).toBe('Result: \u2068Chloé Dubois\u2069 wins 2–1');
    const results = (await journal()).filter((e) => e.command.type === 'record-result');
    expect(results.map((e) => e.command)).toMatchObject([{ type: 'record-result', round: 1, table: 2, result: { games: [2, 1, 0] } }]);
    expect(results[0]?.by?.role).toBe('judge');

    // A typed result that is impossible is refused here, in words, before anything is sent.
    const card5 = await findTable(user, 4);
    await user.click(within(card5).getByTestId('judge-action-result'));
    const typing = within(card5).getByTestId('judge-result');
    await user.type(within(typing).getByRole('textbox'), '3-0');
    expect(within(typing).getByTestId('judge-verdict').className).toContain('problem');
    await user.click(within(typing).getByTestId('judge-result-submit'));
    expect(within(typing).getByRole('alert').textContent).not.toBe('');
    expect((await journal()).filter((e) => e.command.type === 'record-result')).toHaveLength(1);
  });

  it('amends a table that has a result only with a reason, saying who entered it and when, as the desk does', async () => {
    await startEvent('mtr', 8, 2, { rel: 'competitive' });
    await run({ type: 'record-result', round: 1, table: 1, result: { games: [2, 0, 0] } }, DESK_2);
    const user = await openPhone();
    const card = await findTable(user, 1);
    await user.click(within(card).getByTestId('judge-action-result'));
    const panel = within(card).getByTestId('judge-result');
    expect(within(panel).getByTestId('judge-current-result').textContent).toBe('Now: \u2068Ana Archer\u2069 wins 2–0. Saving here amends it.');
    await user.click(within(panel).getByRole('button', { name: '0-2' }));
    await user.click(within(panel).getByTestId('judge-result-submit'));
    // The refusal names who entered the table and when, in the desk's words; nothing was written.
    const refusal = await within(panel).findByTestId('judge-refusal', {}, SOON);
    expect(refusal.textContent).toMatch(/^Table 1 was entered at \d{1,2}:\d{2}.* by Desk 2 — amend it\?/);
    expect((await journal()).filter((e) => e.command.type === 'record-result')).toHaveLength(1);
    await user.click(within(panel).getByTestId('judge-result-submit'));
    expect(within(panel).getByText('To amend table 1, give the reason for the change (it is kept in the event log).')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Slip filled in the wrong way round' }));
    await user.click(within(panel).getByTestId('judge-result-submit'));
    await waitFor(() => expect(within(card).getByTestId('judge-saved').textContent).toContain('Table 1: \u2068Bo Brandt\u2069 wins 2–0 (amended)'), SOON);
    const last = (await journal()).filter((e) => e.command.type === 'record-result').at(-1);
    expect(last?.command).toMatchObject({ table: 1, result: { games: [0, 2, 0] }, reason: 'Slip filled in the wrong way round' });
  });

  it('names the head-judge station (never the computer’s name) when the station entered the table', async () => {
    await startEvent('mtr', 8, 2, { rel: 'competitive' });
    await run({ type: 'record-result', round: 1, table: 2, result: { games: [2, 1, 0] } });
    const user = await openPhone();
    const card = await findTable(user, 2);
    await user.click(within(card).getByTestId('judge-action-result'));
    const panel = within(card).getByTestId('judge-result');
    await user.click(within(panel).getByRole('button', { name: '2-0' }));
    await user.click(within(panel).getByTestId('judge-result-submit'));
    const refusal = await within(panel).findByTestId('judge-refusal', {}, SOON);
    expect(refusal.textContent).toMatch(/^Table 2 was entered at \d{1,2}:\d{2}.* by the head-judge station — amend it\?/);
    expect(refusal.textContent).not.toContain('judge-ui');
    expect(refusal.textContent).toContain('Now: \u2068Chloé Dubois\u2069 wins 2–1');
  });

  it('shows the host’s refusal when another desk entered the table meanwhile, and amends it with a reason', async () => {
    await startEvent('mtr', 8, 2, { rel: 'competitive' });
    const user = await openPhone();
    const card = await findTable(user, 3);
    await user.click(within(card).getByTestId('judge-action-result'));
    const panel = within(card).getByTestId('judge-result');
    await user.click(within(panel).getByRole('button', { name: '2-0' }));
    // Desk 2 enters table 3 first; its entry has not reached this phone yet.
    connection.holdEntries();
    await run({ type: 'record-result', round: 1, table: 3, result: { games: [1, 2, 0] } }, DESK_2);
    await user.click(within(panel).getByTestId('judge-result-submit'));
    const refusal = await within(panel).findByTestId('judge-refusal', {}, SOON);
    expect(refusal.textContent).toMatch(/^Table 3 was entered at \d{1,2}:\d{2}.* by Desk 2 — amend it\?/);
    // Nothing was overwritten.
    expect((await journal()).filter((e) => e.command.type === 'record-result').map((e) => e.command)).toMatchObject([{ table: 3, result: { games: [1, 2, 0] } }]);
    connection.releaseEntries();
    await waitFor(() => expect(within(refusal).getByText(/^Now:/).textContent).toBe('Now: \u2068Fumiko Sato\u2069 wins 2–1'), SOON);
    // Amending asks for the reason; the judge's draft is still there.
    expect(within(panel).getByTestId('judge-verdict').textContent).toBe('Will save: \u2068Eitan Levi\u2069 wins 2–0');
    await user.click(within(panel).getByTestId('judge-result-submit'));
    expect(within(panel).getByText('To amend table 3, give the reason for the change (it is kept in the event log).')).toBeTruthy();
    await user.type(within(panel).getByTestId('judge-amend-reason'), 'Players say Eitan won 2-0');
    await user.click(within(panel).getByTestId('judge-result-submit'));
    await waitFor(() => expect(within(card).getByTestId('judge-saved').textContent).toContain('Table 3: \u2068Eitan Levi\u2069 wins 2–0 (amended)'), SOON);
    expect((await journal()).filter((e) => e.command.type === 'record-result').map((e) => e.command)).toMatchObject([
      { table: 3, result: { games: [1, 2, 0] } },
      { table: 3, result: { games: [2, 0, 0] }, reason: 'Players say Eitan won 2-0' },
    ]);
  });

  it('marks a no-show the rule set’s way (head-to-head: the player present wins)', async () => {
    await startEvent('mtr', 8, 2, { rel: 'competitive' });
    const user = await openPhone();
    const card = await findTable(user, 4);
    await user.click(within(card).getByTestId('judge-action-result'));
    const panel = within(card).getByTestId('judge-result');
    await user.click(within(panel).getByText('Someone did not show up?'));
    await user.click(within(panel).getByTestId('judge-no-show-2'));
    expect(within(panel).getByTestId('judge-no-show-2').getAttribute('aria-pressed')).toBe('true');
    expect(within(panel).getByTestId('judge-verdict').textContent).toBe('Will save: \u2068Gus Pereira\u2069 wins 2–0 · no-show: \u2068Hana Novak\u2069');
    await user.click(within(panel).getByTestId('judge-result-submit'));
    await waitFor(() => expect(within(card).getByTestId('judge-saved')).toBeTruthy(), SOON);
    expect((await journal()).filter((e) => e.command.type === 'record-result').map((e) => e.command)).toMatchObject([{ table: 4, result: { games: [2, 0, 0] }, noShow: ['p8'] }]);
  });
});

describe('the result form is the rule set’s', () => {
  it('pods: the winner’s seat', async () => {
    await startEvent('mamtr-2024', 8, 4);
    const user = await openPhone();
    const card = await findTable(user, 2);
    await user.click(within(card).getByTestId('judge-action-result'));
    const panel = within(card).getByTestId('judge-result');
    await user.type(within(panel).getByRole('textbox'), '3');
    expect(within(panel).getByTestId('judge-verdict').textContent).toBe('Will save: \u2068Gus Pereira\u2069 wins');
    await user.click(within(panel).getByTestId('judge-result-submit'));
    await waitFor(() => expect(within(card).getByTestId('judge-table-result').textContent).toBe('Result: \u2068Gus Pereira\u2069 wins'), SOON);
    expect((await journal()).filter((e) => e.command.type === 'record-result').map((e) => e.command)).toMatchObject([{ table: 2, result: { winner: 'p7' } }]);
  });

  it('Lightseekers: each seat’s VP and the defeat order', async () => {
    await startEvent('lightseekers-casual', 8, 4);
    const user = await openPhone();
    const card = await findTable(user, 1);
    await user.click(within(card).getByTestId('judge-action-result'));
    const panel = within(card).getByTestId('judge-result');
    for (const [seat, vp] of [[1, '3'], [2, '7'], [3, '1'], [4, '2']] as const) await user.type(within(panel).getByLabelText(new RegExp(`^VP of seat ${seat},`)), vp);
    await user.click(within(panel).getAllByRole('button', { name: 'Defeated…' })[2] as HTMLElement);
    expect(within(panel).getByTestId('judge-verdict').textContent).toMatch(/^Will save: \u2068Bo Brandt\u2069 wins · VP/);
    await user.click(within(panel).getByTestId('judge-result-submit'));
    await waitFor(() => expect(within(card).getByTestId('judge-saved')).toBeTruthy(), SOON);
    expect((await journal()).filter((e) => e.command.type === 'record-result').map((e) => e.command)).toMatchObject([
      { table: 1, result: { vp: { p1: 3, p2: 7, p3: 1, p4: 2 }, defeated: ['p3'] } },
    ]);
  });
});

describe('offline', () => {
  it('says so; what is typed waits to send at its table, nothing is sent until the connection is back, then it goes once', async () => {
    await startEvent('mtr', 8, 2, { rel: 'competitive' });
    await run({ type: 'start-round-clock', round: 1 });
    const user = await openPhone();
    const card = await findTable(user, 1);
    await user.click(within(card).getByTestId('judge-action-result'));
    const panel = within(card).getByTestId('judge-result');
    await user.click(within(panel).getByRole('button', { name: '2-1' }));

    connection.setStatus('disconnected');
    expect((await screen.findByTestId('judge-offline')).textContent).toBe(OFFLINE_BANNER);
    await user.click(within(panel).getByTestId('judge-result-submit'));
    await waitFor(() => expect(within(card).getByTestId('outbox-item').dataset.state).toBe('waiting'), SOON);
    expect(within(card).getByTestId('outbox-item').textContent).toContain('Waiting to send');
    expect(within(panel).getByTestId('judge-result-submit').textContent).toBe('Waiting to send — it goes when the connection is back…');
    expect(connection.sent).toHaveLength(0);
    // The clock stays on screen while offline (the store counts it on from the last state).
    expect(screen.getByTestId('judge-clock').textContent).toMatch(/\d+:\d{2}/);

    connection.setStatus('connected');
    await waitFor(() => expect(within(card).getByTestId('judge-saved').textContent).toContain('Table 1: \u2068Ana Archer\u2069 wins 2–1'), SOON);
    expect(within(card).getByTestId('outbox-item').dataset.state).toBe('saved');
    expect(connection.sent).toHaveLength(1);
    expect((await journal()).filter((e) => e.command.type === 'record-result')).toHaveLength(1);
  });

  it('a connection that drops before the host answered sends again under the same id, written once', async () => {
    await startEvent('mtr', 8, 2, { rel: 'competitive' });
    await run({ type: 'start-round-clock', round: 1 });
    const user = await openPhone();
    const card = await findTable(user, 2);
    await user.click(within(card).getByTestId('judge-action-time'));
    const panel = within(card).getByTestId('judge-time');
    await user.click(within(panel).getByRole('button', { name: 'Other time' }));
    await user.click(within(panel).getByRole('button', { name: '3 min' }));
    await user.click(within(panel).getByRole('button', { name: 'Medical' }));
    connection.dropBeforeNextAnswer();
    await user.click(within(panel).getByTestId('judge-time-submit'));
    await waitFor(() => expect(within(panel).getByTestId('judge-time-submit').textContent).toBe('Waiting to send — it goes when the connection is back…'), SOON);
    expect(screen.getByTestId('judge-offline').textContent).toBe(OFFLINE_BANNER);
    connection.setStatus('connected');
    await waitFor(() => expect(within(card).getByTestId('judge-saved').textContent).toContain('Table 2: +3 min'), SOON);
    expect(connection.sent).toHaveLength(2);
    expect(connection.sent[0]?.cid).toBeTruthy();
    expect(connection.sent[1]?.cid).toBe(connection.sent[0]?.cid);
    expect((await journal()).filter((e) => e.command.type === 'extend-table')).toHaveLength(1);
  });
});
