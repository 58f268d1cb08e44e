/** The command line and `.podium` event saves: import, export, and every reading command on a save. */
import { spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openEventStore } from '../../electron/host/event-store.js';
import { cli, tempDir } from '../support/cli.js';
import { conformanceCasesDir, repoRoot } from '../support/paths.js';

const tmp = tempDir('podium-cli-save-');
afterAll(() => tmp.cleanup());

const mtrCase = path.join(conformanceCasesDir, 'mtr-9-players.json');
const mstrCase = path.join(conformanceCasesDir, 'mstr-13-players.json');
let n = 0;
const fresh = (name: string): string => path.join(tmp.dir, `${++n}-${name}`);

function ok(argv: string[]): string {
  const run = cli(argv);
  expect(run.stderr, argv.join(' ')).toBe('');
  expect(run.code, argv.join(' ')).toBe(0);
  return run.stdout;
}

function invalid(argv: string[], message: RegExp): string {
  const run = cli(argv);
  expect(run.stdout, argv.join(' ')).toBe('');
  expect(run.code, `${argv.join(' ')}: ${run.stderr}`).toBe(2);
  expect(run.stderr).toMatch(/^[^\n]+\n$/);
  expect(run.stderr).toMatch(message);
  return run.stderr;
}

function imported(transcript = mtrCase): string {
  const save = fresh('event.podium');
  expect(ok(['import', transcript, '--out', save])).toMatch(/^Imported .* into .*event\.podium: \d+ commands \(transcript version [12], /);
  return save;
}

describe('import → export round trip', () => {
  const simulated = (ruleset: string, players: number, rounds: number, seed: number): string => {
    const file = fresh(`${ruleset}.json`);
    ok(['simulate', '--ruleset', ruleset, '--players', String(players), '--rounds', String(rounds), '--seed', String(seed), '--drop-rate', '0.05', '--out', file]);
    return file;
  };
  const cases: [string, () => string][] = [
    ['the mtr conformance case', () => mtrCase],
    ['the mstr conformance case', () => mstrCase],
    ['a simulated mtr event with drops', () => simulated('mtr', 40, 5, 11)],
    ['a simulated mamtr-2024 event with drops', () => simulated('mamtr-2024', 30, 4, 12)],
  ];
  for (const [name, transcript] of cases) {
    it(`${name}: identical standings from the transcript, the save and the exported transcript`, () => {
      const source = transcript();
      const save = imported(source);
      const exported = fresh('exported.json');
      expect(ok(['export', save, '--out', exported])).toMatch(/^Exported .* to .*exported\.json: \d+ players, \d+ rounds? \(transcript version 2\)\n$/);
      for (const format of [['--json'], []]) {
        const original = ok(['standings', source, ...format]);
        expect(ok(['standings', save, ...format])).toBe(original);
        expect(ok(['standings', exported, ...format])).toBe(original);
      }
      expect(ok(['pair', save, '--json'])).toBe(ok(['pair', source, '--json']));
      // Export of the re-import is the same transcript again.
      const again = fresh('again.json');
      ok(['export', imported(exported), '--out', again]);
      expect(readFileSync(again, 'utf8')).toBe(readFileSync(exported, 'utf8'));
    });
  }

  it('playoff reads a save the same as its transcript', () => {
    const save = imported();
    expect(ok(['playoff', save, '--top', '4', '--json'])).toBe(ok(['playoff', mtrCase, '--top', '4', '--json']));
  });

  it('names the event after the transcript file and gives it its own id', async () => {
    const save = imported();
    const store = await openEventStore(save, { station: 'test' });
    expect(store.state().name).toBe('mtr-9-players');
    expect(store.header.eventId).not.toBe('transcript');
    expect(store.entries().every((e) => e.station === 'cli')).toBe(true);
    await store.close();
  });
});

describe('reading saves', () => {
  it('detects a save by its header whatever its name', () => {
    const save = imported();
    const renamed = fresh('event.json');
    copyFileSync(save, renamed);
    expect(ok(['standings', renamed, '--json'])).toBe(ok(['standings', mtrCase, '--json']));
  });

  it('reads what the station wrote, undo included', async () => {
    const save = imported();
    const store = await openEventStore(save, { station: 'station-1' });
    const last = store.entries().length - 1;
    await store.append({ type: 'undo', target: last, reason: 'wrong slip' });
    await store.close();
    const run = cli(['pair', save]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/round 4 is not finished \(table \d+ has no result\)/);
  });

  it('a torn last line is a warning on stderr; the rest is read and the file is not changed', () => {
    const save = imported();
    const clean = ok(['standings', save, '--json']);
    const lines = readFileSync(save, 'utf8').split('\n').length - 1;
    appendFileSync(save, '{"seq":99,"at":"2026-');
    const before = readFileSync(save);
    const run = cli(['standings', save, '--json']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(clean);
    expect(run.stderr).toBe(
      `warning: ${save}: line ${lines + 1}: the last line is incomplete (Podium stopped while writing it); it is ignored, and cut off when the save is next opened in Podium\n`,
    );
    expect(readFileSync(save)).toEqual(before);
  });

  it('a damaged save: exit 2 with the line of the damage, for every command, and the file is never changed', () => {
    const save = imported();
    const text = readFileSync(save, 'utf8').split('\n');
    text[20] = (text[20] as string).replace('"games":[', '"games":[ ');
    writeFileSync(save, text.join('\n'));
    const before = readFileSync(save);
    const argvs = [
      ['standings', save],
      ['standings', save, '--json'],
      ['pair', save],
      ['playoff', save, '--top', '4'],
      ['export', save, '--out', fresh('x.json')],
    ];
    for (const argv of argvs) {
      const stderr = invalid(argv, /line 21: checksum mismatch/);
      expect(stderr).toContain(save);
      expect(stderr).toMatch(/it was not changed/);
      expect(readFileSync(save)).toEqual(before);
    }
    expect(existsSync(argvs[4]![3] as string)).toBe(false);
  });

  it('a save from a newer Podium, or a file that only looks like one', () => {
    const save = imported();
    writeFileSync(save, readFileSync(save, 'utf8').replace('"format":1', '"format":7'));
    invalid(['standings', save], /line 1: this save has format 7, written by a newer Podium/);
    const fake = fresh('fake.podium');
    writeFileSync(fake, '{"transcript":1}');
    invalid(['standings', fake], /fake\.podium: line 1: not a Podium event save/);
    invalid(['standings', tmp.dir + path.sep + 'dir.podium'], /cannot read .*dir\.podium: no such file/);
  });
});

describe('import and export refuse', () => {
  it('import never writes over an existing file', () => {
    const save = imported();
    const before = readFileSync(save);
    invalid(['import', mtrCase, '--out', save], /cannot create .*event\.podium: a file already exists there/);
    expect(readFileSync(save)).toEqual(before);
    const other = tmp.file('other.json', '{"keep": true}');
    invalid(['import', mtrCase, '--out', other], /already exists/);
    expect(readFileSync(other, 'utf8')).toBe('{"keep": true}');
  });

  it('import of a bad transcript writes nothing', () => {
    const bad = tmp.file('bad.json', { transcript: 1, ruleset: 'mtr', players: [{ id: 'a', name: 'A' }], rounds: [{ tables: [{ table: 1, seats: ['a', 'zz'] }] }] });
    const out = fresh('bad.podium');
    invalid(['import', bad, '--out', out], /unknown player id "zz"/);
    expect(existsSync(out)).toBe(false);
    invalid(['import', mtrCase], /--out is required/);
    invalid(['import', imported(), '--out', fresh('x.podium')], /is an event save already/);
    invalid(['import', mtrCase, '--out', path.join(tmp.dir, 'no', 'such', 'x.podium')], /cannot create .*x\.podium: no such file or folder/);
  });

  it('export reads only saves and never writes a save', () => {
    const save = imported();
    const before = readFileSync(save);
    invalid(['export', mtrCase, '--out', fresh('x.json')], /is a transcript, not an event save/);
    invalid(['export', save, '--out', save], /export writes a transcript/);
    invalid(['export', save, '--out', fresh('y.podium')], /export writes a transcript/);
    const disguised = fresh('save.json');
    copyFileSync(save, disguised);
    invalid(['export', save, '--out', disguised], /is an event save; export never writes over one/);
    expect(readFileSync(save)).toEqual(before);
    expect(readFileSync(disguised)).toEqual(before);
  });
});

describe('through the real entry (npx tsx electron/host/cli.ts)', () => {
  it('imports, then reads the save', () => {
    const save = fresh('entry.podium');
    const run = (args: string[]) => spawnSync('npx', ['tsx', 'electron/host/cli.ts', ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
    const imported = run(['import', mtrCase, '--out', save]);
    expect(imported.status, imported.stderr).toBe(0);
    const standings = run(['standings', save, '--json']);
    expect(standings.status, standings.stderr).toBe(0);
    expect(standings.stdout).toBe(ok(['standings', mtrCase, '--json']));
  });
});
