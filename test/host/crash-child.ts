/**
 * The child of crash.test.ts: opens the save given as argv[2] through the real event store and
 * appends commands as fast as it can, printing `ack SEQ TAG` on stdout after each append has
 * resolved (that is, after it is on disk), until the parent kills it with SIGKILL.
 *
 * The workload: pair a new round while there are fewer than MAX_ROUNDS (a round start takes the
 * rolling backup), record the open results, then amend results. Each command carries a tag the
 * parent checks against what it finds after the kill.
 *
 *   ready COUNT        the save is open with COUNT entries (stdout; then the appends start)
 *   ack SEQ TAG        entry SEQ is on disk
 *   error MESSAGE      something unexpected (the parent fails the test)
 */
import { writeSync } from 'node:fs';
import type { Command } from '../../core/event/commands.js';
import { openEventStore } from '../../electron/host/event-store.js';
import { pairCommand } from './save-fixtures.js';

const MAX_ROUNDS = 5;

function say(line: string): void {
  writeSync(1, `${line}\n`); // synchronous: once written, the parent gets it even if we die now
}

function nextCommand(state: ReturnType<Awaited<ReturnType<typeof openEventStore>>['state']>, n: number, tag: string): Command {
  const round = state.rounds[state.rounds.length - 1];
  const open = round?.tables.find((t) => t.result === undefined);
  if (round && open) return { type: 'record-result', round: round.number, table: open.table, result: { games: [2, n % 2, 0] }, reason: tag };
  if (state.rounds.length < MAX_ROUNDS) return { ...pairCommand(state), reason: tag };
  const table = (round as NonNullable<typeof round>).tables[n % (round as NonNullable<typeof round>).tables.length] as { table: number };
  return { type: 'record-result', round: state.rounds.length, table: table.table, result: { games: [n % 2, 2, 0] }, reason: tag };
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('usage: crash-child FILE');
  const store = await openEventStore(file, { station: 'crash-child', backupsKept: 3 });
  if (store.readOnly) throw new Error(`opened read-only: ${store.notices.map((n) => n.message).join('; ')}`);
  say(`ready ${store.entries().length}`);
  for (let n = 0; ; n++) {
    const tag = `${process.pid}-${n}`;
    const entry = await store.append(nextCommand(store.state(), n, tag));
    say(`ack ${entry.seq} ${tag}`);
  }
}

main().catch((error: unknown) => {
  say(`error ${error instanceof Error ? error.message : String(error)}`.replace(/\n/g, ' '));
  process.exit(1);
});
