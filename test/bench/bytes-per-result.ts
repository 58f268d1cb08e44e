/**
 * "Bytes pushed per result under 2 KB at any event size", for every role a window can have (the
 * venue network sends each role its own view, core/api/views.ts): browser mode in a child process
 * (test/support/bench-host.ts, the venue network on the loopback alias 127.0.0.2) with a save of
 * `players` in round 9 (8 rounds played, round 9 paired); one WebSocket client enters results (the
 * head station's own window), and one window per role — the head station, a second desk, a judge,
 * a display — keeps its copy current with the follower, as the renderer does, and counts the bytes of
 * every frame it receives. A result's bytes: every frame a window received from the moment the
 * result was sent until it held that result's entry, leaving out the clock's once-a-second ticks
 * (time-driven, not per result: the size of one is reported apart).
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { connectWebSocket, type WebSocketLike } from '../../renderer/api/ws-client.js';
import { WebSocket } from 'ws';
import type { Who } from '../../core/api/roles.js';
import { benchTempDir, median, startChildHost, waitFor, type ChildHost } from '../support/bench-host.js';
import { openFoldingWindow, type FoldingWindow } from '../support/folding-window.js';
import { gamesFor, writePairedSave } from './fixtures.js';
import type { Benchmark, Row } from './types.js';

const kb = (bytes: number): string => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);
const LAN_ADDRESS = '127.0.0.2';
const ROLES: readonly { role: Who; label: string }[] = [
  { role: 'local', label: 'the head station' },
  { role: 'station', label: 'a second desk' },
  { role: 'judge', label: 'a judge' },
  { role: 'display', label: 'a display' },
];

/** A device of `role` joins the venue network with its join code: its `/rpc` address with its token. */
async function joinedRpcUrl(base: string, code: string, role: string): Promise<string> {
  const reply = await fetch(`${base}join`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code, name: `Bench ${role}` }) });
  if (reply.status !== 200) throw new Error(`the ${role} could not join: ${reply.status} ${await reply.text()}`);
  const { token } = (await reply.json()) as { token: string };
  return `${base.replace(/^http:/, 'ws:')}rpc?token=${encodeURIComponent(token)}`;
}

export function bytesPerResult(sizes: readonly number[], results = 40, budgetBytes = 2048): Benchmark {
  return {
    name: `bytes pushed per result to each role's window (head station, second desk, judge, display): ${sizes.map((n) => n.toLocaleString('en')).join(' / ')} players in round 9, ${results} results each (browser mode in a child process, WebSocket, venue network on ${LAN_ADDRESS})`,
    async run() {
      const dir = benchTempDir('podium-bench-bytes-');
      const dataDir = path.join(dir, 'station');
      const eventsDir = path.join(dataDir, 'events');
      mkdirSync(eventsDir, { recursive: true });
      const saves = sizes.map((players) => writePairedSave(eventsDir, `bytes-${players}.podium`, players));
      let host: ChildHost | undefined;
      let driver: ReturnType<typeof connectWebSocket> | undefined;
      let windows: FoldingWindow[] = [];
      const rows: Row[] = [];
      const ticks: string[] = [];
      try {
        host = await startChildHost(dataDir, dir, { lanAddress: LAN_ADDRESS });
        driver = connectWebSocket(host.rpcUrl, { create: (u) => new WebSocket(u) as unknown as WebSocketLike, reconnect: false });
        await driver.channel.ready;
        for (const save of saves) {
          const players = save.state.players.length;
          const label = players.toLocaleString('en');
          await driver.api.openEvent({ path: save.name });
          for (const w of windows) w.close();
          const network = await driver.api.setNetwork({ on: true });
          const base = network.urls[0];
          if (!base) throw new Error('the venue network gave no address');
          windows = [];
          for (const { role } of ROLES) {
            const code = network.joinCodes.find((c) => c.role === role)?.code;
            const url = role === 'local' ? host.rpcUrl : await joinedRpcUrl(base, code as string, role);
            windows.push(await openFoldingWindow(url, { keepFrames: true }));
          }
          const tables = save.round.tables.map((t) => t.table);
          const warmUp = 5;
          if (tables.length < warmUp + results) throw new Error(`round 9 of ${label} players has only ${tables.length} tables`);
          const perResult: number[][] = ROLES.map(() => []);
          const framesFrom = windows.map((w) => w.frames.length);
          for (let i = 0; i < warmUp + results; i++) {
            const marks = windows.map((w) => w.frames.length);
            const ack = await driver.api.dispatch({ command: { type: 'record-result', round: save.round.number, table: tables[i] as number, result: { games: gamesFor(i) } } });
            for (const [r, w] of windows.entries()) {
              const mark = marks[r] as number;
              const at = (): number => w.frames.findIndex((f, k) => k >= mark && f.seqs?.includes(ack.seq));
              await waitFor(`${ROLES[r]?.label} to receive entry ${ack.seq}`, () => at() >= 0, (changed) => w.onChange(changed), 30_000);
              const bytes = w.frames.slice(mark, at() + 1).reduce((sum, f) => sum + (f.type === 'clock' ? 0 : f.bytes), 0);
              if (i >= warmUp) perResult[r]?.push(bytes);
            }
          }
          const head = windows[0] as FoldingWindow;
          // The clock's tick (once a second, whatever happens): the next one, to report its size.
          const tickFrom = head.frames.length;
          const tick = (): number => head.frames.findIndex((f, k) => k >= tickFrom && f.type === 'clock');
          await waitFor('a clock tick', () => tick() >= 0, (changed) => head.onChange(changed), 5_000).catch(() => undefined);
          const tickBytes = tick() >= 0 ? (head.frames[tick()] as { bytes: number }).bytes : 0;
          ticks.push(`${label} players ${kb(tickBytes)}`);
          for (const [r, w] of windows.entries()) {
            const { label: who } = ROLES[r] as { label: string };
            const mine = perResult[r] as number[];
            const statePushes = w.frames.slice(framesFrom[r]).filter((f) => f.type === 'state').length;
            const current = w.snapshot()?.lastSeq === save.commands.length - 1 + warmUp + results;
            const snapshotBytes = Buffer.byteLength(JSON.stringify(await w.api.snapshot()));
            const max = Math.max(...mine);
            console.log(
              `  ${label} players, ${who}: per result median ${kb(median(mine))}, max ${kb(max)} (${mine.length} results); whole-state pushes meanwhile ${statePushes}; its copy ${current ? 'current' : 'NOT current'}; its snapshot ${kb(snapshotBytes)}`,
            );
            rows.push({
              work: `bytes pushed per result to ${who}, ${label} players, round 9`,
              budget: `under ${budgetBytes / 1024} KB (max)`,
              measured: `median ${kb(median(mine))}, max ${kb(max)}`,
              ok: max < budgetBytes && current,
            });
            if (statePushes > 0) rows.push({ work: `  whole-state pushes to ${who} while results were entered, ${label} players`, budget: '0', measured: String(statePushes), ok: false });
          }
          await driver.api.setNetwork({ on: false });
        }
        rows.push({ work: '  besides, the clock tick (once a second, not per result)', budget: '', measured: ticks.join(', ') });
        return rows;
      } finally {
        for (const w of windows) w.close();
        driver?.channel.close();
        await host?.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
