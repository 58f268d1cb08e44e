/**
 * Issue 15 §1, "bytes pushed per result under 2 KB at any event size": browser mode in a child
 * process (test/support/bench-host.ts) with a save of `players` in round 9 (8 rounds played, round 9
 * paired); one WebSocket client enters results (a second desk), another is a window (it keeps its
 * copy current with applyEntries, as the renderer does) and counts the bytes of every frame it
 * receives. A result's bytes: every frame the window received from the moment the result was sent
 * until it held that result's entry, leaving out the clock's once-a-second ticks (time-driven, not
 * per result: the size of one is reported apart).
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { connectWebSocket, type WebSocketLike } from '../../renderer/api/ws-client.js';
import { WebSocket } from 'ws';
import { benchTempDir, median, startChildHost, waitFor, type ChildHost } from '../support/bench-host.js';
import { openFoldingWindow, type FoldingWindow } from '../support/folding-window.js';
import { gamesFor, writePairedSave } from './fixtures.js';
import type { Benchmark, Row } from './types.js';

const kb = (bytes: number): string => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

export function bytesPerResult(sizes: readonly number[], results = 40, budgetBytes = 2048): Benchmark {
  return {
    name: `bytes pushed per result to a window: ${sizes.map((n) => n.toLocaleString('en')).join(' / ')} players in round 9, ${results} results each (browser mode in a child process, WebSocket)`,
    async run() {
      const dir = benchTempDir('podium-bench-bytes-');
      const dataDir = path.join(dir, 'station');
      const eventsDir = path.join(dataDir, 'events');
      mkdirSync(eventsDir, { recursive: true });
      const saves = sizes.map((players) => writePairedSave(eventsDir, `bytes-${players}.podium`, players));
      let host: ChildHost | undefined;
      let driver: ReturnType<typeof connectWebSocket> | undefined;
      let window: FoldingWindow | undefined;
      const rows: Row[] = [];
      const ticks: string[] = [];
      try {
        host = await startChildHost(dataDir, dir);
        driver = connectWebSocket(host.rpcUrl, { create: (u) => new WebSocket(u) as unknown as WebSocketLike, reconnect: false });
        await driver.channel.ready;
        for (const save of saves) {
          const players = save.state.players.length;
          const label = players.toLocaleString('en');
          await driver.api.openEvent({ path: save.name });
          window?.close();
          const w = await openFoldingWindow(host.rpcUrl, { keepFrames: true });
          window = w;
          const tables = save.round.tables.map((t) => t.table);
          const warmUp = 5;
          if (tables.length < warmUp + results) throw new Error(`round 9 of ${label} players has only ${tables.length} tables`);
          const perResult: number[] = [];
          const framesFrom = w.frames.length;
          for (let i = 0; i < warmUp + results; i++) {
            const mark = w.frames.length;
            const ack = await driver.api.dispatch({ command: { type: 'record-result', round: save.round.number, table: tables[i] as number, result: { games: gamesFor(i) } } });
            const at = (): number => w.frames.findIndex((f, k) => k >= mark && f.seqs?.includes(ack.seq));
            await waitFor(`the window to receive entry ${ack.seq}`, () => at() >= 0, (changed) => w.onChange(changed), 30_000);
            const bytes = w.frames.slice(mark, at() + 1).reduce((sum, f) => sum + (f.type === 'clock' ? 0 : f.bytes), 0);
            if (i >= warmUp) perResult.push(bytes);
          }
          const during = w.frames.slice(framesFrom);
          const statePushes = during.filter((f) => f.type === 'state').length;
          // The clock's tick (once a second, whatever happens): the next one, to report its size.
          const tickFrom = w.frames.length;
          const tick = (): number => w.frames.findIndex((f, k) => k >= tickFrom && f.type === 'clock');
          await waitFor('a clock tick', () => tick() >= 0, (changed) => w.onChange(changed), 5_000).catch(() => undefined);
          const tickBytes = tick() >= 0 ? (w.frames[tick()] as { bytes: number }).bytes : 0;
          ticks.push(`${label} players ${kb(tickBytes)}`);
          const held = w.snapshot();
          const current = held?.lastSeq === save.commands.length - 1 + warmUp + results;
          const snapshotBytes = Buffer.byteLength(JSON.stringify(await w.api.snapshot()));
          const max = Math.max(...perResult);
          console.log(
            `  ${label} players: per result median ${kb(median(perResult))}, max ${kb(max)} (${perResult.length} results); whole-state pushes meanwhile ${statePushes}; a clock tick ${kb(tickBytes)} (once a second); the window's copy ${current ? 'current' : 'NOT current'}; a snapshot is ${kb(snapshotBytes)}`,
          );
          rows.push({
            work: `bytes pushed to a window per result, ${label} players, round 9`,
            budget: `under ${budgetBytes / 1024} KB (max)`,
            measured: `median ${kb(median(perResult))}, max ${kb(max)}`,
            ok: max < budgetBytes && current,
          });
          if (statePushes > 0) rows.push({ work: `  whole-state pushes while results were entered, ${label} players`, budget: '0', measured: String(statePushes), ok: false });
        }
        rows.push({ work: '  besides, the clock tick (once a second, not per result)', budget: '', measured: ticks.join(', ') });
        return rows;
      } finally {
        window?.close();
        driver?.channel.close();
        await host?.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
