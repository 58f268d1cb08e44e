// @vitest-environment jsdom
/**
 * A result typed on a device while its link was down and sent once it was back (store/send.ts
 * sends `typedAt` with it): the host keeps when it was typed with the entry, and the event log
 * says "typed 14:02, arrived 14:05" beside it — only when the two are more than a minute apart.
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wallClock } from '../../core/text/format.js';
import { App } from '../../renderer/App.js';
import { typedAndArrived } from '../../renderer/screens/LogScreen.js';
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

const row = (seq: number): HTMLElement => screen.getByTestId('log-scroll').querySelector(`[data-seq="${seq}"]`) as HTMLElement;

describe('typed, then arrived', () => {
  it('the log says when a result that waited offline was typed and when it arrived; one sent at once says nothing more', async () => {
    await b.create('mtr', 4);
    await b.run({ type: 'pair-round', round: 1, stage: 'swiss', seed: 1, byes: [], tables: [{ table: 1, seats: ['p01', 'p02'] }, { table: 2, seats: ['p03', 'p04'] }] });
    const typed = new Date(Date.now() - 3 * 60_000).toISOString();
    const late = (await host.connection.api.dispatch({ command: { type: 'record-result', round: 1, table: 1, result: { games: [2, 1, 0] } }, cid: 'typed-offline', typedAt: typed })).seq;
    const now = (await host.connection.api.dispatch({ command: { type: 'record-result', round: 1, table: 2, result: { games: [2, 0, 0] } }, cid: 'sent-at-once', typedAt: new Date().toISOString() })).seq;
    const journal = await host.connection.api.query({ kind: 'journal' });
    if (journal.kind !== 'journal') throw new Error('no journal');
    const entry = journal.entries[late];
    expect(entry?.typedAt).toBe(typed);
    // Sent at once: nothing kept (the window's clock is the host's to a second or so).
    expect(journal.entries[now]?.typedAt).toBeUndefined();
    // Kept in the save: read back after the event is closed and opened again.
    const where = (await host.connection.api.snapshot()).summary?.path as string;
    await host.connection.api.closeEvent();
    await host.connection.api.openEvent({ path: where });
    const reread = await host.connection.api.query({ kind: 'journal' });
    expect(reread.kind === 'journal' ? reread.entries[late]?.typedAt : null).toBe(typed);

    render(<App connection={host.connection} view="station" />);
    await waitFor(() => expect(row(now)).toBeTruthy());
    expect(row(late).querySelector('[data-testid="log-late"]')?.textContent).toBe(`typed ${wallClock(Date.parse(typed))}, arrived ${wallClock(Date.parse(entry?.at ?? ''))}`);
    expect(row(now).querySelector('[data-testid="log-late"]')).toBeNull();
  });

  it('says it only past a minute', () => {
    expect(typedAndArrived('2026-05-02T14:02:00.000Z', '2026-05-02T14:05:00.000Z')).toMatch(/^typed \d\d:\d\d, arrived \d\d:\d\d$/);
    expect(typedAndArrived('2026-05-02T14:02:00.000Z', '2026-05-02T14:03:00.000Z')).toBeNull();
    expect(typedAndArrived(undefined, '2026-05-02T14:03:00.000Z')).toBeNull();
  });
});
