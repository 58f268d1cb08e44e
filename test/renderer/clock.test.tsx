// @vitest-environment jsdom
/**
 * The Clock screen against the real host (station service + journal store + clock service in a
 * temp folder, over the in-memory RPC pair), with the host's time in the test's hands: start the
 * round clock, pause and resume with a reason, adjust with a required reason, and a deck check from
 * start to end that extends the table by its length + 3 minutes. The top bar's badge says the same.
 *
 * No real waiting: the host's one-second clock timer runs on fake timers (setTimeout only; the
 * event store's disk I/O, the in-memory RPC pair's microtasks and React stay real), so "the next
 * tick" is advancing fake time by a second, at once, and "the time stands still while paused" is a
 * tick that came and changed nothing. (Fake time also moves on by itself with real time, so the
 * testing library's own zero-delay timers and timeouts behave as usual.)
 */
import 'fake-indexeddb/auto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryChannelPair, createRpcClient, serveRpc } from '../../core/api/rpc.js';
import type { PrintRequest } from '../../core/api/contract.js';
import type { Command } from '../../core/event/commands.js';
import { createHostServices } from '../../electron/host/host.js';
import type { StationService } from '../../electron/host/station-service.js';
import type { StationConnection } from '../../renderer/api/index.js';
import { App } from '../../renderer/App.js';
import { isolate } from '../../renderer/lib/format.js';
import { ClockScreen } from '../../renderer/screens/ClockScreen.js';
import { attachConnection, useStation } from '../../renderer/store/station.js';

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
const M = 60_000;
/** The clock service ticks at the next wall-clock second (+5 ms): a second of fake time always holds one. */
const ONE_TICK_MS = 1005;

let time = T0;
/** What the station asked the host to print. */
let printed: PrintRequest[] = [];
let dataDir: string;
let service: StationService;
let connection: StationConnection;
let stopRpc: () => void;
let detach: (() => void) | null = null;

beforeEach(async () => {
  time = T0;
  printed = [];
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'podium-clock-ui-'));
  // Before the host starts, so its clock timer is a fake one.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  service = createHostServices({
    dataDir,
    station: 'clock-ui',
    now: () => new Date(time),
    printer: async (request) => {
      printed.push(request);
      return { pdfBase64: '', pages: 1, fileName: 'log.pdf' };
    },
  });
  const [host, renderer] = createMemoryChannelPair();
  stopRpc = serveRpc(service, host);
  connection = {
    api: createRpcClient(renderer),
    transport: 'websocket',
    status: () => 'connected',
    onStatus: () => () => undefined,
    onMenu: () => () => undefined,
  };
  useStation.setState({ snapshot: null, clock: null, toasts: [], progress: null, screen: 'clock', helpOpen: false });
  // A Swiss round of four tables, ready for its clock.
  await service.createEvent({ name: 'Clock Cup', ruleset: 'mtr', settings: { rel: 'competitive' }, seed: 1 });
  const names = ['Ana Archer', 'Bo Brandt', 'Chloé Dubois', "Dara O'Neill", 'Eitan Levi', 'Fumiko Sato', 'Gus Pereira', 'Hana Novak'];
  for (const [i, name] of names.entries()) await run({ type: 'register-player', player: { id: `p${i + 1}`, name }, draw: i });
  const tables = [0, 1, 2, 3].map((i) => ({ table: i + 1, seats: [`p${2 * i + 1}`, `p${2 * i + 2}`] }));
  await run({ type: 'pair-round', round: 1, stage: 'swiss', tables, byes: [], seed: 1 });
});

afterEach(async () => {
  cleanup();
  detach?.();
  detach = null;
  stopRpc();
  await service.dispose();
  vi.useRealTimers();
  await rm(dataDir, { recursive: true, force: true });
});

/** user-event's pauses between keys are on the fake timers too. */
const setupUser = (): ReturnType<typeof userEvent.setup> => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

async function run(command: Command): Promise<void> {
  await service.dispatch({ command });
}

function mount(): void {
  detach = attachConnection(connection);
  render(<ClockScreen />);
}

/** Move the host's time, and let its clock tick (the next wall-clock second, on fake time). */
async function advance(ms: number): Promise<void> {
  time += ms;
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ONE_TICK_MS);
  });
}

/** The host's second of the clock the station last received. */
const lastTick = (): number | undefined => useStation.getState().clock?.now;

const bigClock = (): string => screen.getByTestId('clock-time').textContent ?? '';

async function journalTypes(): Promise<string[]> {
  const journal = await service.query({ kind: 'journal' });
  return journal.kind === 'journal' ? journal.entries.map((e) => e.command.type) : [];
}

describe('Clock screen', () => {
  it('starts the round clock with the rule set’s minutes, editable', async () => {
    const user = setupUser();
    mount();
    const minutes = await screen.findByTestId('clock-minutes');
    expect((minutes as HTMLInputElement).value).toBe('50');
    expect(screen.getByTestId('clock-state').textContent).toBe('NOT STARTED');
    expect(screen.getByTestId('clock-procedure').textContent).toBe('At time: the active player finishes the turn, then 5 more turns in total');
    await user.clear(minutes);
    await user.type(minutes, '45');
    await user.click(screen.getByTestId('clock-start'));
    await waitFor(() => expect(bigClock()).toBe('45:00'));
    expect(screen.queryByTestId('clock-state')).toBeNull();
    expect(service.current()?.state.clock?.rounds[0]).toMatchObject({ minutes: 45, startedAt: T0 });

    await advance(5 * M + 300);
    await waitFor(() => expect(bigClock()).toBe('40:00'));
    await advance(31 * M);
    await waitFor(() => expect(bigClock()).toBe('9:00'));
    expect(screen.getByTestId('clock-face').className).toContain('phase-ten-minutes');
  });

  it('pauses with a reason and resumes; the time stands still while paused', async () => {
    const user = setupUser();
    await run({ type: 'start-round-clock', round: 1, at: 0 });
    mount();
    await advance(10 * M);
    await waitFor(() => expect(bigClock()).toBe('40:00'));
    await user.type(screen.getByTestId('pause-reason'), 'fire alarm');
    await user.click(screen.getByTestId('clock-pause'));
    await waitFor(() => expect(screen.getByTestId('clock-state').textContent).toBe('PAUSED'));
    expect(screen.getByTestId('clock-face').textContent).toContain('fire alarm');

    await advance(3 * M);
    await waitFor(() => expect(lastTick()).toBe(T0 + 13 * M)); // a tick came…
    expect(bigClock()).toBe('40:00'); // …and the time stood still

    await user.click(screen.getByTestId('clock-resume'));
    await waitFor(() => expect(screen.queryByTestId('clock-state')).toBeNull());
    await advance(M);
    await waitFor(() => expect(bigClock()).toBe('39:00'));
    const clock = service.current()?.state.clock?.rounds[0];
    expect(clock?.pauses).toEqual([{ at: T0 + 10 * M, resumedAt: T0 + 13 * M, reason: 'fire alarm' }]);
  });

  it('adjusts the clock only with a reason', async () => {
    const user = setupUser();
    await run({ type: 'start-round-clock', round: 1, at: 0 });
    mount();
    await waitFor(() => expect(bigClock()).toBe('50:00'));
    const before = (await journalTypes()).length;

    await user.type(screen.getByTestId('adjust-minutes'), '5');
    await user.click(screen.getByTestId('clock-adjust'));
    expect(screen.getByRole('alert').textContent).toMatch(/Say why the clock is adjusted/);
    expect((await journalTypes()).length).toBe(before);

    await user.type(screen.getByTestId('adjust-reason'), 'round started late{Enter}');
    await waitFor(() => expect(bigClock()).toBe('55:00'));
    expect(screen.getByTestId('clock-adjustments').textContent).toContain('+5 min at');
    expect(screen.getByTestId('clock-adjustments').textContent).toContain('round started late');

    await user.type(screen.getByTestId('adjust-minutes'), '−2');
    await user.type(screen.getByTestId('adjust-reason'), 'announced wrong{Enter}');
    await waitFor(() => expect(bigClock()).toBe('53:00'));
    expect((await journalTypes()).slice(-2)).toEqual(['adjust-clock', 'adjust-clock']);
    // What the toasts said, one minute in the singular.
    await user.type(screen.getByTestId('adjust-minutes'), '1');
    await user.type(screen.getByTestId('adjust-reason'), 'one more{Enter}');
    await waitFor(() => expect(bigClock()).toBe('54:00'));
    expect(useStation.getState().toasts.map((t) => t.message)).toEqual(['Round 1: 5 minutes added', 'Round 1: 2 minutes taken away', 'Round 1: 1 minute added']);
  });

  it('logs a deck check from start to end: the table gets its length + 3 minutes', async () => {
    const user = setupUser();
    await run({ type: 'start-round-clock', round: 1, at: 0 });
    mount();
    await advance(10 * M);
    await waitFor(() => expect(bigClock()).toBe('40:00'));

    // No judge: refused in words, nothing written.
    await user.type(screen.getByTestId('ext-table'), '3');
    await user.click(screen.getByTestId('ext-submit'));
    expect(screen.getByRole('alert').textContent).toMatch(/Name the judge/);

    await user.type(screen.getByTestId('ext-judge'), 'Dana Scully{Enter}');
    const open = await screen.findByTestId('checks-open');
    expect(open.textContent).toContain('Dana Scully');
    expect(open.textContent).toContain(`${isolate('Eitan Levi')}, ${isolate('Fumiko Sato')}`);
    await waitFor(() => expect(screen.getByTestId('clock-groups').textContent).toContain('Deck check under way: 3'));

    await advance(7 * M);
    await waitFor(() => expect(within(screen.getByTestId('checks-open')).getByText('7:00')).toBeTruthy());
    // While the check lasts the table's time stands still: 33:00 left on the round, the table 43:00.
    expect(within(screen.getByTestId('clock-table-3')).getByText('43:00')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Outcome of the deck check at table 3' }), 'no problems found');
    await user.click(screen.getByTestId('end-check-3'));
    await waitFor(() => expect(screen.queryByTestId('checks-open')).toBeNull());
    const row = screen.getByTestId('clock-table-3');
    expect(row.textContent).toContain('+10 min (check 7 min + 3)');
    expect(row.textContent).toContain('43:00');
    expect(screen.getByTestId('deck-check-log').textContent).toContain('no problems found');
    expect(screen.getByTestId('deck-check-indicator').textContent).toContain('2 of 8 decks checked (25 %)');
    expect(service.current()?.state.clock?.deckChecks[0]).toMatchObject({ table: 3, judge: 'Dana Scully', startedAt: T0 + 10 * M, endedAt: T0 + 17 * M, extensionMs: 10 * M });

    // A judge pause of under a minute is logged without adding time.
    await user.selectOptions(screen.getByTestId('ext-kind'), 'judge-pause');
    await user.type(screen.getByTestId('ext-table'), '1');
    await user.type(screen.getByTestId('ext-length'), '0:45{Enter}');
    await waitFor(() => expect(screen.getByTestId('clock-table-1').textContent).toContain('judge pause of 0:45 — one minute or less, no time added'));
  });

  it('shows the same time in the top bar as on the screen', async () => {
    await run({ type: 'start-round-clock', round: 1, at: 0 });
    render(<App connection={connection} view="station" />);
    act(() => useStation.setState({ screen: 'clock' }));
    await advance(12 * M + 34_000);
    await waitFor(() => expect(bigClock()).toBe('37:26'));
    expect(screen.getByTestId('station-clock').textContent).toBe('37:26');
  });

  it('prints the extensions log of an earlier round, chosen beside the Print button', async () => {
    const user = setupUser();
    await run({ type: 'start-round-clock', round: 1, at: 0 });
    await run({ type: 'extend-table', round: 1, table: 2, reason: 'other', minutes: 4, note: 'Table moved', at: 0 });
    for (const table of [1, 2, 3, 4]) await run({ type: 'record-result', round: 1, table, result: { games: [2, 0, 0] } });
    await run({ type: 'pair-round', round: 2, stage: 'swiss', tables: [1, 2, 3, 4].map((t) => ({ table: t, seats: [`p${t}`, `p${9 - t}`] })), byes: [], seed: 2 });
    const createUrl = URL.createObjectURL;
    URL.createObjectURL = () => 'blob:pdf';
    try {
      mount();
      const choice = await screen.findByTestId('extensions-log-round');
      expect((choice as HTMLSelectElement).value).toBe('2');
      expect(within(choice).getAllByRole('option').map((o) => o.textContent)).toEqual(['Round 2 (now)', 'Round 1']);
      await user.selectOptions(choice, '1');
      await user.click(screen.getByRole('button', { name: 'Print extensions log' }));
      await waitFor(() => expect(printed).toEqual([{ doc: 'extensions-log', round: 1 }]));
    } finally {
      URL.createObjectURL = createUrl;
    }
  });

  it('a deck check begun before the round clock says so, with its own time since it began and the round time it takes', async () => {
    const user = setupUser();
    mount();
    await run({ type: 'start-deck-check', round: 1, table: 2, judge: 'Dana Scully', at: 0 });
    await advance(2 * M);
    // Before the round: listed (and can be ended) with its own time, never "0:00".
    const open = await screen.findByTestId('checks-open');
    await waitFor(() => expect(open.textContent).toContain('2:00begun before the round (its clock has not started)'));
    expect(screen.getByTestId('deck-check-log').textContent).toContain('from 10:00before the round');

    await user.click(screen.getByTestId('clock-start'));
    await waitFor(() => expect(bigClock()).toBe('50:00'));
    await advance(5 * M);
    await waitFor(() => expect(bigClock()).toBe('45:00'));
    expect(screen.getByTestId('checks-open').textContent).toContain('7:00begun before the round (5:00 of round time)');
    const row = screen.getByTestId('clock-table-2');
    expect(row.textContent).toContain('deck check under way 7:00, begun before the round: 5:00 of round time so far (+3 min when it ends)');
    // The table's own time stood still from the round's start: 50 minutes, plus the 3 after the check.
    expect(within(row).getByText('53:00')).toBeTruthy();

    await user.click(screen.getByTestId('end-check-2'));
    await waitFor(() => expect(screen.queryByTestId('checks-open')).toBeNull());
    expect(screen.getByTestId('clock-table-2').textContent).toContain('+8 min (check begun before the round: 5 min of round time + 3)');
    expect(service.current()?.state.clock?.deckChecks[0]).toMatchObject({ startedAt: T0, extensionMs: 8 * M });
  });
});
