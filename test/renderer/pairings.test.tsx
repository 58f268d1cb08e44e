// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Command, SettingsPatch } from '../../core/event/commands.js';
import type { EventState, RulesetId } from '../../core/model/types.js';
import { splitDraftPods } from '../../core/pairing/draft-pods.js';
import { App } from '../../renderer/App.js';
import { isolate } from '../../renderer/lib/format.js';
import { checkProposal } from '../../renderer/screens/pairings/PairingCheck.js';
import { resetStation, startRendererHost, type RendererHost } from '../support/renderer-host.js';

let host: RendererHost;

beforeEach(async () => {
  resetStation('pairings');
  host = await startRendererHost();
});

afterEach(async () => {
  cleanup();
  await host.close();
});

async function createEvent(ruleset: RulesetId, players: number, settings: SettingsPatch = {}): Promise<void> {
  const api = host.connection.api;
  await api.createEvent({ name: 'Test Open', ruleset, settings, seed: 5 });
  for (let i = 0; i < players; i++)
    await api.dispatch({ command: { type: 'register-player', player: { id: `p${String(i + 1).padStart(2, '0')}`, name: `Player ${String.fromCharCode(65 + (i % 26))}${i >= 26 ? i : ''} Family${i + 1}` }, draw: i + 1 } });
}

/** Pair the next round through the API and give every table seat 1 a 2–0 (or the pod to seat 1). */
async function playRound(result: (seats: string[]) => Record<string, unknown>): Promise<void> {
  const api = host.connection.api;
  const s = await state();
  const answer = await api.query({ kind: 'propose-pairing', seed: 100 + s.rounds.length });
  if (answer.kind !== 'propose-pairing') throw new Error('no proposal');
  const p = answer.proposal;
  const round = s.rounds.length + 1;
  await api.dispatch({ command: { type: 'pair-round', round, stage: 'swiss', tables: p.tables.map((t) => ({ table: t.table, seats: t.seats })), byes: p.byes, seed: p.seed } });
  for (const t of p.tables) await api.dispatch({ command: { type: 'record-result', round, table: t.table, result: result(t.seats) } });
}

async function state(): Promise<EventState> {
  const snapshot = await host.connection.api.snapshot();
  if (!snapshot.state) throw new Error('no event');
  return snapshot.state;
}

async function journal(): Promise<Command[]> {
  const answer = await host.connection.api.query({ kind: 'journal' });
  return answer.kind === 'journal' ? answer.entries.map((e) => e.command) : [];
}

function renderStation(): void {
  render(<App connection={host.connection} view="station" />);
}

async function pairFromPreview(user: ReturnType<typeof userEvent.setup>, round: number): Promise<HTMLElement> {
  const button = await screen.findByTestId('pair-next');
  expect(button.textContent).toContain(`Pair round ${round}`);
  await user.click(button);
  return screen.findByTestId('pairing-preview');
}

async function publish(user: ReturnType<typeof userEvent.setup>, confirm: RegExp): Promise<void> {
  await user.click(screen.getByTestId('publish'));
  const dialog = await screen.findByTestId('confirm-dialog');
  // The confirm button has the focus: Enter publishes.
  expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: confirm }));
  await user.click(within(dialog).getByRole('button', { name: confirm }));
  await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
}

describe('Pairings screen', () => {
  it('pairs a round from the preview, publishes it through the modal, re-pairs it before results; after one, re-pair is disabled with the reason beside it', async () => {
    await createEvent('mtr', 9);
    const user = userEvent.setup();
    renderStation();
    const preview = await pairFromPreview(user, 1);
    expect(within(preview).getByTestId('seated-count').textContent).toBe('9 of 9 active players seated · 4 tables · 1 bye');
    expect(within(preview).getByTestId('byes').textContent).toContain('Bye');
    expect((await state()).rounds).toHaveLength(0);

    // Cancel first: nothing is published.
    await user.click(screen.getByTestId('publish'));
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    expect((await state()).rounds).toHaveLength(0);

    await publish(user, /^Publish round 1$/);
    await screen.findByTestId('published-round');
    const first = (await state()).rounds[0];
    expect(first?.tables).toHaveLength(4);
    expect(first?.byes).toHaveLength(1);
    expect(screen.getByTestId('round-status').textContent).toContain('4 outstanding');
    for (const doc of ['pairings-by-name', 'pairings-by-table', 'match-slips', 'seating'])
      expect(document.querySelector(`[data-print="${doc}"]`)).not.toBeNull();

    // Re-pair before any result: a new proposal for the same round, published with replace.
    await user.click(screen.getByTestId('repair'));
    const again = await screen.findByTestId('pairing-preview');
    expect(within(again).getByRole('heading', { level: 2 }).textContent).toContain('round 1 (re-pair)');
    await publish(user, /^Replace round 1$/);
    await screen.findByTestId('published-round');
    const pairs = (await journal()).filter((c) => c.type === 'pair-round');
    expect(pairs).toHaveLength(2);
    expect(pairs[1]).toMatchObject({ round: 1, replace: true });
    expect((await state()).rounds).toHaveLength(1);

    // Once a result is in, the whole round cannot be re-paired: the button says so, disabled, and
    // offers the tables without a result instead.
    const table = (await state()).rounds[0]?.tables[0];
    await host.connection.api.dispatch({ command: { type: 'record-result', round: 1, table: table?.table ?? 1, result: { games: [2, 0, 0] } } });
    await waitFor(() => expect(screen.getByTestId('round-status').textContent).toContain('3 outstanding'));
    expect((screen.getByTestId('repair') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('repair-why').textContent).toBe('Round 1 has results: only its tables without a result can be re-paired.');
    expect(screen.getByTestId('repair-open').textContent).toBe('Re-pair the 3 tables without results…');
    await user.click(screen.getByTestId('repair'));
    expect(screen.queryByTestId('pairing-preview')).toBeNull();
  });

  it('explains the warnings of a proposal in words (rematches, pair-downs) and checks who is seated', async () => {
    await createEvent('mtr', 4);
    for (let r = 0; r < 3; r++) await playRound(() => ({ games: [2, 0, 0] }));
    const user = userEvent.setup();
    renderStation();
    const preview = await pairFromPreview(user, 4);
    const check = within(preview).getByTestId('pairing-check');
    const rematch = check.querySelector('[data-warning-kind="rematch"]') as HTMLElement;
    expect(rematch).not.toBeNull();
    expect(rematch.textContent).toContain('Rematches');
    expect(rematch.textContent).toContain('Podium allows a rematch only when no pairing without one exists');
    expect(rematch.textContent).toMatch(/\u2068Player \w+ Family\d\u2069 and \u2068Player \w+ Family\d\u2069 played in round \d/);
    expect(within(check).getByTestId('seated-count').textContent).toBe('4 of 4 active players seated · 2 tables · no byes');
    // Points beside each name (before the round).
    expect(preview.querySelector('.points')?.textContent?.trim()).toMatch(/^\d+$/);
  });

  it('flags a dropped player seated and players left out, loudly', async () => {
    await createEvent('mtr', 4);
    await playRound(() => ({ games: [2, 0, 0] }));
    await host.connection.api.dispatch({ command: { type: 'drop-player', id: 'p01' } });
    const s = await state();
    const check = checkProposal(s, 2, { tables: [{ table: 1, seats: ['p01', 'p02'] }], byes: [{ player: 'p03', kind: 'pairing' }] });
    expect(check.problems.join(' ')).toContain(`${isolate('Player A Family1')} dropped after round 1 but is seated in round 2. This should never happen`);
    expect(check.problems.join(' ')).toContain(`1 active player is not seated: ${isolate('Player D Family4')}`);
    expect(check).toMatchObject({ seated: 2, active: 3 });
  });

  it('swaps two players with a required reason that the journal keeps; after a result, only tables without one change', async () => {
    await createEvent('mtr', 8);
    const user = userEvent.setup();
    renderStation();
    await pairFromPreview(user, 1);
    await publish(user, /^Publish round 1$/);
    await screen.findByTestId('published-round');
    const before = (await state()).rounds[0];
    const [a, b] = [before?.tables[0]?.seats[0] as string, before?.tables[1]?.seats[0] as string];

    await user.click(screen.getByTestId('open-swap'));
    const panel = await screen.findByTestId('swap-panel');
    await user.selectOptions(within(panel).getByLabelText('First player'), a);
    // Click-to-pick works too: the second player's name in the tables.
    await user.click(screen.getByRole('button', { pressed: false, name: new RegExp(`^${(await state()).players.find((p) => p.id === b)?.name}`) }));
    expect((within(panel).getByLabelText('Second player') as HTMLSelectElement).value).toBe(b);
    expect(within(panel).getByTestId('swap-preview').textContent).toContain('goes to table 2, seat 1');
    await user.click(within(panel).getByRole('button', { name: 'Swap and publish' }));
    expect(within(panel).getByRole('alert').textContent).toContain('Say why the pairing is changed');
    expect((await journal()).filter((c) => c.type === 'pair-round')).toHaveLength(1);

    await user.type(within(panel).getByLabelText(/Reason/), 'Siblings may not meet in round 1 (Head Judge)');
    await user.click(within(panel).getByRole('button', { name: 'Swap and publish' }));
    await waitFor(() => expect(screen.queryByTestId('swap-panel')).toBeNull());
    const after = (await state()).rounds[0];
    expect(after?.tables[0]?.seats[0]).toBe(b);
    expect(after?.tables[1]?.seats[0]).toBe(a);
    // Only the two tables change, journaled as a table fix with the reason.
    const last = (await journal()).at(-1);
    expect(last).toMatchObject({ type: 'fix-tables', round: 1, tables: [{ table: 1 }, { table: 2 }], reason: 'Siblings may not meet in round 1 (Head Judge)' });
    expect((await journal()).filter((c) => c.type === 'pair-round')).toHaveLength(1);

    // After a result at table 3 its players cannot move (their option says why); tables 1 and 2 still can.
    await host.connection.api.dispatch({ command: { type: 'record-result', round: 1, table: 3, result: { games: [2, 1, 0] } } });
    await user.click(screen.getByTestId('open-swap'));
    const again = await screen.findByTestId('swap-panel');
    const fixed = (await state()).rounds[0]?.tables[2]?.seats[0] as string;
    const option = within(again).getByLabelText('First player').querySelector(`option[value="${fixed}"]`) as HTMLOptionElement;
    expect(option.disabled).toBe(true);
    expect(option.textContent).toContain('(cannot move: table 3 has a result)');
    await user.selectOptions(within(again).getByLabelText('First player'), a);
    await user.selectOptions(within(again).getByLabelText('Second player'), b);
    // The pairing check runs on the new tables before anything is sent.
    expect(within(again).getByTestId('pairing-check')).toBeTruthy();
    await user.type(within(again).getByLabelText(/Reason/), 'Late change');
    await user.click(within(again).getByRole('button', { name: 'Swap and publish' }));
    await waitFor(() => expect(screen.queryByTestId('swap-panel')).toBeNull());
    const fixedRound = (await state()).rounds[0];
    expect(fixedRound?.tables[0]?.seats[0]).toBe(a);
    expect(fixedRound?.tables[2]?.result).toEqual({ games: [2, 1, 0] });
    expect((await journal()).filter((c) => c.type === 'fix-tables')).toHaveLength(2);
  });

  it('shows pods with seat order, the smaller pod marked (23 players, mamtr)', async () => {
    await createEvent('mamtr-2024', 23);
    const user = userEvent.setup();
    renderStation();
    const preview = await pairFromPreview(user, 1);
    expect(within(preview).getByTestId('seated-count').textContent).toBe('23 of 23 active players seated · 6 tables · no byes');
    const smaller = preview.querySelector('[data-warning-kind="smaller-pod"]') as HTMLElement;
    expect(smaller.textContent).toContain('Smaller pods');
    expect(smaller.textContent).toMatch(/Table \d is a pod of 3/);
    expect(within(preview).getAllByText(/Smaller pod · 3 players/)).toHaveLength(1);
    expect(within(preview).getAllByText('Seat 1 — plays first')).toHaveLength(6);
    await publish(user, /^Publish round 1$/);
    await screen.findByTestId('published-round');
    expect((await state()).rounds[0]?.tables.map((t) => t.seats.length).sort()).toEqual([3, 4, 4, 4, 4, 4]);
  });

  it('a pod with a fixed seat says which seat plays first, as the table drew it (2.2A)', async () => {
    await createEvent('mamtr-2024', 8);
    await host.connection.api.dispatch({
      command: { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ['p01', 'p02', 'p03', 'p04'], firstSeat: 3 }, { table: 2, seats: ['p05', 'p06', 'p07', 'p08'] }], byes: [], seed: 1 },
    });
    renderStation();
    const published = await screen.findByTestId('published-round');
    const pod = (n: number): HTMLElement => published.querySelector(`[data-table="${n}"]`) as HTMLElement;
    await waitFor(() => expect(pod(1)).toBeTruthy());
    expect(within(pod(1)).getByText(/plays first/).textContent).toBe('Seat 3 — plays first');
    expect(within(pod(2)).getByText(/plays first/).textContent).toBe('Seat 1 — plays first');
  });

  it('seats draft pods at random around the pod size set (MTR 7.6) and shows their seats', async () => {
    await createEvent('mtr', 10, { format: 'draft' });
    const user = userEvent.setup();
    renderStation();
    // The default (8) would draft ten as one pod of 10; pods of about 5 make two.
    const size = await screen.findByTestId('draft-pod-size');
    await user.clear(size);
    await user.type(size, '5');
    expect(screen.getByTestId('draft-pod-plan').textContent).toContain('10 active players → 2 pods (5, 5)');
    const before = await state();
    await user.click(await screen.findByTestId('seat-draft-pods'));
    await waitFor(async () => expect((await state()).players.every((p) => p.draftPod !== undefined)).toBe(true));
    const pods = (await state()).players.map((p) => p.draftPod);
    // RULES 4: the split is the event's seeded draw, so the same event draws the same pods.
    expect(Object.fromEntries((await state()).players.map((p) => [p.id, p.draftPod]))).toEqual(Object.fromEntries(splitDraftPods(before, 5).pods.map((c) => [c.id, c.pod])));
    expect(pods.filter((p) => p === 1)).toHaveLength(5);
    expect(pods.filter((p) => p === 2)).toHaveLength(5);
    const section = await screen.findByTestId('draft-pods');
    await waitFor(() => expect(within(section).getAllByText('Seat 5')).toHaveLength(2));
  });
});
