// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/App.js';
import { isolate } from '../../renderer/lib/format.js';
import { startRendererHost, type RendererHost } from '../support/renderer-host.js';
import { Builder, fakeLayout, resetStore } from './event-builders.js';

let host: RendererHost;
let b: Builder;
let restoreLayout: () => void;

beforeAll(() => {
  restoreLayout = fakeLayout();
});
afterAll(() => restoreLayout());

beforeEach(async () => {
  resetStore('log');
  host = await startRendererHost();
  b = new Builder(host);
});

afterEach(async () => {
  cleanup();
  await host.close();
});

const rows = (): HTMLElement[] => Array.from(screen.getByTestId('log-scroll').querySelectorAll<HTMLElement>('[data-seq]'));
const row = (seq: number): HTMLElement => screen.getByTestId('log-scroll').querySelector(`[data-seq="${seq}"]`) as HTMLElement;
const filters = (): HTMLElement => screen.getByRole('group', { name: 'Show only' });
const texts = (): string[] => rows().map((r) => r.querySelector('.log-text')?.textContent ?? '');

describe('Event log screen', () => {
  it('reads as an audit trail: amended results with their reason, undone entries struck through, newest first', async () => {
    await b.create('mtr', 4);
    await b.run({ type: 'pair-round', round: 1, stage: 'swiss', seed: 1, byes: [], tables: [{ table: 1, seats: ['p01', 'p02'] }, { table: 2, seats: ['p03', 'p04'] }] });
    const entered = await b.run({ type: 'record-result', round: 1, table: 1, result: { games: [2, 1, 0] } });
    const amended = await b.run({ type: 'record-result', round: 1, table: 1, result: { games: [1, 2, 0] }, reason: 'slip reversed' });
    const drop = await b.run({ type: 'drop-player', id: 'p04' });
    const undo = (await host.connection.api.undo({ seq: drop, reason: 'dropped the wrong player' })).seq;

    render(<App connection={host.connection} view="station" />);
    await waitFor(() => expect(rows().length).toBe(undo + 1));
    // Newest first.
    expect(rows()[0]?.dataset.seq).toBe(String(undo));
    expect(texts()).toContain('Round 1 paired (2 tables)');
    expect(texts()).toContain(`${isolate('Ana Archer')} registered (p01)`);
    expect(row(entered).querySelector('.log-text')?.textContent).toBe(`Result entered: round 1, table 1 — ${isolate('Ana Archer')} 2–1 ${isolate('Bo Berg')}`);
    expect(row(amended).querySelector('.log-text')?.textContent).toBe(`Result amended: round 1, table 1 — ${isolate('Ana Archer')} 1–2 ${isolate('Bo Berg')}`);
    expect(row(amended).querySelector('.log-why')?.textContent).toBe('reason: slip reversed');
    // The undone drop: struck through, with the entry that undid it; no Undo button on it any more.
    expect(row(drop).classList.contains('undone')).toBe(true);
    expect(row(drop).querySelector('.log-text')?.textContent).toBe(`${isolate('Di Dahl')} dropped after round 1`);
    expect(row(drop).textContent).toContain(`undone by entry ${undo}`);
    expect(within(row(drop)).queryByRole('button')).toBeNull();
    expect(row(undo).querySelector('.log-text')?.textContent).toBe(`Undo of entry ${drop}: ${isolate('Di Dahl')} dropped after round 1`);
    expect(row(undo).querySelector('.log-why')?.textContent).toBe('reason: dropped the wrong player');
    // Who and when: the head-judge station as people call it (never the computer's name the journal
    // line keeps, here "test-station"), and the local time of the entry.
    expect(within(row(amended)).getByTestId('log-who').textContent).toBe('Head-judge station');
    expect(row(amended).textContent).not.toContain('test-station');
    expect(row(amended).querySelector('time')?.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The event's creation cannot be undone.
    expect(within(row(0)).queryByRole('button')).toBeNull();
  });

  it('filters by kind and by text, refreshes on every change, and undoes an entry', async () => {
    const user = userEvent.setup();
    await b.create('mtr', 4);
    await b.run({ type: 'pair-round', round: 1, stage: 'swiss', seed: 1, byes: [], tables: [{ table: 1, seats: ['p01', 'p02'] }, { table: 2, seats: ['p03', 'p04'] }] });
    await b.run({ type: 'record-result', round: 1, table: 1, result: { games: [2, 0, 0] } });
    const second = await b.run({ type: 'record-result', round: 1, table: 2, result: { games: [0, 2, 1] } });

    render(<App connection={host.connection} view="station" />);
    await waitFor(() => expect(rows().length).toBe(second + 1));
    await user.click(within(filters()).getByRole('button', { name: /^Results/ }));
    expect(texts()).toEqual([`Result entered: round 1, table 2 — ${isolate('Cy Castro')} 0–2–1 ${isolate('Di Dahl')}`, `Result entered: round 1, table 1 — ${isolate('Ana Archer')} 2–0 ${isolate('Bo Berg')}`]);
    await user.click(within(filters()).getByRole('button', { name: /^Pairings/ }));
    expect(texts()).toHaveLength(3);
    await user.click(within(filters()).getByRole('button', { name: /^All/ }));
    expect(rows()).toHaveLength(second + 1);

    // "/" focuses the search; accents and case do not matter.
    await user.keyboard('/');
    await user.keyboard('DI DAHL');
    await waitFor(() => expect(texts()).toEqual([`Result entered: round 1, table 2 — ${isolate('Cy Castro')} 0–2–1 ${isolate('Di Dahl')}`, `${isolate('Di Dahl')} registered (p04)`]));

    // A change made elsewhere shows up at once.
    await b.run({ type: 'drop-player', id: 'p04' });
    await waitFor(() => expect(texts()[0]).toBe(`${isolate('Di Dahl')} dropped after round 1`));

    // Undo from the log: the entry is struck through, the undo listed above it.
    await user.click(within(row(second)).getByRole('button', { name: /Undo entry/ }));
    await waitFor(() => expect(row(second).classList.contains('undone')).toBe(true));
    const state = await b.state();
    expect(state.rounds[0]!.tables[1]!.result).toBeUndefined();
    await user.clear(screen.getByRole('searchbox'));
    await waitFor(() => expect(texts()[0]).toBe(`Undo of entry ${second}: Result entered: round 1, table 2 — ${isolate('Cy Castro')} 0–2–1 ${isolate('Di Dahl')}`));
  });

  it('lists a drop that came with a result, a no-show or a disqualification under Drops too, and counts it', async () => {
    const user = userEvent.setup();
    await b.create('mtr', 6);
    await b.run({ type: 'pair-round', round: 1, stage: 'swiss', seed: 1, byes: [], tables: [1, 2, 3].map((t) => ({ table: t, seats: [`p0${2 * t - 1}`, `p0${2 * t}`] })) });
    const withDrop = await b.run({ type: 'record-result', round: 1, table: 1, result: { games: [2, 0, 0] }, drop: ['p02'] });
    const noShow = await b.run({ type: 'record-result', round: 1, table: 2, result: { games: [2, 0, 0] }, noShow: ['p04'] });
    const plain = await b.run({ type: 'record-result', round: 1, table: 3, result: { games: [2, 1, 0] } });
    const dq = await b.run({ type: 'record-penalty', round: 1, table: 3, player: 'p06', infraction: 'Cheating', penalty: 'disqualification', judge: 'Sam Ortiz' });
    const dropped = await b.run({ type: 'drop-player', id: 'p05' });

    render(<App connection={host.connection} view="station" />);
    await waitFor(() => expect(rows().length).toBe(dropped + 1));
    const chip = within(filters()).getByRole('button', { name: /^Drops/ });
    expect(chip.querySelector('.count')?.textContent).toBe('4');
    await user.click(chip);
    expect(rows().map((r) => Number(r.dataset.seq))).toEqual([dropped, dq, noShow, withDrop]);
    expect(rows().map((r) => Number(r.dataset.seq))).not.toContain(plain);
    // Each keeps its own label; the result is still a result.
    expect(row(withDrop).querySelector('.log-kind')?.textContent).toBe('Results');
    await user.click(within(filters()).getByRole('button', { name: /^Results/ }));
    expect(rows().map((r) => Number(r.dataset.seq))).toEqual([dropped, dq, plain, noShow, withDrop]);
  });
});
