// @vitest-environment jsdom
/**
 * Add a rule set in one folder and the screens follow without edits: a rule set
 * that exists only in the tests (test/support/test-ruleset.ts, "star trios"), registered here and
 * nowhere in core/rulesets/, shown by the real station — Players, Pairings, Results and Standings —
 * with its own title, words, table shape, standings columns and formats, breakdown and result
 * fields, read into its own result. The station talks to a fake host holding the event: saves and
 * commands name the built-in rule sets only, so the test checks the command the screen sends.
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StationApi, StationSnapshot } from '../../core/api/contract.js';
import type { NewCommand } from '../../core/event/commands.js';
import { App } from '../../renderer/App.js';
import type { StationConnection } from '../../renderer/api/index.js';
import type { ScreenId } from '../../renderer/store/station.js';
import { resetStation } from '../support/renderer-host.js';
import { registerTestRuleset, TEST_RULESET_TITLE, testEvent } from '../support/test-ruleset.js';
import { fakeLayout } from './event-builders.js';

let unregister: () => void;
let restoreLayout: () => void;
let sent: NewCommand[];

beforeAll(() => {
  unregister = registerTestRuleset();
  restoreLayout = fakeLayout();
});
afterAll(() => {
  restoreLayout();
  unregister();
});
beforeEach(() => {
  sent = [];
});
afterEach(() => cleanup());

/** A host that holds the star event: it answers the snapshot and keeps every command sent. */
function fakeConnection(): StationConnection {
  const snapshot: StationSnapshot = { summary: null, state: testEvent(), lastSeq: 7, notices: [] };
  const known: Partial<StationApi> = {
    snapshot: async () => snapshot,
    subscribe: () => () => undefined,
    // The event log's question (the station asks it in the background): nothing logged here.
    query: async (query) => (query.kind === 'journal' ? { kind: 'journal', entries: [] } : Promise.reject(new Error(`${query.kind}: not in this test`))),
    dispatch: async ({ command }) => {
      sent.push(command as NewCommand);
      return { seq: 7 + sent.length };
    },
  };
  const api = new Proxy(known, {
    get: (target, key: string) => target[key as keyof StationApi] ?? (async () => Promise.reject(new Error(`${key}: not in this test`))),
  }) as StationApi;
  return { api, transport: 'websocket', status: () => 'connected', onStatus: () => () => undefined, onMenu: () => () => undefined };
}

async function open(screenId: ScreenId): Promise<void> {
  resetStation(screenId);
  render(<App connection={fakeConnection()} view="station" />);
  await screen.findAllByText(/Star Cup/);
}

describe('a rule set registered only in the test, shown by the real screens', () => {
  it('Players: its title, its players, and no registration fields it does not read (no awarded byes, no draft pods)', async () => {
    await open('players');
    expect(await screen.findByText(TEST_RULESET_TITLE)).toBeTruthy();
    expect(screen.getByRole('heading', { name: /^Players/ })).toBeTruthy();
    expect(screen.getByTestId('register-note')).toBeTruthy();
    expect(screen.queryByTestId('register-byes')).toBeNull();
    expect(screen.queryByTestId('register-pod')).toBeNull();
    // Its players, by family name as the boards print them.
    expect(document.body.textContent).toContain('Archer, Ana');
  });

  it('Pairings: numbered seats, the pair marked smaller than a trio, and the result in its own words', async () => {
    await open('pairings');
    const tables = await screen.findByTestId('round-tables');
    const trio = within(tables).getByRole('region', { name: 'Table 1' });
    expect(trio.textContent).toContain('Seat 1');
    expect(trio.textContent).toMatch(/Ana Archer.*5★.*Bo Berg.*2★.*Cy Castro.*4★ · comet: .*Cy Castro/);
    expect(within(tables).getByRole('region', { name: 'Table 2' }).textContent).toContain('Smaller pod · 2 players');
  });

  it('Results: its fields (stars per seat, the comet), read into its result and sent', async () => {
    const user = userEvent.setup();
    await open('results');
    const box = await screen.findByTestId('table-box');
    await user.type(box, '2{Enter}');
    const group = await screen.findByRole('group', { name: 'Stars in seat order' });
    expect(within(group).getByLabelText('Stars of seat 1, Di Dahl')).toBeTruthy();
    expect(screen.getByTestId('star-hint').textContent).toContain('comet');
    // No no-show buttons: the rule set records none.
    expect(screen.queryByTestId('no-show-1')).toBeNull();
    await user.type(within(group).getByLabelText('Stars of seat 1, Di Dahl'), '3');
    await user.type(within(group).getByLabelText('Stars of seat 2, Ed Eze'), '9');
    expect(screen.getByTestId('verdict').textContent).toContain('“9” is not 0 to 5 stars');
    await user.clear(within(group).getByLabelText('Stars of seat 2, Ed Eze'));
    await user.type(within(group).getByLabelText('Stars of seat 2, Ed Eze'), '1');
    await user.type(screen.getByLabelText(/^Comet/), '2');
    expect(screen.getByTestId('verdict').textContent).toMatch(/Di Dahl.*3★.*Ed Eze.*1★ · comet: .*Ed Eze.* — Enter to record/);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ type: 'record-result', round: 1, table: 2, result: { stars: { p4: 3, p5: 1 }, comet: 'p5' } });
  });

  it('Standings: its points word, its columns in their formats (no draws in the record), and its breakdown', async () => {
    const user = userEvent.setup();
    await open('standings');
    const table = await screen.findByTestId('standings-table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => (th.textContent ?? '').replace(/[▲▼]/g, '').trim());
    expect(headers).toEqual(['Rank', 'Name', 'ID', 'Stars', 'W–L', 'Sparkle', 'Shine%']);
    const first = table.querySelector('tbody tr[data-player]') as HTMLElement;
    expect(first.dataset.player).toBe('p1');
    expect(first.textContent).toContain('5.00');
    expect(first.textContent).toContain('0.00%');
    expect(table.querySelector('tbody tr[data-player="p3"]')?.textContent).toContain('100.00%');
    await user.click(first);
    const panel = await screen.findByTestId('breakdown');
    expect(within(panel).getByTestId('sparkle-formula').textContent).toBe('Sparkle = 5 / 1 = 5');
    expect(panel.textContent).toContain('5 stars in 1 heats, the comet 0 times');
  });
});
