/**
 * Files that stay yours: on a computer other people also log in to, the station
 * folder holds what they must not read — every round's table-code secret in the saves, players'
 * notes, device tokens' hashes, the support log. Against a real browser-mode host (its venue
 * network on 127.0.0.2, a device joined, an event created, paired and published), every file it
 * wrote under the station folder is 0600 and every folder 0700, whatever the umask lets through;
 * a station folder an older Podium left 0755 is closed at start; a save the command line writes is
 * 0600 too; the published site alone is for the world to read.
 */
import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { NewCommand } from '../../core/event/commands.js';
import { publishCommand } from '../../core/event/commands.js';
import { writeEventSaveSync } from '../../electron/host/event-store.js';
import { mtrEvent } from './save-fixtures.js';
import { joinAs, startVenueHost } from './venue-helpers.js';

const posix = process.platform !== 'win32';
const made: string[] = [];
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

/** Every file and folder under `dir` (itself included), with its permission bits. */
function modesUnder(dir: string): { path: string; kind: 'file' | 'dir'; mode: number }[] {
  const found: { path: string; kind: 'file' | 'dir'; mode: number }[] = [{ path: dir, kind: 'dir', mode: statSync(dir).mode & 0o777 }];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...modesUnder(full));
    else if (entry.isFile()) found.push({ path: full, kind: 'file', mode: statSync(full).mode & 0o777 });
  }
  return found;
}

const octal = (mode: number): string => `0${mode.toString(8)}`;

describe.skipIf(!posix)('the station folder is its owner’s alone', () => {
  it('saves, backups, logs, devices and every station file are 0600 in 0700 folders; the published site is readable', async () => {
    // What a umask of 022 (the common one) would otherwise let other users read.
    expect(process.umask() & 0o044).toBe(0);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'podium-modes-'));
    made.push(dir);
    const host = await startVenueHost({}, { dir });
    const site = path.join(host.dir, 'site');
    await mkdir(site);
    try {
      await host.networkOn();
      await joinAs(host, 'judge', 'Judge Ana');
      await host.station.createEvent({ name: 'Private Open', ruleset: 'mtr', settings: {} });
      const players = ['Ana', 'Bo', 'Cy', 'Di'].map((n, i) => ({ id: `p${i + 1}`, name: `${n} Modes` }));
      await host.station.dispatchBatch({ commands: players.map((player, draw): NewCommand => ({ type: 'register-player', player, draw })) });
      const proposed = await host.station.query({ kind: 'propose-pairing', seed: 2 });
      if (proposed.kind !== 'propose-pairing') throw new Error('no proposal');
      await host.station.dispatch({ command: publishCommand(1, 'swiss', proposed.proposal) });
      await host.station.dispatch({ command: { type: 'start-round-clock', round: 1 } as NewCommand });
      await host.station.publishSite({ folder: site });
      await host.mode.settled();
    } finally {
      await host.close(); // the support log and devices.json are written out
    }
    const everything = modesUnder(host.dataDir);
    const names = everything.map((e) => path.relative(host.dataDir, e.path));
    // The files that hold what others must not read are all there.
    for (const expected of ['devices.json', 'last-open.json', 'recent-events.json', 'site.json', path.join('logs', 'podium.log')]) expect(names).toContain(expected);
    expect(names.some((n) => /\.backups[/\\]round-1\.podium$/.test(n))).toBe(true);
    expect(names.some((n) => n.startsWith('events') && n.endsWith('.podium'))).toBe(true);
    const open = everything.filter((e) => e.mode !== (e.kind === 'dir' ? 0o700 : 0o600)).map((e) => `${path.relative(host.dataDir, e.path) || '.'} ${octal(e.mode)}`);
    expect(open).toEqual([]);
    // The site is for anyone (a web server or a sync tool running as another user).
    for (const file of readdirSync(site)) expect(octal(statSync(path.join(site, file)).mode & 0o777), file).toBe('0644');
  });

  it('a station folder an older Podium made 0755 is closed at start; a save the command line writes is 0600', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'podium-modes-'));
    made.push(dir);
    const dataDir = path.join(dir, 'station');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const host = await startVenueHost({}, { dir });
    await host.close();
    expect(octal(statSync(dataDir).mode & 0o777)).toBe('0700');

    const save = path.join(dir, 'cli.podium');
    writeEventSaveSync(save, mtrEvent({ players: 4, rounds: 1 }).commands, { station: 'cli' });
    expect(octal(statSync(save).mode & 0o777)).toBe('0600');
  });
});
