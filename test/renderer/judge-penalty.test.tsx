// @vitest-environment jsdom
/**
 * A penalty from the judge's phone ("can be entered from a judge device"), against the
 * real in-process host with the connection's caller a joined judge device, so every command has
 * passed the host's role check for a judge: the player is a tap, the infraction a tap or typed, the
 * penalty a tap; it reaches the journal naming the device, and the table card then lists it with its
 * count. A disqualification takes a second tap; offline nothing is sent; the host's refusals (a game
 * loss Lightseekers results cannot hold, a game loss a table's result leaves out) are shown in words.
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
import type { NewCommand } from '../../core/event/commands.js';
import type { EventState, RulesetId } from '../../core/model/types.js';
import { createHostServices } from '../../electron/host/host.js';
import type { StationService } from '../../electron/host/station-service.js';
import { FloorConnection } from '../support/floor-connection.js';
import { JudgeScreen } from '../../renderer/screens/judge/JudgeScreen.js';
import { attachCaller, useCaller } from '../../renderer/store/caller.js';
import { attachConnection, useStation } from '../../renderer/store/station.js';

const T0 = Date.UTC(2026, 10, 21, 13, 0, 0);
const FLOOR_1: Caller = { kind: 'device', id: 'judge-1', name: 'Floor 1', role: 'judge' };
const NAMES = ['Ana Archer', 'Bo Brandt', 'Chloé Dubois', "Dara O'Neill", 'Eitan Levi', 'Fumiko Sato', 'Gus Pereira', 'Hana Novak'];
/** Host answers and React renders through the in-memory pair: quick, but give a loaded machine room. */
const SOON = { timeout: 5000 };


let dataDir: string;
let service: StationService;
let connection: FloorConnection;
let stopRpc: () => void = () => undefined;
let detach: () => void = () => undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'podium-judge-penalty-'));
  service = createHostServices({ dataDir, station: 'judge-penalty', now: () => new Date(T0), printer: async () => ({ pdfBase64: '', pages: 1, fileName: 'x.pdf' }) });
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
  detach();
  stopRpc();
  await service.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

async function run(command: NewCommand): Promise<void> {
  await service.dispatch({ command });
}

/** One round of `players` in tables of `seats`, in registration order: table 1 is p1, p2… */
async function startEvent(ruleset: RulesetId, players: number, seats: number, settings: Record<string, unknown> = {}): Promise<void> {
  await service.createEvent({ name: 'Floor Cup', ruleset, settings, seed: 1 });
  for (let i = 0; i < players; i++) await run({ type: 'register-player', player: { id: `p${i + 1}`, name: NAMES[i] ?? `Player ${i + 1}` }, draw: i });
  const tables = Array.from({ length: players / seats }, (_, t) => ({ table: t + 1, seats: Array.from({ length: seats }, (_, s) => `p${t * seats + s + 1}`) }));
  await run({ type: 'pair-round', round: 1, stage: 'swiss', tables, byes: [], seed: 1 });
}

async function journal(): Promise<JournalEntryView[]> {
  const answer = await service.query({ kind: 'journal' });
  if (answer.kind !== 'journal') throw new Error('no journal');
  return answer.entries;
}

async function state(): Promise<EventState> {
  const snapshot = await service.snapshot();
  if (!snapshot.state) throw new Error('no event');
  return snapshot.state;
}

/** The judge's phone, joined as `caller`, once the event and the clock have arrived. */
async function openPhone(caller: Caller = FLOOR_1) {
  const [host, phone] = createMemoryChannelPair();
  stopRpc = serveRpc(service, host, { caller });
  connection = new FloorConnection(createRpcClient(phone));
  const stopConnection = attachConnection(connection);
  const stopCaller = attachCaller(connection);
  detach = () => {
    stopCaller();
    stopConnection();
  };
  render(<JudgeScreen />);
  await waitFor(() => expect(screen.getByTestId('judge-round').textContent).toBe('Round 1'), SOON);
  await waitFor(() => expect(useCaller.getState().caller).toEqual(caller), SOON);
  return userEvent.setup();
}

/** Table `n`'s card with its penalty panel open. */
async function penaltyAt(user: ReturnType<typeof userEvent.setup>, n: number) {
  await user.type(screen.getByTestId('judge-table-box'), String(n));
  const card = await screen.findByTestId('judge-table', {}, SOON);
  await waitFor(() => expect(within(card).getByRole('heading').textContent).toBe(`Table ${n}`));
  await user.click(within(card).getByTestId('judge-action-penalty'));
  return { card, panel: within(card).getByTestId('judge-penalty') };
}

const penaltyCommands = async () => (await journal()).filter((e) => e.command.type === 'record-penalty');

describe('a penalty from the judge’s phone', () => {
  it('records a game loss by taps: the journal names the judge device, the table card lists it', async () => {
    await startEvent('mtr', 8, 2, { rel: 'competitive' });
    const user = await openPhone();
    const { card, panel } = await penaltyAt(user, 2);
    // Table 2's players, one tap each.
    expect(within(panel).getAllByRole('button', { name: /^Seat \d/ }).map((b) => b.textContent)).toEqual(['Seat 1 · Chloé Dubois', "Seat 2 · Dara O'Neill"]);
    // Nothing picked yet: the host is not asked.
    await user.click(within(panel).getByTestId('judge-penalty-submit'));
    expect(within(panel).getByRole('alert').textContent).toBe('Tap the player who gets the penalty.');
    await user.click(within(panel).getByTestId('judge-penalty-player-1'));
    await user.click(within(panel).getByRole('button', { name: 'Tardiness' }));
    expect(within(panel).getByTestId('judge-penalty-infraction')).toHaveProperty('value', 'Tardiness');
    await user.click(within(within(panel).getByTestId('judge-penalty-kind')).getByRole('button', { name: 'Game loss' }));
    // The device is "Floor 1", not a person: the judge types their name.
    expect(within(panel).getByTestId('judge-penalty-judge')).toHaveProperty('value', '');
    await user.click(within(panel).getByTestId('judge-penalty-submit'));
    expect(within(panel).getByRole('alert').textContent).toBe('Name the judge who gives the penalty.');
    await user.type(within(panel).getByTestId('judge-penalty-judge'), 'Kim Lee');
    expect(within(panel).getByTestId('judge-penalty-verdict').textContent).toBe('Will record: game loss for \u2068Chloé Dubois\u2069 (\u2068Tardiness\u2069)');
    expect(within(panel).getByTestId('judge-penalty-submit').textContent).toBe('Record game loss');
    expect(connection.sent).toEqual([]);
    await user.click(within(panel).getByTestId('judge-penalty-submit'));

    await waitFor(() => expect(within(card).getByTestId('judge-saved').textContent).toMatch(/^✓ Saved at \d{1,2}:\d{2}.* — Table 2: game loss for \u2068Chloé Dubois\u2069 \(\u2068Tardiness\u2069\)$/), SOON);
    const recorded = await penaltyCommands();
    expect(recorded.map((e) => e.command)).toEqual([{ type: 'record-penalty', round: 1, table: 2, player: 'p3', infraction: 'Tardiness', penalty: 'game-loss', judge: 'Kim Lee', at: T0 }]);
    expect(recorded[0]?.by).toEqual({ id: 'judge-1', name: 'Floor 1', role: 'judge' });
    expect((await state()).penalties).toEqual([{ round: 1, table: 2, player: 'p3', infraction: 'Tardiness', penalty: 'game-loss', judge: 'Kim Lee', at: T0 }]);
    await waitFor(() => expect(within(card).getByTestId('judge-table-penalties').textContent).toBe('Game loss for Tardiness — Chloé Dubois (judge Kim Lee)'), SOON);
    expect(within(card).queryByTestId('judge-penalty')).toBeNull();

    // The same infraction again is counted (the Infraction Procedure Guide upgrades a repeat), and
    // the judge's name is remembered on this phone.
    await user.click(within(card).getByTestId('judge-action-penalty'));
    const again = within(card).getByTestId('judge-penalty');
    expect(within(again).getByTestId('judge-penalty-judge')).toHaveProperty('value', 'Kim Lee');
    await user.click(within(again).getByTestId('judge-penalty-player-1'));
    await user.type(within(again).getByTestId('judge-penalty-infraction'), 'tardi');
    // Typing narrows the common infractions to those it matches.
    expect(within(within(again).getByTestId('judge-penalty-infractions')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Tardiness']);
    await user.click(within(again).getByRole('button', { name: 'Tardiness' }));
    // Once picked, the common ones are listed again (changing it is a tap), the picked one pressed.
    const listed = within(within(again).getByTestId('judge-penalty-infractions')).getAllByRole('button');
    expect(listed).toHaveLength(6);
    expect(listed.filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.textContent)).toEqual(['Tardiness']);
    await user.click(within(within(again).getByTestId('judge-penalty-kind')).getByRole('button', { name: 'Game loss' }));
    expect(within(again).getByTestId('judge-penalty-verdict').textContent).toBe('Will record: game loss for \u2068Chloé Dubois\u2069 (\u2068Tardiness\u2069) — 2nd game loss for \u2068Tardiness\u2069');
    await user.type(within(again).getByTestId('judge-penalty-note'), 'Late again after the break');
    await user.click(within(again).getByTestId('judge-penalty-submit'));
    await waitFor(() => expect(within(card).getByTestId('judge-saved').textContent).toContain('— 2nd game loss for \u2068Tardiness\u2069'), SOON);
    expect((await penaltyCommands()).map((e) => e.command).at(-1)).toMatchObject({ player: 'p3', penalty: 'game-loss', note: 'Late again after the break' });
    await waitFor(() => expect(within(card).getAllByRole('listitem').map((li) => li.textContent)).toEqual(expect.arrayContaining(['2nd game loss for Tardiness — Chloé Dubois (judge Kim Lee)'])), SOON);
  });

  it('a device named “Judge <name>” offers that name; a disqualification needs a second, confirming tap', async () => {
    await startEvent('mtr', 8, 2, { rel: 'competitive' });
    const user = await openPhone({ kind: 'device', id: 'judge-2', name: 'Judge Dana Scully', role: 'judge' });
    const { card, panel } = await penaltyAt(user, 1);
    expect(within(panel).getByTestId('judge-penalty-judge')).toHaveProperty('value', 'Dana Scully');
    await user.click(within(panel).getByTestId('judge-penalty-player-2'));
    await user.type(within(panel).getByTestId('judge-penalty-infraction'), 'Cheating');
    await user.click(within(within(panel).getByTestId('judge-penalty-kind')).getByRole('button', { name: 'Disqualification' }));
    await user.click(within(panel).getByTestId('judge-penalty-submit'));
    // The first tap only asks, in words; nothing is sent.
    expect(within(panel).getByTestId('judge-dq-confirm').textContent).toContain('Disqualify Bo Brandt? They are dropped from the next pairing');
    expect(within(panel).getByTestId('judge-penalty-submit').textContent).toBe('Yes, disqualify Bo Brandt');
    expect(connection.sent).toEqual([]);
    // Picking another penalty takes the question back; picking the disqualification again asks again.
    await user.click(within(within(panel).getByTestId('judge-penalty-kind')).getByRole('button', { name: 'Match loss' }));
    expect(within(panel).queryByTestId('judge-dq-confirm')).toBeNull();
    await user.click(within(within(panel).getByTestId('judge-penalty-kind')).getByRole('button', { name: 'Disqualification' }));
    await user.click(within(panel).getByTestId('judge-penalty-submit'));
    expect(within(panel).getByTestId('judge-dq-confirm')).toBeTruthy();
    expect(connection.sent).toEqual([]);
    // The second tap sends it.
    await user.click(within(panel).getByTestId('judge-penalty-submit'));
    await waitFor(() => expect(within(card).getByTestId('judge-saved').textContent).toContain('Table 1: disqualification for \u2068Bo Brandt\u2069 (\u2068Cheating\u2069)'), SOON);
    expect((await penaltyCommands()).map((e) => e.command)).toMatchObject([{ table: 1, player: 'p2', penalty: 'disqualification', infraction: 'Cheating', judge: 'Dana Scully' }]);
    expect((await state()).players.find((p) => p.id === 'p2')?.droppedAfterRound).toBe(1);
    await waitFor(() => expect(within(card).getByTestId('judge-table-penalties').textContent).toBe('Disqualification for Cheating — Bo Brandt (judge Dana Scully)'), SOON);
  });

  it('offline: shown at its table as waiting to send, nothing sent; once back it goes by itself, once, and is saved', async () => {
    await startEvent('mtr', 8, 2, { rel: 'competitive' });
    const user = await openPhone();
    const { card, panel } = await penaltyAt(user, 3);
    await user.click(within(panel).getByTestId('judge-penalty-player-2'));
    await user.click(within(panel).getByRole('button', { name: 'All 25 common infractions…' }));
    await user.click(within(panel).getByRole('button', { name: 'Slow Play' }));
    await user.type(within(panel).getByTestId('judge-penalty-judge'), 'Kim Lee');
    connection.setStatus('disconnected');
    await screen.findByTestId('judge-offline', {}, SOON);
    await user.click(within(panel).getByTestId('judge-penalty-submit'));
    await waitFor(() => expect(within(panel).getByTestId('judge-penalty-submit').textContent).toBe('Waiting to send — it goes when the connection is back…'), SOON);
    const waiting = within(card).getByTestId('outbox-item');
    expect(waiting.dataset.state).toBe('waiting');
    expect(waiting.textContent).toMatch(/^Waiting to send/);
    expect(connection.sent).toEqual([]);
    expect(await penaltyCommands()).toEqual([]);

    connection.setStatus('connected');
    await waitFor(() => expect(within(card).getByTestId('judge-saved').textContent).toContain('Table 3: warning for \u2068Fumiko Sato\u2069 (\u2068Slow Play\u2069)'), SOON);
    expect(within(card).getByTestId('outbox-item').dataset.state).toBe('saved');
    expect(connection.sent).toHaveLength(1);
    expect((await penaltyCommands()).map((e) => e.command)).toMatchObject([{ table: 3, player: 'p6', penalty: 'warning', infraction: 'Slow Play' }]);
  });
});

describe('the host’s refusals, in words', () => {
  it('Lightseekers results hold no game or match loss: the phone offers only a warning or a disqualification, and the host refuses a game loss in words', async () => {
    await startEvent('lightseekers-casual', 8, 4);
    const user = await openPhone();
    const { card, panel } = await penaltyAt(user, 1);
    const kinds = within(within(panel).getByTestId('judge-penalty-kind')).getAllByRole('button').map((b) => b.textContent);
    expect(kinds).toEqual(['Warning', 'Disqualification']);
    // Should one still reach the host (an older phone, a hand-made request), it says why in words.
    const refused = await connection.api
      .dispatch({ command: { type: 'record-penalty', round: 1, table: 1, player: 'p3', infraction: 'Tardiness', penalty: 'game-loss', judge: 'Kim Lee' } })
      .then(
        () => null,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
    expect(refused).toMatch(/^a game loss changes a Magic result \(MTR 2\.4\); .*Lightseekers.* results have none: enter the game as it was played, and record the penalty as a warning or a disqualification/);
    expect(await penaltyCommands()).toEqual([]);
    await user.click(within(panel).getByTestId('judge-penalty-player-3'));
    // Lightseekers' documents name no infractions: no Magic list to tap, the judge types it.
    expect(within(panel).queryByTestId('judge-penalty-infractions')).toBeNull();
    await user.type(within(panel).getByTestId('judge-penalty-infraction'), 'Tardiness');
    await user.type(within(panel).getByTestId('judge-penalty-judge'), 'Kim Lee');
    await user.click(within(panel).getByTestId('judge-penalty-submit'));
    await waitFor(() => expect(within(card).getByTestId('judge-saved').textContent).toContain('Table 1: warning for \u2068Chloé Dubois\u2069 (\u2068Tardiness\u2069)'), SOON);
  });

  it('a game loss at a table whose result does not count it: the host says to amend the result first', async () => {
    await startEvent('mtr', 8, 2, { rel: 'competitive' });
    // Table 4: Gus Pereira (seat 1) won 2-0, so he lost no game there.
    await run({ type: 'record-result', round: 1, table: 4, result: { games: [2, 0, 0] } });
    const user = await openPhone();
    const { panel } = await penaltyAt(user, 4);
    await user.click(within(panel).getByTestId('judge-penalty-player-1'));
    await user.click(within(panel).getByRole('button', { name: 'Deck/Decklist Problem' }));
    await user.click(within(within(panel).getByTestId('judge-penalty-kind')).getByRole('button', { name: 'Game loss' }));
    await user.type(within(panel).getByTestId('judge-penalty-judge'), 'Kim Lee');
    await user.click(within(panel).getByTestId('judge-penalty-submit'));
    const refusal = await within(panel).findByTestId('judge-penalty-problem', {}, SOON);
    expect(refusal.textContent).toMatch(/^Round 1, table 4 already has a result \(.*Gus Pereira.* wins 2–0\), and Gus Pereira has a game loss there \(Deck\/Decklist Problem\), so the result must count at least 1 game they lost \(it counts 0\): amend the result first/);
    expect(await penaltyCommands()).toEqual([]);
  });
});
