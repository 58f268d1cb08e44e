/**
 * Saves that came back changed in ways that are not a crash: line endings
 * converted to CRLF (a Windows editor, a file transfer, git), and clock times no real event can
 * have (before 2000-01-01 or after 2100-01-01). Read with the command line's reader and opened
 * through the real store, on real files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { replay } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import { PodiumError } from '../../core/model/errors.js';
import { openEventStore, readEventSaveSync, writeEventSaveSync } from '../../electron/host/event-store.js';
import { JournalFold } from '../../core/event/fold.js';
import { entryLine, headerLine } from '../../electron/host/journal-format.js';
import { readJournal } from '../../electron/host/journal-read.js';
import type { JournalHeader } from '../../electron/host/journal-types.js';
import { mtrEvent, tempFolder } from './save-fixtures.js';

const tmp = tempFolder('podium-journal-edge-');
afterAll(() => tmp.cleanup());

let fixedClock = Date.parse('2026-05-01T18:00:00.000Z');
const options = { station: 'edge-test', now: () => new Date((fixedClock += 1000)) };
let counter = 0;
const fresh = (name: string): string => tmp.file(`${name}-${++counter}.podium`);

const T0 = Date.UTC(2026, 4, 1, 18);
const M = 60_000;

/** A small event with a paused and resumed round clock: its commands, and its save as written by the store's writer. */
function savedEvent(): { file: string; bytes: Buffer; commands: Command[] } {
  const commands: Command[] = [
    ...mtrEvent({ players: 4, rounds: 1 }).commands,
    { type: 'start-round-clock', round: 1, at: T0 },
    { type: 'pause-clock', round: 1, at: T0 + 5 * M, reason: 'fire alarm' },
    { type: 'resume-clock', round: 1, at: T0 + 9 * M },
  ];
  const file = fresh('saved');
  writeEventSaveSync(file, commands, options);
  return { file, bytes: readFileSync(file), commands };
}

/** The bytes with "\n" turned into "\r\n" on lines `from` (1-based) and after. */
function toCrlf(bytes: Buffer, from = 1): Buffer {
  const lines = bytes.toString('utf8').split('\n');
  return Buffer.from(lines.map((line, i) => (i >= from - 1 && i < lines.length - 1 ? `${line}\r` : line)).join('\n'));
}

const written = (file: string, bytes: Buffer): string => {
  writeFileSync(file, bytes);
  return file;
};

describe('a save whose line endings were changed to CRLF (Windows)', () => {
  it('is read whole and opened read-only, saying exactly that; a repaired copy is a normal save', async () => {
    const { bytes, commands } = savedEvent();
    const converted = toCrlf(bytes);
    const file = written(fresh('crlf'), converted);

    const reading = readJournal(converted);
    const normal = readJournal(bytes);
    expect(reading.entries).toEqual(normal.entries);
    expect(reading.state).toEqual(normal.state);
    expect(reading.damage).toMatchObject({ line: 1, message: expect.stringMatching(/^the line endings were changed to CRLF \(Windows\)/) });
    expect(reading.damage?.message).toMatch(new RegExp(`all ${commands.length} commands were read`));
    expect(reading.torn).toBeUndefined();
    expect(reading.goodEnd).toBe(converted.length);
    expect(readEventSaveSync(file).damage).toEqual(reading.damage);

    const store = await openEventStore(file, options);
    expect(store.readOnly).toBe(true);
    expect(store.entries()).toEqual(normal.entries);
    expect(store.state()).toEqual(normal.state);
    expect(store.notices[0]).toMatchObject({ kind: 'damaged', line: 1, message: expect.stringMatching(/line endings were changed to CRLF \(Windows\)/) });
    expect(store.notices.find((n) => n.kind === 'read-only')?.message).toMatch(/CRLF.*read-only.*Save a repaired copy \(written with normal line endings\)/);
    await expect(store.append({ type: 'pause-clock', round: 1, at: T0 + 20 * M })).rejects.toBeInstanceOf(PodiumError);
    const repaired = fresh('repaired');
    await store.saveRepairedCopy(repaired);
    await store.close();
    expect(readFileSync(file)).toEqual(converted);
    // The copy is the save as Podium wrote it, byte for byte: no "\r" anywhere.
    expect(readFileSync(repaired)).toEqual(bytes);

    const continued = await openEventStore(repaired, options);
    expect(continued.readOnly).toBe(false);
    expect(continued.notices).toEqual([]);
    await continued.append({ type: 'pause-clock', round: 1, at: T0 + 20 * M });
    expect(continued.state().clock?.rounds[0]?.pauses).toHaveLength(2);
    await continued.close();
  });

  it('converted only from some line on: read whole, reported from that line', () => {
    const { bytes } = savedEvent();
    const reading = readJournal(toCrlf(bytes, 5));
    expect(reading.entries).toEqual(readJournal(bytes).entries);
    expect(reading.damage).toMatchObject({ line: 5, message: expect.stringMatching(/CRLF \(Windows\), from line 5/) });
  });

  it('with a torn last line as well: both reported, nothing cut', async () => {
    const { bytes } = savedEvent();
    const converted = Buffer.concat([toCrlf(bytes), Buffer.from('{"seq":99,"at":"2026-05-01T18')]);
    const file = written(fresh('crlf-torn'), converted);
    const store = await openEventStore(file, options);
    expect(store.readOnly).toBe(true);
    expect(store.entries()).toEqual(readJournal(bytes).entries);
    expect(store.notices.map((n) => n.kind)).toEqual(['damaged', 'read-only', 'info']);
    expect(store.notices[2]?.message).toMatch(/incomplete as well; it was left as it is/);
    await store.close();
    expect(readFileSync(file)).toEqual(converted);
  });

  it('a torn last line that ends in "\\r\\n" is only a torn line: cut, the save stays writable', async () => {
    const { bytes } = savedEvent();
    const file = written(fresh('torn-cr'), Buffer.concat([bytes, Buffer.from('{"seq":11,"at":"2026-05\r\n')]));
    const reading = readEventSaveSync(file);
    expect(reading.damage).toBeUndefined();
    expect(reading.torn).toEqual({ line: 13, offset: bytes.length });
    const store = await openEventStore(file, options);
    expect(store.readOnly).toBe(false);
    expect(store.notices.map((n) => n.kind)).toEqual(['torn-line']);
    await store.close();
    expect(readFileSync(file)).toEqual(bytes);
  });

  it('with real damage too: the damage at its line, the line endings as information', () => {
    const { bytes } = savedEvent();
    const lines = toCrlf(bytes).toString('utf8').split('\n');
    lines[4] = (lines[4] as string).replace('"register-player"', '"register-playeR"');
    const reading = readJournal(Buffer.from(lines.join('\n')));
    expect(reading.damage).toMatchObject({ line: 5, message: expect.stringMatching(/checksum mismatch/) });
    expect(reading.entries).toHaveLength(3);
    expect(reading.notices.find((n) => n.kind === 'info' && /CRLF/.test(n.message))).toMatchObject({ line: 1 });
  });

  it('a "\\r" that is not at the end of a line is damage, not a line end', () => {
    const { bytes } = savedEvent();
    const lines = bytes.toString('utf8').split('\n');
    lines[3] = (lines[3] as string).replace('"seq":2,', '"seq":2,\r');
    const reading = readJournal(Buffer.from(lines.join('\n')));
    expect(reading.damage).toMatchObject({ line: 4, message: expect.stringMatching(/checksum mismatch/) });
  });
});

describe('clock times outside any plausible event', () => {
  const HEADER: JournalHeader = { podium: 'event-journal', format: 1, eventId: 'evt-1', createdAt: '2026-05-01T18:00:00.000Z' };
  const AT = '2026-05-01T18:00:00.000Z';
  /** A save of these commands, each line with its own `at` where given. */
  const save = (commands: readonly Command[], ats: Record<number, string> = {}): Buffer =>
    Buffer.from(headerLine(HEADER) + commands.map((command, seq) => entryLine({ seq, at: ats[seq] ?? AT, station: 'edge', command })).join(''));
  const { commands } = savedEvent();
  const base = commands.slice(0, -3); // the event, before its clock started
  const clockAt = (at: number): Command[] => [...base, { type: 'start-round-clock', round: 1, at }];

  it.each([
    ['the Unix epoch', '1970-01-01T00:00:00.000Z'],
    ['the last moment of 1999', '1999-12-31T23:59:59.999Z'],
    ['a moment after 2100-01-01', '2100-01-01T00:00:00.001Z'],
    ['the year 9999', '9999-01-01T00:00:00.000Z'],
  ])('an entry written at %s is damage at its line, with the commands before it', (_name, at) => {
    const reading = readJournal(save(base, { 3: at }));
    expect(reading.damage).toMatchObject({ line: 5, message: expect.stringMatching(/the entry's time .* is outside any plausible event \(before 2000-01-01 or after 2100-01-01\)/) });
    expect(reading.damage?.message).toContain(at);
    expect(reading.entries).toHaveLength(3);
    expect(reading.notices[0]).toMatchObject({ kind: 'damaged', line: 5 });
  });

  it.each([
    ['0 (the Unix epoch)', 0, '1970-01-01T00:00:00.000Z'],
    ['a second-count mistaken for milliseconds', 1_777_657_200, '1970-01-21T13:47:37.200Z'],
    ['the last millisecond of 1999', Date.UTC(2000, 0, 1) - 1, '1999-12-31T23:59:59.999Z'],
    ['the year 2150', Date.UTC(2150, 0, 1), '2150-01-01T00:00:00.000Z'],
    ['far beyond any date', 9_007_199_254_740_991, '9007199254740991'],
  ])("a command's at of %s is damage at its line", (_name, at, shown) => {
    const journal = clockAt(at);
    const reading = readJournal(save(journal));
    expect(reading.damage).toMatchObject({ line: journal.length + 1, message: expect.stringMatching(/the start-round-clock command's time .* is outside any plausible event/) });
    expect(reading.damage?.message).toContain(`at ${at} = ${shown}`);
    expect(reading.state).toEqual(replay(journal.slice(0, -1).map((command, seq) => ({ seq, command }))));
  });

  it('a result entered at an implausible time, and a pause, are damage too', () => {
    const result: Command = { type: 'record-result', round: 1, table: 1, result: { games: [2, 0, 0] }, reason: 'typo', at: 86_400_000 };
    expect(readJournal(save([...base, result])).damage?.message).toMatch(/record-result command's time \(at 86400000 = 1970-01-02/);
    const pause: Command = { type: 'pause-clock', round: 1, at: Date.UTC(2101, 0, 1) };
    const journal = [...clockAt(T0), pause];
    expect(readJournal(save(journal)).damage).toMatchObject({ line: journal.length + 1, message: expect.stringMatching(/pause-clock command's time/) });
  });

  it('the bounds themselves are plausible', () => {
    const atBounds = save([...clockAt(Date.UTC(2000, 0, 1)), { type: 'pause-clock', round: 1, at: Date.UTC(2100, 0, 1) }], {
      1: '2000-01-01T00:00:00.000Z',
      2: '2100-01-01T00:00:00.000Z',
    });
    const reading = readJournal(atBounds);
    expect(reading.damage).toBeUndefined();
    expect(reading.state.clock?.rounds[0]?.pauses).toEqual([{ at: Date.UTC(2100, 0, 1) }]);
  });

  it('the store opens such a save read-only with the damage, and never writes such a time itself', async () => {
    const file = written(fresh('epoch'), save(clockAt(0)));
    const before = readFileSync(file);
    const damaged = await openEventStore(file, options);
    expect(damaged.readOnly).toBe(true);
    expect(damaged.notices[0]).toMatchObject({ kind: 'damaged', line: base.length + 2, message: expect.stringMatching(/outside any plausible event/) });
    await damaged.close();
    expect(readFileSync(file)).toEqual(before);

    // A host whose clock says 1970 (no battery-backed clock, say) is refused before anything is written.
    const good = written(fresh('good'), save(base));
    const store = await openEventStore(good, options);
    const size = readFileSync(good).length;
    const refusal = await store.append({ type: 'start-round-clock', round: 1, at: 5_000 }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PodiumError);
    expect(refusal).toMatchObject({ code: 'invalid-input', message: expect.stringMatching(/outside any plausible event .*check this computer's date and time/) });
    expect(readFileSync(good).length).toBe(size);
    await store.append({ type: 'start-round-clock', round: 1, at: T0 });
    await store.close();
    expect(readJournal(readFileSync(good)).damage).toBeUndefined();
  });

  it('the fold refuses such a command without changing anything', () => {
    const fold = new JournalFold();
    for (const command of base) fold.commit(fold.prepare(command));
    const state = fold.state;
    expect(() => fold.prepare({ type: 'start-round-clock', round: 1, at: -1 })).toThrow(/outside any plausible event/);
    expect(fold.state).toBe(state);
    expect(fold.length).toBe(base.length);
  });
});
