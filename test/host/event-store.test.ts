/** The event store (electron/host/event-store.ts): the `*.podium` journal of ARCHITECTURE "The event save". */
import { appendFileSync, chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { replay } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState } from '../../core/model/types.js';
import { createEventStore, openEventStore, readEventSaveSync, writeEventSaveSync } from '../../electron/host/event-store.js';
import { JOURNAL_FORMAT, JournalError, MIGRATIONS, type Migration, checksum, entryLine, headerLine } from '../../electron/host/journal-format.js';
import type { EventStoreHandle, JournalEntry } from '../../electron/host/journal-types.js';
import { amendCommand, createCommand, mtrEvent, pairCommand, tempFolder } from './save-fixtures.js';

const tmp = tempFolder('podium-event-store-');
afterAll(() => tmp.cleanup());

let fixedClock = Date.parse('2026-05-01T18:00:00.000Z');
const options = { station: 'test-station', now: () => new Date((fixedClock += 1000)) };
let counter = 0;
const fresh = (name = 'event'): string => tmp.file(`${name}-${++counter}.podium`);

/** A save with the whole event of `mtrEvent` (written in one go, as `import` does). */
function savedEvent(event = mtrEvent({ players: 8, rounds: 2 })): { file: string; commands: Command[] } {
  const file = fresh('saved');
  writeEventSaveSync(file, event.commands, options);
  return { file, commands: event.commands };
}

function lines(file: string): string[] {
  return readFileSync(file, 'utf8').split('\n');
}

function foldOf(entries: readonly JournalEntry[]): EventState | undefined {
  return replay(entries);
}

async function rejection(promise: Promise<unknown>): Promise<PodiumError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PodiumError);
  return error as PodiumError;
}

describe('creating a save', () => {
  it('writes the header and the create-event line, checksummed, and refuses an existing path', async () => {
    const file = fresh();
    const store = await createEventStore(file, createCommand(), options);
    const [header, first, end] = lines(file);
    expect(JSON.parse(header as string)).toEqual({ podium: 'event-journal', format: JOURNAL_FORMAT, eventId: 'evt-1', createdAt: expect.any(String) });
    const entry = JSON.parse(first as string) as Record<string, unknown>;
    expect(Object.keys(entry)).toEqual(['seq', 'at', 'station', 'command', 'sum']);
    expect(entry).toMatchObject({ seq: 0, station: 'test-station', command: { type: 'create-event', id: 'evt-1' } });
    const { sum, ...rest } = entry;
    expect(sum).toBe(checksum(JSON.stringify(rest)));
    expect(end).toBe('');
    expect(store.readOnly).toBe(false);
    expect(store.notices).toEqual([]);
    await store.close();

    const before = readFileSync(file);
    const error = await rejection(createEventStore(file, createCommand('other'), options));
    expect(error.message).toMatch(/already exists/);
    expect(readFileSync(file)).toEqual(before);
    expect(tmp.leftovers()).toEqual([]);
  });

  it('refuses a first command that is not create-event, and a folder that does not exist', async () => {
    await rejection(createEventStore(fresh(), { type: 'drop-player', id: 'p1' } as never, options));
    const error = await rejection(createEventStore(path.join(tmp.dir, 'no', 'such', 'x.podium'), createCommand(), options));
    expect(error.message).toMatch(/cannot create .*x\.podium: no such file or folder/);
  });
});

describe('appending', () => {
  it('checks against the state first: a command the state refuses writes nothing', async () => {
    // The command's shape was parsed at the edge that received it (one-parse.test.ts).
    const file = fresh();
    const store = await createEventStore(file, createCommand(), options);
    const before = readFileSync(file);
    const illegal = await rejection(store.append({ type: 'record-result', round: 1, table: 1, result: { games: [2, 0, 0] } }));
    expect(illegal.message).toMatch(/there is no round 1 yet/);
    expect(readFileSync(file)).toEqual(before);
    expect(store.entries()).toHaveLength(1);
    await store.close();
  });

  it('gives sequence numbers 0, 1, 2, ...; a reopened save has the same entries and state', async () => {
    const file = fresh();
    const event = mtrEvent({ players: 8, rounds: 2 });
    const store = await createEventStore(file, event.commands[0] as never, options);
    for (const command of event.commands.slice(1)) await store.append(command);
    expect(store.entries().map((e) => e.seq)).toEqual(event.commands.map((_, i) => i));
    expect(store.state()).toEqual(event.state);
    await store.close();

    const reopened = await openEventStore(file, options);
    expect(reopened.readOnly).toBe(false);
    expect(reopened.notices).toEqual([]);
    expect(reopened.entries()).toEqual(store.entries());
    expect(reopened.state()).toEqual(event.state);
    expect(lines(file)).toHaveLength(event.commands.length + 2);
    await reopened.close();
  });

  it('appends one after another: file order = sequence order, a rejected one does not disturb the rest, nothing after close', async () => {
    // Concurrent commands wait in the station service's queue (one-parse.test.ts); the store takes them one at a time.
    const { file } = savedEvent();
    const store = await openEventStore(file, options);
    const state = store.state();
    const commands: Command[] = Array.from({ length: 30 }, (_, i) =>
      i === 13 ? { type: 'record-result', round: 9, table: 1, result: { games: [2, 0, 0] } } : amendCommand(state, i),
    );
    const results: PromiseSettledResult<JournalEntry>[] = [];
    for (const c of commands) results.push(await store.append(c).then((value) => ({ status: 'fulfilled', value }) as const, (reason: unknown) => ({ status: 'rejected', reason }) as const));
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    const acked = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const start = acked[0]!.seq;
    expect(acked.map((e) => e.seq)).toEqual(acked.map((_, i) => start + i));
    const onDisk = lines(file)
      .slice(1, -1)
      .map((line) => JSON.parse(line) as { seq: number; command: { reason?: string } });
    expect(onDisk.map((e) => e.seq)).toEqual(onDisk.map((_, i) => i));
    expect(onDisk.slice(start).map((e) => e.command.reason)).toEqual(commands.filter((_, i) => i !== 13).map((c) => (c as { reason: string }).reason));
    await store.close();
    await rejection(store.append(amendCommand(state, 99)));
  });
});

describe('a failed write', () => {
  it('is rolled back: the file keeps its last good line and appending carries on', async () => {
    const { file } = savedEvent();
    const store = await openEventStore(file, options);
    const before = readFileSync(file);
    const fd = (store as unknown as { writer: { fd: { datasync(): Promise<void> } } }).writer.fd;
    const datasync = fd.datasync.bind(fd);
    let failures = 1;
    fd.datasync = async () => {
      if (failures-- > 0) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      return datasync();
    };
    const error = await rejection(store.append(amendCommand(store.state(), 1)));
    expect(error.message).toMatch(/cannot write to .*: the disk is full/);
    expect((error as PodiumError).code).toBe('disk-full');
    expect(readFileSync(file)).toEqual(before);
    const entry = await store.append(amendCommand(store.state(), 2));
    expect(entry.seq).toBe(store.entries().length - 1);
    await store.close();
    const reopened = await openEventStore(file, options);
    expect(reopened.notices).toEqual([]);
    expect(reopened.entries()).toEqual(store.entries());
    await reopened.close();
  });

  it('that cannot be rolled back stops all further appends', async () => {
    const { file } = savedEvent();
    const store = await openEventStore(file, options);
    await (store as unknown as { writer: { fd: { close(): Promise<void> } } }).writer.fd.close(); // every write and truncate now fails
    await rejection(store.append(amendCommand(store.state(), 1)));
    expect((await rejection(store.append(amendCommand(store.state(), 2)))).message).toMatch(/close the event and open it again/);
  });
});

describe('undo (resolved by replay)', () => {
  it('undoes, redoes, and refuses what cannot be undone', async () => {
    const { file, commands } = savedEvent();
    const store = await openEventStore(file, options);
    const last = commands.length - 1;
    const before = store.state();
    const undo = await store.append({ type: 'undo', target: last, reason: 'wrong table' });
    expect(store.state()).toEqual(foldOf(store.entries()));
    expect(store.state()).not.toEqual(before);
    await store.append({ type: 'undo', target: undo.seq }); // redo
    expect(store.state()).toEqual(before);

    expect((await rejection(store.append({ type: 'undo', target: 0 }))).message).toMatch(/creating the event cannot be undone/);
    expect((await rejection(store.append({ type: 'undo', target: 999 }))).message).toMatch(/no journal entry 999/);
    // Player p01 was registered at entry 1 and has played since: that registration cannot go.
    expect((await rejection(store.append({ type: 'undo', target: 1 }))).message).toMatch(/undoing journal entry 1 \(register-player\) is not possible: entry \d+ \(pair-round\) depends on it/);
    expect(store.state()).toEqual(before);
    await store.close();

    const reopened = await openEventStore(file, options);
    expect(reopened.state()).toEqual(before);
    await reopened.close();
  });

  it('the incremental fold equals replay() of the journal for random commands and undos', async () => {
    const base = mtrEvent({ players: 6, rounds: 1 });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(5), fc.nat(1000)), { minLength: 1, maxLength: 40 }), async (plan) => {
        const file = fresh('undo');
        writeEventSaveSync(file, base.commands, options);
        const store = await openEventStore(file, options);
        for (const [kind, n] of plan) {
          const state = store.state();
          const size = store.entries().length;
          let command: Command;
          if (kind <= 1) command = { type: 'undo', target: 1 + (n % (size - 1)) };
          else if (kind === 2 && state.rounds.every((r) => r.tables.every((t) => t.result))) command = pairCommand(state);
          else if (kind === 3 && state.rounds.length > 0) command = amendCommand(state, n);
          else command = { type: 'register-player', player: { id: `late${n}`, name: `Late ${n}` }, draw: n };
          await store.append(command).catch((error: unknown) => {
            if (!(error instanceof PodiumError)) throw error;
          });
          expect(store.state()).toEqual(foldOf(store.entries()));
        }
        await store.close();
        const reopened = await openEventStore(file, options);
        expect(reopened.readOnly).toBe(false);
        expect(reopened.state()).toEqual(store.state());
        await reopened.close();
      }),
      { numRuns: 25 },
    );
  });

  it('re-folds from a checkpoint on long journals (undo deep in a 1,500-entry save)', async () => {
    const event = mtrEvent({ players: 16, rounds: 3, amends: 1450 });
    const file = fresh('long');
    writeEventSaveSync(file, event.commands, options);
    const store = await openEventStore(file, options);
    await store.append({ type: 'undo', target: 700 });
    await store.append({ type: 'undo', target: 1000 });
    await store.append({ type: 'undo', target: store.entries().length - 2 }); // redo 700
    // A round-1 result cannot go once round 2 is paired.
    expect((await rejection(store.append({ type: 'undo', target: 20 }))).message).toMatch(/entry \d+ \(pair-round\) depends on it — round 1 is not finished/);
    expect(store.state()).toEqual(foldOf(store.entries()));
    await store.close();
  });
});

describe('opening a damaged save', () => {
  it('cuts a torn last line, keeps its bytes in a sidecar, and carries on', async () => {
    const { file, commands } = savedEvent();
    const good = readFileSync(file);
    const torn = '{"seq":' + String(commands.length) + ',"at":"2026-05-01T19:00:00.000Z","station":"te';
    appendFileSync(file, torn);
    const store = await openEventStore(file, options);
    expect(store.readOnly).toBe(false);
    expect(store.notices).toEqual([{ kind: 'torn-line', line: commands.length + 2, message: expect.stringMatching(/was cut off/) }]);
    expect(readFileSync(file)).toEqual(good);
    const sidecars = readdirSync(tmp.dir).filter((n) => n.startsWith(`${path.basename(file)}.torn-`));
    expect(sidecars).toHaveLength(1);
    expect(readFileSync(path.join(tmp.dir, sidecars[0] as string), 'utf8')).toBe(torn);
    const entry = await store.append(amendCommand(store.state(), 1));
    expect(entry.seq).toBe(commands.length);
    await store.close();
    const reopened = await openEventStore(file, options);
    expect(reopened.notices).toEqual([]);
    expect(reopened.entries()).toHaveLength(commands.length + 1);
    await reopened.close();
  });

  it('treats a newline-terminated last line that is not JSON (zeros after a power cut) as torn', async () => {
    const { file } = savedEvent();
    const good = readFileSync(file);
    appendFileSync(file, Buffer.concat([Buffer.alloc(300), Buffer.from('\n')]));
    const store = await openEventStore(file, options);
    expect(store.readOnly).toBe(false);
    expect(store.notices[0]?.kind).toBe('torn-line');
    expect(readFileSync(file)).toEqual(good);
    await store.close();
  });

  it('opens read-only, unchanged, at the state before a damaged line; a repaired copy continues', async () => {
    const { file, commands } = savedEvent();
    const text = readFileSync(file, 'utf8').split('\n');
    const damagedLine = 12; // entry 10
    text[damagedLine - 1] = (text[damagedLine - 1] as string).replace('"games":[', '"games":[ ');
    writeFileSync(file, text.join('\n'));
    const before = readFileSync(file);

    const store = await openEventStore(file, options);
    expect(store.readOnly).toBe(true);
    expect(store.notices[0]).toEqual({ kind: 'damaged', line: damagedLine, message: expect.stringMatching(/checksum mismatch/) });
    expect(store.entries()).toHaveLength(damagedLine - 2);
    expect(store.state()).toEqual(foldOf(store.entries()));
    const refused = await rejection(store.append(amendCommand(store.state(), 0)));
    expect(refused.message).toMatch(/read-only/);

    const copy = fresh('copy');
    await store.saveAs(copy);
    expect(readFileSync(copy)).toEqual(before);
    const repaired = fresh('repaired');
    await store.saveRepairedCopy(repaired);
    await store.close();
    expect(readFileSync(file)).toEqual(before);

    const continued = await openEventStore(repaired, options);
    expect(continued.readOnly).toBe(false);
    expect(continued.entries()).toEqual(store.entries());
    await continued.append(commands[damagedLine - 2] as Command);
    await continued.close();
    expect(tmp.leftovers()).toEqual([]);
  });

  const damage: [string, (lines: string[]) => void, number, RegExp][] = [
    ['a missing line', (l) => l.splice(6, 1), 7, /sequence number 6 where 5 was expected \(a line is missing\)/],
    ['a repeated line', (l) => l.splice(6, 0, l[5] as string), 7, /sequence number 4 where 5 was expected \(a line is repeated/],
    ['a line that is not JSON', (l) => (l[4] = 'hello'), 5, /not valid JSON/],
    ['a line without a checksum', (l) => (l[4] = (l[4] as string).replace(/,"sum":"[0-9a-f]+"/, '')), 5, /no checksum/],
    ['an empty line', (l) => (l[3] = ''), 4, /the line is empty/],
    ['Windows line ends', (l) => l.forEach((line, i) => (l[i] = line === '' ? line : `${line}\r`)), 1, /the line endings were changed to CRLF \(Windows\)/],
  ];
  for (const [name, mutate, line, message] of damage) {
    it(`reports ${name} with its line`, async () => {
      const { file } = savedEvent();
      const text = readFileSync(file, 'utf8').split('\n');
      mutate(text);
      writeFileSync(file, text.join('\n'));
      const before = readFileSync(file);
      const store = await openEventStore(file, options).catch((e: unknown) => e);
      if (store instanceof JournalError) expect(store.line).toBe(line);
      else {
        const handle = store as EventStoreHandle;
        expect(handle.readOnly).toBe(true);
        expect(handle.notices[0]).toMatchObject({ kind: 'damaged', line });
        expect(handle.notices[0]?.message).toMatch(message);
        await handle.close();
      }
      expect(readFileSync(file)).toEqual(before);
    });
  }

  it('refuses a save from a newer Podium, with line 1', async () => {
    const { file } = savedEvent();
    const text = readFileSync(file, 'utf8').replace('"format":1', '"format":2');
    writeFileSync(file, text);
    const error = await rejection(openEventStore(file, options));
    expect(error).toBeInstanceOf(JournalError);
    expect(error.message).toMatch(/^line 1: this save has format 2, written by a newer Podium/);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('refuses files that are not saves', async () => {
    for (const content of ['', '\n', 'hello\n', '{"transcript":1}\n', headerLine({ podium: 'event-journal', format: 1, eventId: 'x', createdAt: 'now' })]) {
      const file = fresh('junk');
      writeFileSync(file, content);
      const error = await rejection(openEventStore(file, options));
      expect(error.message).toMatch(/^line [12]: /);
      expect(readFileSync(file, 'utf8')).toBe(content);
    }
    const missing = await rejection(openEventStore(tmp.file('nope.podium'), options));
    expect(missing.message).toMatch(/cannot open .*nope\.podium: no such file/);
  });
});

describe('a save Podium may not write', () => {
  it.skipIf(process.getuid?.() === 0)('opens read-only with a notice', async () => {
    const { file } = savedEvent();
    chmodSync(file, 0o444);
    const store = await openEventStore(file, options);
    expect(store.readOnly).toBe(true);
    expect(store.notices).toEqual([{ kind: 'read-only', message: expect.stringMatching(/may not write/) }]);
    await rejection(store.append(amendCommand(store.state(), 1)));
    await store.close();
  });
});

describe('migrating an older format (the hook)', () => {
  it('reads a format-0 save through its migration, read-only, and a repaired copy is format 1', async () => {
    const event = mtrEvent({ players: 4, rounds: 1 });
    // A made-up format 0: tab-separated "seq \t at \t command JSON" lines, no checksum.
    const file = fresh('old');
    writeFileSync(
      file,
      headerLine({ podium: 'event-journal', format: 0, eventId: 'evt-1', createdAt: '2020-01-01T00:00:00.000Z' }) +
        event.commands.map((c, seq) => `${seq}\t2020-01-01T00:00:00.000Z\t${JSON.stringify(c)}\n`).join(''),
    );
    const migration: Migration = {
      readLine(text) {
        const [seq, at, command] = text.split('\t');
        return { ok: true, entry: { seq: Number(seq), at, station: 'old', command: JSON.parse(command as string) as unknown } };
      },
    };
    const registry = MIGRATIONS as Map<number, Migration>;
    registry.set(0, migration);
    try {
      const store = await openEventStore(file, options);
      expect(store.readOnly).toBe(true);
      expect(store.notices).toEqual([{ kind: 'migrated', message: expect.stringMatching(/older format 0/) }]);
      expect(store.state()).toEqual(event.state);
      const copy = fresh('upgraded');
      await store.saveRepairedCopy(copy);
      await store.close();
      const upgraded = await openEventStore(copy, options);
      expect(upgraded.readOnly).toBe(false);
      expect(upgraded.header.format).toBe(JOURNAL_FORMAT);
      expect(upgraded.state()).toEqual(event.state);
      await upgraded.close();
    } finally {
      registry.delete(0);
    }
  });
});

describe('backups and copies', () => {
  it('copies the save at each round start into NAME.backups/round-N.podium, keeping the newest', async () => {
    const file = tmp.file('league.podium');
    const event = mtrEvent({ players: 8, rounds: 0 });
    writeEventSaveSync(file, event.commands, options);
    const store = await openEventStore(file, { ...options, backupsKept: 2 });
    for (let round = 1; round <= 4; round++) {
      const before = readFileSync(file);
      await store.append(pairCommand(store.state()));
      expect(readFileSync(path.join(tmp.dir, 'league.backups', `round-${round}.podium`))).toEqual(before);
      for (const table of store.state().rounds[round - 1]!.tables) await store.append({ type: 'record-result', round, table: table.table, result: { games: [2, 1, 0] } });
    }
    const backups = (): string[] => readdirSync(path.join(tmp.dir, 'league.backups')).sort();
    expect(backups()).toEqual(['round-3.podium', 'round-4.podium']);
    const backup = await openEventStore(path.join(tmp.dir, 'league.backups', 'round-4.podium'), options);
    expect(backup.state().rounds).toHaveLength(3);
    await backup.close();
    // Re-pairing the current round is not a round start.
    const round5 = pairCommand(store.state());
    await store.append(round5);
    const round5Backup = readFileSync(path.join(tmp.dir, 'league.backups', 'round-5.podium'));
    await store.append({ ...round5, replace: true, tables: [...round5.tables].reverse(), reason: 'table order' });
    expect(backups()).toEqual(['round-4.podium', 'round-5.podium']);
    expect(readFileSync(path.join(tmp.dir, 'league.backups', 'round-5.podium'))).toEqual(round5Backup);
    await store.close();
    expect(tmp.leftovers()).toEqual([]);
  });

  it('saveAs copies the whole file and refuses the save itself', async () => {
    const { file } = savedEvent();
    const store = await openEventStore(file, options);
    const copy = fresh('copy');
    await store.append(amendCommand(store.state(), 3));
    await store.saveAs(copy);
    expect(readFileSync(copy)).toEqual(readFileSync(file));
    await rejection(store.saveAs(file));
    await store.close();
  });
});

describe('the synchronous reader and writer (the command line)', () => {
  it('reads without cutting a torn tail', () => {
    const { file } = savedEvent();
    appendFileSync(file, '{"seq":');
    const before = readFileSync(file);
    const reading = readEventSaveSync(file);
    expect(reading.torn).toMatchObject({ line: reading.entries.length + 2 });
    expect(reading.notices[0]?.kind).toBe('torn-line');
    expect(readFileSync(file)).toEqual(before);
  });

  it('writes nothing when a command is invalid, and refuses an existing file', () => {
    const file = fresh('sync');
    const commands: Command[] = [createCommand(), { type: 'drop-player', id: 'nobody' }];
    expect(() => writeEventSaveSync(file, commands, options)).toThrow(PodiumError);
    expect(existsSync(file)).toBe(false);
    writeEventSaveSync(file, [createCommand()], options);
    expect(() => writeEventSaveSync(file, [createCommand()], options)).toThrow(/already exists/);
    expect(tmp.leftovers()).toEqual([]);
  });

  it('entryLine is the line the reader verifies', () => {
    const entry: JournalEntry = { seq: 0, at: '2026-01-01T00:00:00.000Z', station: 's', command: createCommand() };
    const line = entryLine(entry);
    expect(line.endsWith('"}\n')).toBe(true);
    expect(JSON.parse(line)).toEqual({ ...entry, sum: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });
});
