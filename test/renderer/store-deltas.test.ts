/**
 * The renderer's store keeps the event current from pushed journal entries: it folds
 * each in order; a push that went missing is a gap it fills by asking the host for the journal
 * from there; an undo arrives as a fresh state. Also: a command whose connection drops before the
 * answer is sent again under the same client id once the host is back, and written once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StationApi, StationPush } from '../../core/api/contract.js';
import type { Command } from '../../core/event/commands.js';
import type { EventState } from '../../core/model/types.js';
import type { ConnectionStatus, StationConnection } from '../../renderer/api/index.js';
import { attachConnection, useStation } from '../../renderer/store/station.js';
import { pairCommand } from '../host/save-fixtures.js';
import { startRendererHost, resetStation, type RendererHost } from '../support/renderer-host.js';
import { until } from '../support/until.js';

let host: RendererHost;
let detach: () => void = () => undefined;
beforeEach(async () => {
  host = await startRendererHost();
  resetStation('results');
});
afterEach(async () => {
  detach();
  await host.close();
});

/** The host's api, but pushes pass through `filter` (to lose one) and calls can be made to fail once. */
function connectionThrough(filter: (push: StationPush) => boolean, status: { now: ConnectionStatus; listeners: Set<(s: ConnectionStatus) => void> }) {
  const real = host.connection.api;
  const calls = { journal: 0, snapshot: 0, dispatch: 0 };
  let dropNextAnswer = false;
  const api: StationApi = {
    ...real,
    snapshot: () => {
      calls.snapshot++;
      return real.snapshot();
    },
    query: (params) => {
      if (params.kind === 'journal') calls.journal++;
      return real.query(params);
    },
    dispatch: async (params) => {
      calls.dispatch++;
      const ack = await real.dispatch(params);
      if (!dropNextAnswer) return ack;
      // Written on the host, but the answer never arrived: the connection dropped.
      dropNextAnswer = false;
      status.now = 'disconnected';
      for (const l of status.listeners) l('disconnected');
      throw Object.assign(new Error('the connection to the station host was lost before it answered: try again'), { code: 'disconnected' });
    },
    subscribe: (listener) => real.subscribe((push) => filter(push) && listener(push)),
  };
  const connection: StationConnection = {
    ...host.connection,
    api,
    status: () => status.now,
    onStatus: (listener) => {
      status.listeners.add(listener);
      return () => status.listeners.delete(listener);
    },
  };
  return { connection, calls, dropAnswer: () => (dropNextAnswer = true) };
}

/** Resolves once `check` holds, tested at every change of the store; fails after 10 s (a guard, not a wait). */
const untilStore = (check: () => boolean, what: string): Promise<void> => until(check, what, { subscribe: (changed) => useStation.subscribe(changed) });

async function eventWithRound(): Promise<EventState> {
  await host.service.createEvent({ name: 'Deltas Open', ruleset: 'mtr', settings: {} });
  await host.service.dispatchBatch({
    commands: Array.from({ length: 8 }, (_, i) => ({ type: 'register-player' as const, player: { id: `p${i + 1}`, name: `Player ${i + 1}` }, draw: i })),
  });
  await host.service.dispatch({ command: pairCommand((await host.service.snapshot()).state as EventState) });
  return (await host.service.snapshot()).state as EventState;
}

const result = (table: number): Command => ({ type: 'record-result', round: 1, table, result: { games: [2, 1, 0] } }) as unknown as Command;

describe('the store follows the journal', () => {
  it('folds each entry, fills a gap by asking for the journal, and takes an undo as a fresh state', async () => {
    await eventWithRound();
    let lose = false;
    const status = { now: 'connected' as ConnectionStatus, listeners: new Set<(s: ConnectionStatus) => void>() };
    const { connection, calls } = connectionThrough((push) => {
      if (lose && push.type === 'entries') {
        lose = false;
        return false;
      }
      return true;
    }, status);
    detach = attachConnection(connection);
    await untilStore(() => useStation.getState().snapshot?.summary?.name === 'Deltas Open', 'the first snapshot');
    const snapshotsAtStart = calls.snapshot;

    await host.service.dispatch({ command: result(1) });
    await untilStore(() => useStation.getState().snapshot?.state?.rounds[0]?.tables[0]?.result !== undefined, 'table 1 folded');
    expect(calls.journal).toBe(0);

    lose = true;
    await host.service.dispatch({ command: result(2) }); // this push is lost
    const { seq: hostSeq } = await host.service.dispatch({ command: result(3) }); // this one shows the gap
    await untilStore(() => useStation.getState().snapshot?.lastSeq === hostSeq, 'the gap filled');
    expect(calls.journal).toBe(1);
    expect(calls.snapshot).toBe(snapshotsAtStart);
    expect(useStation.getState().snapshot).toEqual(await host.service.snapshot());

    const ack = await host.service.undo({ seq: (await host.service.snapshot()).lastSeq });
    await untilStore(() => useStation.getState().snapshot?.lastSeq === ack.seq, 'the undo shown');
    expect(useStation.getState().snapshot).toEqual(await host.service.snapshot());
  });

  it('sends a command again after the connection dropped before the answer, and the host writes it once', async () => {
    await eventWithRound();
    const status = { now: 'connected' as ConnectionStatus, listeners: new Set<(s: ConnectionStatus) => void>() };
    const { connection, calls, dropAnswer } = connectionThrough(() => true, status);
    detach = attachConnection(connection);
    await untilStore(() => useStation.getState().snapshot !== null, 'the first snapshot');
    const before = (await host.service.snapshot()).lastSeq;
    dropAnswer();
    const dropped = new Promise<void>((resolve) => status.listeners.add((now) => now === 'disconnected' && resolve()));
    const sending = useStation.getState().dispatch(result(4), 'Table 4 saved');
    await dropped;
    status.now = 'connected';
    for (const l of status.listeners) l('connected');
    const ack = await sending;
    expect(calls.dispatch).toBe(2);
    expect(ack).toEqual({ seq: before + 1, duplicate: true });
    expect((await host.service.snapshot()).lastSeq).toBe(before + 1);
  });
});
