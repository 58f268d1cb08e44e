/**
 * Hostile and damaged saves (ARCHITECTURE "Opening"): truncations at every offset, flipped bytes,
 * huge lines, wrong and future versions, empty files, binary garbage, valid JSON with invalid
 * commands, duplicate sequence numbers, and commands valid in shape but illegal in sequence.
 *
 * For every file, opening it through the real store must: throw nothing but a PodiumError (with
 * the line, when there is one); leave the file byte for byte as it was — except for a torn last
 * line, which is cut (and only that line: the file shrinks to a line boundary, the cut bytes are
 * exactly one last line and are kept in the sidecar); report damage with a line number; and give
 * the fold of the entries it kept. The command line's reader (never cutting) must agree.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { replay } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import { PodiumError } from '../../core/model/errors.js';
import { createRng } from '../../core/random/rng.js';
import { openEventStore, readEventSaveSync } from '../../electron/host/event-store.js';
import { checksum, entryLine, headerLine } from '../../electron/host/journal-format.js';
import type { JournalFileRead } from '../../electron/host/journal-read.js';
import type { EventStoreHandle, JournalHeader } from '../../electron/host/journal-types.js';
import { mtrEvent, tempFolder } from './save-fixtures.js';

const tmp = tempFolder('podium-fuzz-');
afterAll(() => tmp.cleanup());

const HEADER: JournalHeader = { podium: 'event-journal', format: 1, eventId: 'evt-1', createdAt: '2026-05-01T18:00:00.000Z' };
const AT = '2026-05-01T18:00:00.000Z';

/** A save of these commands (any values: lines are signed whatever they hold). */
function signed(commands: readonly unknown[], header: unknown = HEADER, seqs?: readonly number[]): Buffer {
  const lines = commands.map((command, i) => entryLine({ seq: seqs?.[i] ?? i, at: AT, station: 'fuzz', command: command as Command }));
  return Buffer.from((typeof header === 'string' ? header : headerLine(header as JournalHeader)) + lines.join(''));
}

const small = mtrEvent({ players: 4, rounds: 2, amends: 2 });
const base = signed(small.commands);

interface Outcome {
  kind: 'error' | 'clean' | 'damaged' | 'torn';
  line?: number;
}

let cases = 0;
const tally = new Map<string, number>();

/** Open `bytes` through the store and check every promise of the file comment. */
async function check(name: string, bytes: Buffer): Promise<Outcome> {
  cases++;
  const file = tmp.file('case.podium');
  writeFileSync(file, bytes);
  let reading: JournalFileRead | PodiumError;
  try {
    reading = readEventSaveSync(file);
  } catch (error) {
    if (!(error instanceof PodiumError)) throw new Error(`${name}: the reader threw ${String(error)}`);
    reading = error;
  }
  expect(readFileSync(file).equals(bytes), `${name}: the reader changed the file`).toBe(true);

  let handle: EventStoreHandle | undefined;
  try {
    handle = await openEventStore(file, { station: 'fuzz' });
  } catch (error) {
    if (!(error instanceof PodiumError)) throw new Error(`${name}: open threw ${String(error)}`);
    expect(readFileSync(file).equals(bytes), `${name}: a refused file was changed`).toBe(true);
    expect(error.message, name).toMatch(/^line \d+: \S/);
    expect(reading, `${name}: the reader disagrees`).toBeInstanceOf(PodiumError);
    const line = Number(/^line (\d+)/.exec(error.message)?.[1]);
    expect(line).toBeGreaterThanOrEqual(1);
    count('error');
    return { kind: 'error', line };
  }
  try {
    expect(reading, `${name}: the reader refused what the store opened`).not.toBeInstanceOf(PodiumError);
    const read = reading as JournalFileRead;
    const after = readFileSync(file);
    const lineCount = bytes.toString('latin1').split('\n').length;
    for (const notice of handle.notices) {
      if (notice.kind === 'migrated') continue;
      expect(Number.isInteger(notice.line), `${name}: ${notice.kind} notice without a line`).toBe(true);
      expect(notice.line).toBeGreaterThanOrEqual(2);
      expect(notice.line).toBeLessThanOrEqual(lineCount);
      expect(notice.message.length).toBeGreaterThan(0);
    }
    expect(handle.entries()).toHaveLength(read.entries.length);
    expect(handle.state()).toEqual(replay(handle.entries()));
    const torn = handle.notices.find((n) => n.kind === 'torn-line');
    const damaged = handle.notices.find((n) => n.kind === 'damaged');
    const sidecars = readdirSync(tmp.dir).filter((n) => n.startsWith('case.podium.torn-'));
    if (handle.readOnly) {
      expect(damaged, `${name}: read-only without a damage notice`).toBeDefined();
      expect(after.equals(bytes), `${name}: a damaged save was changed`).toBe(true);
      expect(sidecars).toEqual([]);
      count('damaged');
      return { kind: 'damaged', line: damaged?.line as number };
    }
    expect(damaged).toBeUndefined();
    if (!torn) {
      expect(after.equals(bytes), `${name}: a clean save was changed`).toBe(true);
      expect(sidecars).toEqual([]);
      count('clean');
      return { kind: 'clean' };
    }
    // The one allowed change: the torn last line cut off, nothing else.
    expect(after.length).toBeLessThan(bytes.length);
    expect(bytes.subarray(0, after.length).equals(after), `${name}: the cut file is not a prefix`).toBe(true);
    expect(after[after.length - 1]).toBe(10);
    const cut = bytes.subarray(after.length);
    const newline = cut.indexOf(10);
    expect(newline === -1 || newline === cut.length - 1, `${name}: more than one line was cut`).toBe(true);
    expect(sidecars).toHaveLength(1);
    expect(readFileSync(path.join(tmp.dir, sidecars[0] as string)).equals(cut)).toBe(true);
    expect(torn.line).toBe(after.toString('latin1').split('\n').length);
    count('torn');
    return { kind: 'torn', line: torn.line as number };
  } finally {
    await handle.close();
    for (const name of readdirSync(tmp.dir)) if (name.startsWith('case.podium.torn-')) rmSync(path.join(tmp.dir, name));
  }
}

function count(kind: string): void {
  tally.set(kind, (tally.get(kind) ?? 0) + 1);
}

/** Byte offsets where each line starts (line 1 at 0), and the file's length at the end. */
function lineStarts(bytes: Buffer): number[] {
  const starts = [0];
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) starts.push(i + 1);
  return starts;
}

describe('opening hostile saves', () => {
  afterAll(() => {
    console.log(`fuzz: ${cases} files; ${[...tally].map(([k, v]) => `${v} ${k}`).join(', ')}`);
  });

  it('truncations: every offset of the first lines, every line end ±2, and a sample of the rest', async () => {
    const starts = lineStarts(base);
    const rng = createRng(5);
    const offsets = new Set<number>();
    for (let offset = 0; offset <= (starts[5] as number); offset++) offsets.add(offset); // header, create, 3 registrations (multi-byte names)
    for (const start of starts) for (let d = -2; d <= 2; d++) if (start + d >= 0 && start + d <= base.length) offsets.add(start + d);
    for (let i = 0; i < 200; i++) offsets.add(rng.int(0, base.length));
    for (const offset of [...offsets].sort((a, b) => a - b)) {
      const outcome = await check(`truncated at ${offset}`, base.subarray(0, offset));
      const line = starts.filter((s) => s <= offset).length; // the line the cut falls in (1-based)
      const atBoundary = starts.includes(offset);
      if (line === 1 || (line === 2 && !atBoundary) || offset === starts[1]) {
        expect(outcome.kind, `offset ${offset}`).toBe('error');
      } else if (atBoundary) expect(outcome.kind, `offset ${offset}`).toBe('clean');
      else expect(outcome, `offset ${offset}`).toEqual({ kind: 'torn', line });
    }
  });

  it('flipped bytes', async () => {
    const rng = createRng(42);
    const starts = lineStarts(base);
    for (let i = 0; i < 400; i++) {
      const bytes = Buffer.from(base);
      const flips = i < 300 ? 1 : rng.int(2, 6);
      const lines = new Set<number>();
      for (let f = 0; f < flips; f++) {
        const at = rng.int(0, bytes.length - 1);
        bytes[at] = (bytes[at] as number) ^ (1 << rng.int(0, 7));
        lines.add(starts.filter((s) => s <= at).length);
      }
      const name = `flip ${i} in line${lines.size > 1 ? 's' : ''} ${[...lines].join(', ')}`;
      const outcome = await check(name, bytes);
      // Only the header (no checksum) can hide a flip in its values; anywhere else it shows.
      if ([...lines].some((l) => l >= 2)) expect(outcome.kind, name).not.toBe('clean');
      // Damage is reported at a flipped line (or at line 2, when the header's event id changed).
      if (outcome.kind === 'damaged' || outcome.kind === 'error') expect(lines.has(outcome.line as number) || (outcome.line === 2 && lines.has(1)), name).toBe(true);
    }
  });

  it('huge lines (several MB)', async () => {
    const huge = 'x'.repeat(6 * 1024 * 1024);
    const hugeName = { type: 'register-player', player: { id: 'p99', name: huge }, draw: 1 };
    const withHuge = signed([...small.commands.slice(0, 3), hugeName, ...small.commands.slice(3)]);
    expect(await check('a signed 6 MB command', withHuge)).toMatchObject({ kind: 'damaged', line: 5 });
    const lines = base.toString('utf8').split('\n');
    const garbageMid = Buffer.from([...lines.slice(0, 4), huge, ...lines.slice(4)].join('\n'));
    expect(await check('6 MB of garbage mid-file', garbageMid)).toMatchObject({ kind: 'damaged', line: 5 });
    expect(await check('6 MB torn tail', Buffer.concat([base, Buffer.from(`{"seq":${small.commands.length},"at":"${huge}`)]))).toMatchObject({ kind: 'torn' });
    expect(await check('6 MB zero tail with a newline', Buffer.concat([base, Buffer.alloc(6 * 1024 * 1024), Buffer.from('\n')]))).toMatchObject({ kind: 'torn' });
    const badSum = entryLine({ seq: small.commands.length, at: AT, station: 'fuzz', command: { type: 'drop-player', id: huge.slice(0, 64) } }).replace('"drop-player"', '"drop-playeR"');
    expect(await check('a bad checksum as last line', Buffer.concat([base, Buffer.from(badSum)]))).toMatchObject({ kind: 'damaged' });
    const hugeValid = signed([...small.commands, { type: 'record-result', round: 2, table: 1, result: { games: [2, 0, 0], junk: huge }, reason: 'big' }]);
    await check('a huge but acceptable result', hugeValid);
  });

  it('wrong and future versions, empty and non-save files', async () => {
    const entries = base.subarray(base.indexOf(10) + 1);
    const headers: unknown[] = [
      { ...HEADER, format: 2 },
      { ...HEADER, format: 99 },
      { ...HEADER, format: 0 },
      { ...HEADER, format: -1 },
      { ...HEADER, format: 1.5 },
      { ...HEADER, format: '1' },
      { ...HEADER, format: null },
      { podium: 'event-journal', eventId: 'evt-1', createdAt: AT },
      { ...HEADER, podium: 'other' },
      { ...HEADER, extra: true },
      { ...HEADER, eventId: '' },
      { ...HEADER, eventId: 'someone-else' },
      { ...HEADER, createdAt: 7 },
    ];
    for (const header of headers) {
      const outcome = await check(`header ${JSON.stringify(header)}`, Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), entries]));
      expect(outcome.kind).toBe('error');
      expect(outcome.line).toBe((header as JournalHeader).eventId === 'someone-else' ? 2 : 1);
    }
    const junk = ['', '\n', '\n\n\n', '   ', '[]\n', '1\n', '"podium"\n', 'null\n', '{}\n', '{"transcript":1,"ruleset":"mtr"}\n', headerLine(HEADER), headerLine(HEADER).trimEnd(), `${headerLine(HEADER)}\n`, `\uFEFF${base.toString('utf8')}`];
    for (const text of junk) expect((await check(`junk ${JSON.stringify(text.slice(0, 30))}`, Buffer.from(text))).kind).toBe('error');
  });

  it('binary garbage: whole files, appended, inserted', async () => {
    const rng = createRng(7);
    const garbage = (n: number): Buffer => Buffer.from(Array.from({ length: n }, () => rng.int(0, 255)));
    for (let i = 0; i < 120; i++) expect((await check(`garbage file ${i}`, garbage(rng.int(1, 4096)))).kind).toBe('error');
    for (let i = 0; i < 120; i++) {
      const outcome = await check(`garbage appended ${i}`, Buffer.concat([base, garbage(rng.int(1, 2048))]));
      expect(['torn', 'damaged']).toContain(outcome.kind);
    }
    const starts = lineStarts(base);
    for (let i = 0; i < 120; i++) {
      const at = rng.int(1, base.length - 1);
      const outcome = await check(`garbage inserted at ${at}`, Buffer.concat([base.subarray(0, at), garbage(rng.int(1, 512)), base.subarray(at)]));
      expect(outcome.kind).not.toBe('clean');
      const line = starts.filter((s) => s <= at).length;
      if (outcome.kind === 'damaged') expect(outcome.line).toBeGreaterThanOrEqual(line);
    }
  });

  it('valid JSON with invalid commands, duplicate sequence numbers, commands illegal in sequence', async () => {
    const c = small.commands;
    const n = c.length;
    const withAt = (index: number, command: unknown): unknown[] => [...c.slice(0, index), command, ...c.slice(index)];
    const invalid: [string, unknown[], number][] = [
      ['a command that is a string', withAt(3, 'register-player'), 5],
      ['a command with no type', withAt(3, { player: { id: 'p9', name: 'X' }, draw: 1 }), 5],
      ['an unknown command type', withAt(3, { type: 'format-disk' }), 5],
      ['a player id too long', withAt(3, { type: 'register-player', player: { id: 'x'.repeat(65), name: 'X' }, draw: 1 }), 5],
      ['a draw that is not a whole number', withAt(3, { type: 'register-player', player: { id: 'p9', name: 'X' }, draw: 0.5 }), 5],
      ['a __proto__ key', withAt(3, JSON.parse('{"type":"register-player","player":{"id":"p9","name":"X","__proto__":{"polluted":1}},"draw":1}')), 0],
      ['null', withAt(3, null), 5],
      ['a second create-event', withAt(3, c[0]), 5],
      ['a result for a round not paired', withAt(n, { type: 'record-result', round: 9, table: 1, result: { games: [2, 0, 0] } }), n + 2],
      ['a result naming a table that does not exist', withAt(n, { type: 'record-result', round: 2, table: 77, result: { games: [2, 0, 0] } }), n + 2],
      ['an amendment without a reason', withAt(n, { type: 'record-result', round: 2, table: 1, result: { games: [2, 0, 0] } }), n + 2],
      ['an impossible result', withAt(n, { type: 'record-result', round: 2, table: 1, result: { games: [2, 2, 0] }, reason: 'x' }), n + 2],
      ['pairing round 5 next', withAt(n, { type: 'pair-round', round: 5, stage: 'swiss', tables: [], byes: [], seed: 1 }), n + 2],
      ['pairing an unknown player', withAt(n, { type: 'pair-round', round: 3, stage: 'swiss', tables: [{ table: 1, seats: ['p001', 'zz'] }], byes: [], seed: 1 }), n + 2],
      ['registering before the event', [c[1], ...c.slice(1)], 2],
      ['dropping an unknown player', withAt(n, { type: 'drop-player', id: 'nobody' }), n + 2],
      ['undo of the creation', withAt(n, { type: 'undo', target: 0 }), n + 2],
      ['undo of a future entry', withAt(n, { type: 'undo', target: n + 5 }), n + 2],
      ['undo of its own line', withAt(n, { type: 'undo', target: n }), n + 2],
      ['undo of a registration that was played', withAt(n, { type: 'undo', target: 1 }), n + 2],
      ['a playoff round before the cut', withAt(n, { type: 'pair-round', round: 3, stage: 'playoff', tables: [], byes: [], seed: 1 }), n + 2],
    ];
    for (const [name, commands, line] of invalid) {
      const outcome = await check(name, signed(commands));
      if (line === 0) expect(['clean', 'damaged']).toContain(outcome.kind);
      else expect(outcome, name).toEqual({ kind: line === 2 ? 'error' : 'damaged', line });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // 50,000 levels of nesting (JSON.stringify cannot even write it: the line is made by hand).
    const deepBody = `{"seq":${n},"at":"${AT}","station":"fuzz","command":{"type":"record-result","round":2,"table":1,"result":{"games":${'['.repeat(50_000)}${']'.repeat(50_000)}},"reason":"deep"}}`;
    const deepLine = `${deepBody.slice(0, -1)},"sum":"${checksum(deepBody)}"}\n`;
    expect(await check('a deeply nested result', Buffer.concat([base, Buffer.from(deepLine)]))).toEqual({ kind: 'damaged', line: n + 2 });
    expect(await check('the event id differs from the header', signed(c, { ...HEADER, eventId: 'other' }))).toEqual({ kind: 'error', line: 2 });

    const seqCases: [string, number[], number][] = [
      ['a duplicate sequence number', c.map((_, i) => (i === 5 ? 4 : i)), 7],
      ['a gap', c.map((_, i) => (i >= 5 ? i + 1 : i)), 7],
      ['starting at 1', c.map((_, i) => i + 1), 2],
      ['a negative number', c.map((_, i) => (i === 3 ? -3 : i)), 5],
    ];
    for (const [name, seqs, line] of seqCases) {
      const outcome = await check(name, signed(c, HEADER, seqs));
      expect(outcome, name).toEqual(line === 2 ? { kind: 'error', line } : { kind: 'damaged', line });
    }
    const text = base.toString('utf8').split('\n');
    expect(await check('a line written twice', Buffer.from([...text.slice(0, 6), text[5], ...text.slice(6)].join('\n')))).toEqual({ kind: 'damaged', line: 7 });

    // Random reorderings of well-signed lines: illegal sequences, or a legal one (then clean).
    const rng = createRng(99);
    for (let i = 0; i < 200; i++) {
      const order = c.map((_, k) => k);
      const a = rng.int(1, n - 1);
      const b = rng.int(1, n - 1);
      [order[a], order[b]] = [order[b] as number, order[a] as number];
      const removed = i % 4 === 0 ? order.splice(rng.int(1, n - 1), 1) : [];
      const outcome = await check(`reordered ${i} (${a}↔${b}${removed.length ? `, without ${removed[0]}` : ''})`, signed(order.map((k) => c[k])));
      expect(['clean', 'damaged']).toContain(outcome.kind);
    }
  });

  it('covered at least 1,000 files', () => {
    expect(cases).toBeGreaterThanOrEqual(1000);
  });
});
