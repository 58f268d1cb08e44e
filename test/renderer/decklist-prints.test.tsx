// @vitest-environment jsdom
/**
 * Decklist prints on the station (MTR 2.7), against the real in-process host and its print worker:
 * - the Decklist panel's "Print this list" — a player asking to see their own registered list
 *   between matches — shown once the player has a list, printing that player's list;
 * - the Playoffs screen's "Print opponents' decklists", offered only at Professional REL once a
 *   playoff round is paired, waiting (with the missing lists named) while a player has no list.
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PrintRequest } from '../../core/api/contract.js';
import type { Command } from '../../core/event/commands.js';
import type { EventState, Rel } from '../../core/model/types.js';
import { App } from '../../renderer/App.js';
import { DecklistPanel } from '../../renderer/screens/players/DecklistPanel.js';
import { useStation } from '../../renderer/store/station.js';
import type { RendererHost } from '../support/renderer-host.js';
import { Builder, NAMES, seatOneWins, stationPerTest } from './event-builders.js';

let host: RendererHost;
let b: Builder;
stationPerTest((h, builder) => {
  host = h;
  b = builder;
});

const listOf = (player: string, reason?: string): Command => ({
  type: 'register-decklist',
  player,
  main: [
    { count: 4, name: 'Lightning Bolt' },
    { count: 56, name: 'Mountain' },
  ],
  side: [],
  commander: [],
  source: '4 Lightning Bolt\n56 Mountain',
  ...(reason ? { reason } : {}),
});

/** What the station asked the host to print, and what came back. */
let printed: { request: PrintRequest; pages: number; fileName: string }[] = [];
let downloads: string[] = [];
const createUrl = URL.createObjectURL;

beforeEach(() => {
  printed = [];
  downloads = [];
  const real = host.connection.api.print.bind(host.connection.api);
  host.connection.api.print = async (request) => {
    const result = await real(request);
    printed.push({ request, pages: result.pages, fileName: result.fileName });
    return result;
  };
  URL.createObjectURL = () => {
    downloads.push('pdf');
    return 'blob:pdf';
  };
});
afterEach(() => {
  URL.createObjectURL = createUrl;
});

/** An 8-player MTR event at `rel`, lists for `lists`, three Swiss rounds, and (with `top`) the first playoff round paired. */
async function event(rel: Rel, options: { lists: readonly string[]; top?: number }): Promise<EventState> {
  await b.create('mtr', 8, { rel });
  for (const id of options.lists) await b.run(listOf(id));
  for (let r = 0; r < 3; r++) {
    await b.pairSwiss();
    await b.finishRound(seatOneWins);
  }
  if (options.top) {
    const cut = await b.api.query({ kind: 'propose-playoff', top: options.top });
    if (cut.kind !== 'propose-playoff') throw new Error('no cut');
    await b.run({ type: 'start-playoff', top: options.top, draft: false, seeds: cut.proposal.seeds });
    const next = await b.api.query({ kind: 'next-playoff-round' });
    if (next.kind !== 'next-playoff-round' || !next.proposal) throw new Error('no playoff round');
    const tables = next.proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] }));
    await b.run({ type: 'pair-round', round: 4, stage: 'playoff', tables, byes: [], seed: next.proposal.seed });
  }
  return b.state();
}

const ALL = NAMES.slice(0, 8).map((_, i) => `p0${i + 1}`);

describe('the Decklist panel: "Print this list" (MTR 2.7)', () => {
  it("prints the chosen player's registered list, and is not offered before there is one", { timeout: 30_000 }, async () => {
    await b.create('mtr', 4, { rel: 'competitive' });
    await b.run(listOf('p01'));
    const state = await b.state();
    useStation.setState({ connection: host.connection });
    const user = userEvent.setup();
    const without = render(<DecklistPanel state={state} player="p02" />);
    expect(screen.queryByRole('button', { name: 'Print this list' })).toBeNull();
    without.unmount();

    render(<DecklistPanel state={state} player="p01" />);
    await user.click(screen.getByRole('button', { name: 'Print this list' }));
    await waitFor(() => expect(printed).toHaveLength(1), { timeout: 20_000 });
    expect(printed[0]?.request).toEqual({ doc: 'decklist', player: 'p01' });
    expect(printed[0]?.pages).toBe(1);
    expect(printed[0]?.fileName).toBe('test-open-decklist-ana-archer.pdf');
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(useStation.getState().toasts.at(-1)?.message).toBe('Decklist: 1 page ready (test-open-decklist-ana-archer.pdf)');
  });
});

describe('the Playoffs screen: "Print opponents\' decklists" (MTR 2.7)', () => {
  const button = (): HTMLButtonElement | null => document.querySelector('[data-print="opponent-decklists"]');

  it('is not offered at Competitive REL, even with a playoff round paired', { timeout: 30_000 }, async () => {
    await event('competitive', { lists: ALL, top: 4 });
    useStation.setState({ screen: 'playoffs' });
    render(<App connection={host.connection} view="station" />);
    expect(await screen.findByTestId('bracket')).toBeTruthy();
    expect(document.querySelector('[data-print="bracket"]')).not.toBeNull();
    expect(button()).toBeNull();
  });

  it('at Professional REL: not before a playoff round is paired; then it prints a page for each player', { timeout: 40_000 }, async () => {
    await event('professional', { lists: ALL });
    useStation.setState({ screen: 'playoffs' });
    const view = render(<App connection={host.connection} view="station" />);
    expect(await screen.findByTestId('cut-planner')).toBeTruthy();
    expect(button()).toBeNull();
    view.unmount();

    const cut = await b.api.query({ kind: 'propose-playoff', top: 4 });
    if (cut.kind !== 'propose-playoff') throw new Error('no cut');
    await b.run({ type: 'start-playoff', top: 4, draft: false, seeds: cut.proposal.seeds });
    render(<App connection={host.connection} view="station" />);
    expect(await screen.findByTestId('bracket')).toBeTruthy();
    expect(button()).toBeNull();
    const next = await b.api.query({ kind: 'next-playoff-round' });
    if (next.kind !== 'next-playoff-round' || !next.proposal) throw new Error('no playoff round');
    await b.run({ type: 'pair-round', round: 4, stage: 'playoff', tables: next.proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes: [], seed: next.proposal.seed });

    await waitFor(() => expect(button()).not.toBeNull());
    expect(button()?.textContent).toBe("Print opponents' decklists");
    expect(button()?.disabled).toBe(false);
    expect(screen.queryByTestId('opponent-lists-missing')).toBeNull();
    await userEvent.setup().click(button() as HTMLButtonElement);
    await waitFor(() => expect(printed).toHaveLength(1), { timeout: 20_000 });
    expect(printed[0]?.request).toEqual({ doc: 'opponent-decklists', round: 4 });
    // Top 4: two matches, a page for each of the four players.
    expect(printed[0]?.pages).toBe(4);
  });

  it('at Professional REL, waits while a playoff player has no list, naming them', { timeout: 30_000 }, async () => {
    const state = await event('professional', { lists: [], top: 4 });
    const table = state.rounds.at(-1)?.tables[0];
    const without = table?.seats[0] as string;
    for (const id of ALL.filter((x) => x !== without)) await b.run(listOf(id, 'handed in late'));
    useStation.setState({ screen: 'playoffs' });
    render(<App connection={host.connection} view="station" />);
    const missing = await screen.findByTestId('opponent-lists-missing');
    const name = NAMES[ALL.indexOf(without)] as string;
    expect(missing.textContent).toBe(`No registered decklist for ${name} (table ${table?.table}): every opponent's list is needed. Register it on the Players screen, then print.`);
    expect(button()?.disabled).toBe(true);
  });
});
