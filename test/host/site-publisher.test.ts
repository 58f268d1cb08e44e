/**
 * Publishing the event's static site from the host (electron/host/site-publisher.ts),
 * through the real station service and journal store in real temp folders:
 *
 * - `publishSite` writes the four files into the chosen folder whole (no temporary file stays),
 *   remembers the folder and the automatic switch per event (site.json in the station folder, kept
 *   across a restart), and refuses in words: no folder yet, a path that is not a full path, a folder
 *   that is gone (never made again), someone else's site, a device on the venue network;
 * - a failed write leaves the old site as it was, and nothing is written outside the folder;
 * - with the switch on, the site is published again after `pair-round` and `publish-standings`
 *   (and an undo of one), after the acknowledgement, a burst gathered into one publish;
 * - a failure (the folder gone) becomes the site's problem in words and a support-log line, and
 *   the command that made the site due still succeeds.
 */
import { existsSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Caller } from '../../core/api/roles.js';
import type { NewCommand } from '../../core/event/commands.js';
import type { EventState } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { createHostServices } from '../../electron/host/host.js';
import { noSupportLog, type SupportLog } from '../../electron/host/log.js';
import { SITE_MARKER, SITE_SETTINGS_FILE } from '../../electron/host/site-publisher.js';
import type { StationService } from '../../electron/host/station-service.js';
import { until } from '../support/until.js';

let dir: string;
let dataDir: string;
let siteDir: string;
let lines: { level: 'info' | 'warn' | 'error'; message: string; fields?: Record<string, unknown> }[];
let services: StationService[];

const NAMES = ['Ana Archer', 'Bo Brandt', '<script>alert(1)</script> Cy', 'María de la Cruz', 'Eve Evans', 'Fay Foster', 'Gil Grant', 'Hana Hill'];
const DEVICE: Caller = { kind: 'device', id: 'd1', name: 'Desk 2', role: 'station' };

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'podium-site-'));
  dataDir = path.join(dir, 'station');
  siteDir = path.join(dir, 'site');
  await mkdir(siteDir);
  lines = [];
  services = [];
});

afterEach(async () => {
  for (const service of services.splice(0)) await service.dispose().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

function supportLog(): SupportLog {
  return {
    ...noSupportLog,
    info: (message, fields) => void lines.push({ level: 'info', message, ...(fields ? { fields } : {}) }),
    warn: (message, fields) => void lines.push({ level: 'warn', message, ...(fields ? { fields } : {}) }),
    error: (message) => void lines.push({ level: 'error', message }),
  };
}

function host(): StationService {
  const service = createHostServices({ dataDir, station: 'site-test', clock: false, log: supportLog() });
  services.push(service);
  return service;
}

async function eventWithPlayers(service: StationService): Promise<void> {
  await service.createEvent({ name: 'Friday <Night> Magic', ruleset: 'mtr', settings: {}, seed: 3 });
  for (const [i, name] of NAMES.entries()) await run(service, { type: 'register-player', player: { id: `p${i + 1}`, name, note: 'SECRET-NOTE' }, draw: i });
}

async function run(service: StationService, command: NewCommand): Promise<number> {
  return (await service.dispatch({ command })).seq;
}

function stateOf(service: StationService): EventState {
  const current = service.current();
  if (!current) throw new Error('no event open');
  return current.state;
}

async function pairNext(service: StationService): Promise<number> {
  const state = stateOf(service);
  const proposal = getRuleset('mtr').pair(state, 20 + state.rounds.length);
  return run(service, {
    type: 'pair-round',
    round: state.rounds.length + 1,
    stage: 'swiss',
    tables: proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })),
    byes: proposal.byes.map((b) => ({ player: b.player, kind: b.kind })),
    seed: proposal.seed,
  });
}

async function finishRound(service: StationService): Promise<void> {
  const round = stateOf(service).rounds.at(-1);
  for (const table of round?.tables ?? []) await run(service, { type: 'record-result', round: round?.number ?? 1, table: table.table, result: { games: [2, 0, 0] } });
}

const page = (): Promise<string> => readFile(path.join(siteDir, 'index.html'), 'utf8');
const published = (): number => lines.filter((l) => l.level === 'info' && l.message.startsWith('Published the event site')).length;

/** Wait for something the host does after answering (the automatic publish). */

describe('publishSite', () => {
  it('writes the site into the folder whole, says what it wrote, and remembers the folder for the event', async () => {
    const service = host();
    await eventWithPlayers(service);
    await pairNext(service);
    const result = await service.publishSite({ folder: siteDir });
    expect(result.folder).toBe(siteDir);
    expect([...result.files].sort()).toEqual(['index.html', 'site.js', 'style.css', 'view.json']);
    expect(Date.parse(result.publishedAt)).toBeGreaterThan(0);
    // Exactly the site's files and the marker naming its event: no temporary file left behind.
    expect((await readdir(siteDir)).sort()).toEqual(['.podium-site.json', 'index.html', 'site.js', 'style.css', 'view.json']);
    expect(JSON.parse(await readFile(path.join(siteDir, SITE_MARKER), 'utf8'))).toEqual({ podium: 'event-site', eventId: stateOf(service).id, eventName: 'Friday <Night> Magic' });
    const html = await page();
    expect(html).toContain('Friday &lt;Night&gt; Magic');
    expect(html).toContain('Round 1 — pairings by name');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('SECRET-NOTE');
    const view = JSON.parse(await readFile(path.join(siteDir, 'view.json'), 'utf8')) as { round: { number: number } };
    expect(view.round.number).toBe(1);

    const status = await service.siteStatus({});
    expect(status).toEqual({ eventId: stateOf(service).id, folder: siteDir, auto: false, lastPublishedAt: result.publishedAt, problem: null });
    const remembered = JSON.parse(await readFile(path.join(dataDir, SITE_SETTINGS_FILE), 'utf8')) as { events: Record<string, unknown> };
    expect(remembered.events[stateOf(service).id]).toEqual({ folder: siteDir, auto: false, lastPublishedAt: result.publishedAt });
    // Again, to the folder it remembers, with nothing named.
    await run(service, { type: 'publish-standings', round: 1 });
    await service.publishSite({});
    expect(await page()).toContain('Standings after round 1');
  });

  it('refuses in words: no folder yet, not a full path, a folder that is gone, someone else’s site, a device', async () => {
    const service = host();
    await expect(service.publishSite({ folder: siteDir })).rejects.toThrow(/no event is open/);
    await eventWithPlayers(service);
    await expect(service.publishSite({})).rejects.toThrow(/choose a folder to publish the site to first/);
    await expect(service.publishSite({ folder: 'site' })).rejects.toThrow(/must be a full path/);

    const gone = path.join(dir, 'usb-stick', 'site');
    await expect(service.publishSite({ folder: gone })).rejects.toThrow(/there is no such folder \(it was moved or deleted, or its disk is not connected\)/);
    expect(existsSync(path.join(dir, 'usb-stick'))).toBe(false);

    const theirs = path.join(dir, 'my-blog');
    await mkdir(theirs);
    await writeFile(path.join(theirs, 'index.html'), '<!doctype html><title>My blog</title>');
    await expect(service.publishSite({ folder: theirs })).rejects.toThrow(/my-blog holds files Podium did not write for this event \(index\.html\): publishing there replaces index\.html\. Confirm to publish there anyway, or choose an empty folder/);
    expect(await readFile(path.join(theirs, 'index.html'), 'utf8')).toBe('<!doctype html><title>My blog</title>');
    expect(await readdir(theirs)).toEqual(['index.html']);

    // A folder that could not be written is not remembered.
    expect((await service.siteStatus({})).folder).toBeNull();
    await expect(service.publishSite({ folder: siteDir }, DEVICE)).rejects.toThrow(/only the head-judge station can \(publishSite\)/);
    await expect(service.siteStatus({}, DEVICE)).rejects.toThrow(/only the head-judge station can \(siteStatus\)/);
    expect(await readdir(siteDir)).toEqual([]);
  });

  it('leaves the old site as it was when a write fails, and writes nothing outside the folder', async () => {
    const service = host();
    await eventWithPlayers(service);
    await pairNext(service);
    await service.publishSite({ folder: siteDir });
    const before = await page();

    // A link in the folder is replaced, never followed: the file it named stays as it was.
    const outside = path.join(dir, 'outside.css');
    await writeFile(outside, 'body { color: red }');
    await rm(path.join(siteDir, 'style.css'));
    await symlink(outside, path.join(siteDir, 'style.css'));
    await finishRound(service);
    await pairNext(service);
    await service.publishSite({});
    expect(await readFile(outside, 'utf8')).toBe('body { color: red }');
    expect((await lstat(path.join(siteDir, 'style.css'))).isSymbolicLink()).toBe(false);
    expect(await page()).toContain('Round 2 — pairings by name');

    // A file that cannot be put in place (a folder in its way): nothing changes, no temporary file stays.
    const now = await page();
    expect(now).not.toBe(before);
    await rm(path.join(siteDir, 'view.json'));
    await mkdir(path.join(siteDir, 'view.json'));
    await writeFile(path.join(siteDir, 'view.json', 'keep'), 'x');
    await finishRound(service);
    await pairNext(service);
    await expect(service.publishSite({})).rejects.toThrow(/cannot publish the site to .*site/);
    expect(await page()).toBe(now);
    expect((await readdir(siteDir)).sort()).toEqual(['.podium-site.json', 'index.html', 'site.js', 'style.css', 'view.json']);
    expect((await service.siteStatus({})).problem?.message).toMatch(/^The event site was not published: cannot publish the site to .*The event goes on as usual/);
    expect(lines.some((l) => l.level === 'warn' && l.message.startsWith('Could not publish the event site'))).toBe(true);
  });
});

describe('a site folder belongs to one event', () => {
  async function rejection(promise: Promise<unknown>): Promise<Error & { code?: string }> {
    try {
      await promise;
    } catch (error) {
      return error as Error & { code?: string };
    }
    throw new Error('expected a refusal');
  }

  it('another event is refused in words, its site left as it was, until the organiser confirms replacing it; then the folder is the new event’s', async () => {
    const service = host();
    await eventWithPlayers(service);
    await pairNext(service);
    await service.publishSite({ folder: siteDir, auto: true });
    await service.siteIdle();
    const first = await page();
    const firstId = stateOf(service).id;
    const firstSave = service.current()?.summary.path as string;

    await service.createEvent({ name: 'Saturday Open', ruleset: 'mtr', settings: {} });
    const refused = await rejection(service.publishSite({ folder: siteDir }));
    expect(refused.code).toBe('site-folder-taken');
    expect(refused.message).toBe(
      `${siteDir} holds the site of another event, "Friday <Night> Magic": publishing "Saturday Open" there replaces it. Confirm to replace it, or choose another folder`,
    );
    expect(await page()).toBe(first);
    expect(JSON.parse(await readFile(path.join(siteDir, SITE_MARKER), 'utf8')).eventId).toBe(firstId);
    // Asked where it was pressed: no lasting problem for the new event.
    expect((await service.siteStatus({})).problem).toBeNull();

    await service.publishSite({ folder: siteDir, replace: true });
    expect(await page()).toContain('Saturday Open');
    expect(JSON.parse(await readFile(path.join(siteDir, SITE_MARKER), 'utf8')).eventName).toBe('Saturday Open');
    // From then on it is this event's folder: no question asked again.
    await service.publishSite({ folder: siteDir });

    // The first event, with its switch still on, does not take the folder back by itself.
    await service.openEvent({ path: firstSave });
    await finishRound(service);
    await pairNext(service);
    await service.siteIdle();
    expect((await service.siteStatus({})).problem?.message).toMatch(/holds the site of another event, "Saturday Open".*publish it from the Publish panel to confirm or choose another folder/);
    expect(await page()).toContain('Saturday Open');
  });

  it('a folder with files Podium did not write is refused, naming them, and never overwritten; confirmed, only Podium’s own files are replaced', async () => {
    const service = host();
    await eventWithPlayers(service);
    const theirs = path.join(dir, 'their-site');
    await mkdir(theirs);
    const mine = { 'style.css': 'body { font: 20px serif }', 'site.js': 'alert("mine")', 'view.json': '{"mine":true}', 'notes.txt': 'keep me' };
    for (const [name, text] of Object.entries(mine)) await writeFile(path.join(theirs, name), text);
    const refused = await rejection(service.publishSite({ folder: theirs }));
    expect(refused.code).toBe('site-folder-taken');
    expect(refused.message).toBe(
      `${theirs} holds files Podium did not write for this event (notes.txt, site.js, style.css, view.json): publishing there replaces site.js, style.css, view.json. Confirm to publish there anyway, or choose an empty folder`,
    );
    for (const [name, text] of Object.entries(mine)) expect(await readFile(path.join(theirs, name), 'utf8')).toBe(text);
    expect(existsSync(path.join(theirs, 'index.html'))).toBe(false);

    await service.publishSite({ folder: theirs, replace: true });
    expect(await readFile(path.join(theirs, 'notes.txt'), 'utf8')).toBe('keep me');
    expect(await readFile(path.join(theirs, 'style.css'), 'utf8')).not.toBe(mine['style.css']);
    expect(existsSync(path.join(theirs, 'index.html'))).toBe(true);
  });

  it('never into the station folder, its events folder, or the folder of the open save, even confirmed', async () => {
    const service = host();
    await eventWithPlayers(service);
    const save = service.current()?.summary.path as string;
    for (const folder of [dataDir, path.join(dataDir, 'events'), path.dirname(save)]) {
      for (const replace of [false, true]) {
        const refused = await rejection(service.publishSite({ folder, replace }));
        expect(refused.code).toBe('not-allowed');
        expect(refused.message).toMatch(/it is the station's own folder, where the event saves are|the event's save is in that folder/);
        expect(refused.message).toMatch(/the saves? holds? every round's table-code secret/);
      }
    }
    // Through a link too.
    const link = path.join(dir, 'link-to-station');
    await symlink(dataDir, link);
    expect((await rejection(service.publishSite({ folder: link, replace: true }))).message).toMatch(/station's own folder/);
    expect((await readdir(path.join(dataDir, 'events'))).filter((n) => n.endsWith('.html') || n.endsWith('.css'))).toEqual([]);
    expect(existsSync(path.join(dataDir, 'index.html'))).toBe(false);
  });
});

describe('re-publishing by itself', () => {
  it('publishes again after pair-round and publish-standings (and an undo), after the acknowledgement, a burst as one', async () => {
    const service = host();
    await eventWithPlayers(service);
    await service.publishSite({ folder: siteDir, auto: true });
    expect(await page()).toContain('Pairings are not published yet');
    expect((await service.siteStatus({})).auto).toBe(true);

    // Off the command path: the answer comes first, the site a moment later.
    let count = published();
    await pairNext(service);
    expect(await page()).toContain('Pairings are not published yet');
    await until(() => published() === count + 1, 'the site after the pairing');
    expect(await page()).toContain('Round 1 — pairings by name');

    // Results alone do not publish; standings do.
    count = published();
    await finishRound(service);
    await service.siteIdle();
    expect(published()).toBe(count);
    await run(service, { type: 'publish-standings', round: 1 });
    await until(() => published() === count + 1, 'the site after the standings');
    expect(await page()).toContain('Standings after round 1');

    // A burst (the round's clock started and adjusted twice, sent at once): one publish.
    count = published();
    const round2 = await pairNext(service);
    await until(() => published() === count + 1, 'the site after the second pairing');
    expect(await page()).toContain('Round 2 — pairings by name');
    count = published();
    await Promise.all([
      run(service, { type: 'start-round-clock', round: 2 }),
      run(service, { type: 'adjust-clock', round: 2, minutes: 5, reason: 'started late' }),
      run(service, { type: 'adjust-clock', round: 2, minutes: -2, reason: 'too generous' }),
    ]);
    await until(() => published() === count + 1, 'the site after the clock started');
    expect(await page()).toContain('Round 2 ends at');
    await service.siteIdle();
    expect(published()).toBe(count + 1);

    // An undo of the pairing (a whole state, not an entry): the site goes back to round 1.
    for (const seq of [round2 + 3, round2 + 2, round2 + 1, round2]) await service.undo({ seq });
    await until(async () => (await page()).includes('Round 1 — pairings by name'), 'the site after the undo');
  });

  it('turns a failure into the station’s problem in words and a support-log line; the command still succeeds', async () => {
    const service = host();
    await eventWithPlayers(service);
    await service.publishSite({ folder: siteDir, auto: true });
    await rm(siteDir, { recursive: true });

    const seq = await pairNext(service);
    expect(seq).toBeGreaterThan(0);
    expect(stateOf(service).rounds).toHaveLength(1);
    await until(async () => (await service.siteStatus({})).problem !== null, 'the problem');
    const status = await service.siteStatus({});
    expect(status.problem?.message).toBe(
      `The event site was not published after the last change: cannot publish the site to ${siteDir}: there is no such folder (it was moved or deleted, or its disk is not connected). The event goes on as usual; publish again once the folder can be written.`,
    );
    expect(existsSync(siteDir)).toBe(false);
    const warning = lines.find((l) => l.level === 'warn' && l.message.startsWith('Could not publish the event site'));
    expect(warning?.fields).toMatchObject({ folder: siteDir, how: 'auto' });

    // The floor goes on; once the folder is back, the next publish clears the problem.
    await finishRound(service);
    await mkdir(siteDir);
    await run(service, { type: 'publish-standings', round: 1 });
    await until(async () => (await service.siteStatus({})).problem === null, 'the problem to clear');
    expect(await page()).toContain('Standings after round 1');
  });

  it('remembers the folder and the switch for the event across a restart, and follows it', async () => {
    const first = host();
    await eventWithPlayers(first);
    const file = first.current()?.summary.path as string;
    const id = stateOf(first).id;
    await first.publishSite({ folder: siteDir, auto: true });
    await first.dispose();
    services.splice(services.indexOf(first), 1);

    const second = host();
    expect((await second.siteStatus({})).eventId).toBeNull();
    await second.openEvent({ path: file });
    const status = await second.siteStatus({});
    expect(status).toMatchObject({ eventId: id, folder: siteDir, auto: true, problem: null });
    expect(status.lastPublishedAt).not.toBeNull();
    await pairNext(second);
    await until(async () => (await page()).includes('Round 1 — pairings by name'), 'the site after the restart');
    // Switched off: it stays as it was.
    await second.publishSite({ auto: false });
    await finishRound(second);
    await run(second, { type: 'publish-standings', round: 1 });
    await second.siteIdle();
    expect(await page()).not.toContain('Standings after round 1');
  });
});
