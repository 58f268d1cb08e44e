/**
 * Opening a save through the station service: reading a save never holds up
 * the change queue of the event already open; a save held by another Podium opens read-only and the
 * window is told the moment the holder lets go; take over re-reads the file.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { StationPush, StationSnapshot } from '../../core/api/contract.js';
import type { Command } from '../../core/event/commands.js';
import type { EventState } from '../../core/model/types.js';
import { writeEventSaveSync } from '../../electron/host/event-store.js';
import { journalStore } from '../../electron/host/host.js';
import { createStationService, type StoreAccess } from '../../electron/host/station-service.js';
import { amendCommand, mtrEvent, tempFolder } from './save-fixtures.js';

const tmp = tempFolder('podium-open-');
afterAll(() => tmp.cleanup());
let counter = 0;

function savedEvent(players = 8, rounds = 1): string {
  const file = path.join(tmp.dir, 'events', `event-${++counter}.podium`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeEventSaveSync(file, mtrEvent({ players, rounds, id: `evt-${counter}` }).commands, { station: 'test' });
  return file;
}

function service(store: StoreAccess = journalStore, mode = 'browser mode') {
  return createStationService({ dataDir: tmp.dir, station: 'desk', store, lock: { mode } });
}

async function rejection(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected a rejection');
}

describe('opening a save', () => {
  it('never holds up results for the event already open', async () => {
    const current = savedEvent();
    const slow = savedEvent();
    let letOpenFinish: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (letOpenFinish = resolve));
    // The real store, with the open of `slow` held back until the test says so (a huge save).
    const store: StoreAccess = {
      create: journalStore.create,
      async open(file, options) {
        if (file === slow) await gate;
        return journalStore.open(file, options);
      },
    };
    const station = service(store);
    const opened = await station.openEvent({ path: current });
    const state = opened.state as EventState;
    const opening = station.openEvent({ path: slow });
    // While `slow` is still being read, results for the open event are appended and acknowledged.
    const acks = [];
    for (let n = 0; n < 5; n++) acks.push(await station.dispatch({ command: amendCommand(state, n) }));
    expect(acks.map((a) => a.seq)).toEqual([0, 1, 2, 3, 4].map((n) => opened.lastSeq + 1 + n));
    expect((await station.snapshot()).summary?.path).toBe(current);
    letOpenFinish();
    expect((await opening).summary?.path).toBe(slow);
    await station.dispose();
  });

  it('keeps answering while a large save opens, and tells every window how far it has got', async () => {
    const big = path.join(tmp.dir, 'events', 'big.podium');
    writeEventSaveSync(big, mtrEvent({ players: 64, rounds: 3, total: 30_000, id: 'evt-big' }).commands, { station: 'test' });
    const station = service();
    const progress: Extract<StationPush, { type: 'progress' }>[] = [];
    let opened = false;
    let asked = false;
    let answerMidway: (snapshot: Promise<StationSnapshot>) => void = () => undefined;
    const answeredMidway = new Promise<StationSnapshot>((resolve) => (answerMidway = (snapshot) => void snapshot.then(resolve)));
    station.subscribe((push) => {
      if (push.type !== 'progress') return;
      progress.push(push);
      // Mid-read: a window's request is answered now, not after the whole save is read.
      if (!asked && !push.finished && push.done < push.total) {
        asked = true;
        answerMidway(station.snapshot());
      }
    });
    const opening = station.openEvent({ path: big }).then((snapshot) => {
      opened = true;
      return snapshot;
    });
    const midway = await answeredMidway;
    expect(opened).toBe(false);
    expect(midway.summary).toBeNull();
    const done = await opening;
    expect(done.summary?.entries).toBe(30_000);
    const counts = progress.filter((p) => !p.finished);
    expect(counts.length).toBeGreaterThan(1);
    expect(counts.every((p, i) => i === 0 || p.done >= (counts[i - 1] as { done: number }).done)).toBe(true);
    expect(counts.at(-1)?.done).toBe(counts.at(-1)?.total);
    expect(progress.at(-1)).toMatchObject({ label: 'Opening big.podium', finished: true });
    await station.dispose();
  });

  it('a second click on the same save while it opens waits for the first (one handle, no self-lock)', async () => {
    const file = savedEvent();
    const station = service();
    const [a, b] = await Promise.all([station.openEvent({ path: file }), station.openEvent({ path: file })]);
    expect(a.summary?.readOnly).toBe(false);
    expect(b.summary?.readOnly).toBe(false);
    await station.dispose();
  });

  it('a save another Podium holds opens read-only; the window is told when it lets go, and take over re-reads it', async () => {
    const file = savedEvent();
    const holder = service(journalStore, 'the desktop app');
    const watcher = service(journalStore, 'browser mode');
    const held = await holder.openEvent({ path: file });
    const state = held.state as EventState;
    const pushes: StationSnapshot[] = [];
    watcher.subscribe((push: StationPush) => {
      if (push.type === 'state') pushes.push(push.snapshot);
    });
    const seen = await watcher.openEvent({ path: file });
    expect(seen.summary?.readOnlyReason).toBe('locked');
    expect(seen.summary?.heldBy).toEqual({ description: expect.stringMatching(/^open for writing on this computer by Podium \(the desktop app, process \d+\) since \d\d?:\d\d( [AP]M)?$/), gone: false });
    const refused = await rejection(watcher.dispatch({ command: amendCommand(state, 1) }));
    expect(refused.code).toBe('save-locked');
    expect((await rejection(watcher.takeOverEvent())).message).toMatch(/^cannot take over yet: the save is still open for writing on this computer by Podium \(the desktop app/);

    const written = await holder.dispatch({ command: amendCommand(state, 2) });
    const told = new Promise<StationSnapshot>((resolve) => {
      const stop = watcher.subscribe((push) => {
        if (push.type === 'state' && push.snapshot.summary?.heldBy?.gone) {
          stop();
          resolve(push.snapshot);
        }
      });
    });
    await holder.closeEvent();
    expect((await told).summary?.readOnly).toBe(true);
    const taken = await watcher.takeOverEvent();
    expect(taken.summary?.readOnly).toBe(false);
    expect(taken.lastSeq).toBe(written.seq);
    const next = await watcher.dispatch({ command: amendCommand(state, 3) as Command });
    expect(next.seq).toBe(written.seq + 1);
    // Only a locked save has anything to take over.
    expect((await rejection(watcher.takeOverEvent())).message).toMatch(/there is nothing to take over/);
    await watcher.dispose();
    await holder.dispose();
  });
});
