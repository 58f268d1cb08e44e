/**
 * File → Publish Event Site… in the desktop app: the Electron shell (electron/shell.ts,
 * menus.ts) against the fake `electron` module, with the real host services in a temp folder. The
 * item asks for a folder in the system's folder dialog, writes the open event's site there through
 * the station service, says where it is, and says in a dialog why it could not (no event open, a
 * folder that is gone); the next dialog starts in the folder the event was published to.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { launch, tempDir, until } from '../support/shell-harness.js';

describe('File → Publish Event Site…', () => {
  it('writes the open event’s site into the folder chosen in the folder dialog, and says where it is', async () => {
    const { fake, shell, station } = await launch();
    expect(fake.menuItem('File', 'Publish Event Site…').click).toBeTypeOf('function');

    // Nothing open: said in a dialog, no folder asked for.
    fake.click('File', 'Publish Event Site…');
    await until(() => fake.dialog.errors.length === 1, 'the error');
    expect(fake.dialog.errors[0]).toEqual({ title: 'Nothing to publish', content: 'No event is open.' });
    expect(fake.dialog.shown).toEqual([]);

    await shell.service.createEvent({ name: 'Sunday <Cup>', ruleset: 'mtr', settings: {} });
    await shell.service.dispatch({ command: { type: 'register-player', player: { id: 'p1', name: 'Ana Archer' }, draw: 0 } });
    const folder = path.join(await tempDir('podium-site-menu-'), 'sunday-site');
    await mkdir(folder);
    fake.dialog.openAnswers.push({ canceled: false, filePaths: [folder] });
    fake.click('File', 'Publish Event Site…');
    await until(() => fake.dialog.messages.length === 1, 'the message that it was published');
    expect(fake.dialog.shown).toHaveLength(1);
    expect(fake.dialog.shown[0]).toMatchObject({
      kind: 'open',
      parent: station,
      options: { title: 'Publish the event site to a folder', buttonLabel: 'Publish here', properties: ['openDirectory', 'createDirectory', 'promptToCreate'] },
    });
    expect(fake.dialog.messages[0]?.options.message).toBe(`The event site is in ${folder}`);
    expect(fake.dialog.messages[0]?.options.detail).toMatch(/any static host/);
    expect((await readdir(folder)).sort()).toEqual(['.podium-site.json', 'index.html', 'site.js', 'style.css', 'view.json']);
    expect(await readFile(path.join(folder, 'index.html'), 'utf8')).toContain('Sunday &lt;Cup&gt;');
    expect(await shell.service.siteStatus({})).toMatchObject({ folder, auto: false, problem: null });

    // Cancelled: nothing happens. The dialog starts in the folder the event was published to.
    fake.click('File', 'Publish Event Site…');
    await until(() => fake.dialog.shown.length === 2, 'the second dialog');
    expect(fake.dialog.shown[1]?.options.defaultPath).toBe(folder);
    expect(fake.dialog.errors).toHaveLength(1);
    expect(fake.dialog.messages).toHaveLength(1);
  });

  it('asks before replacing another event’s site (Cancel the default), and replaces it only when told to', async () => {
    const { fake, shell, station } = await launch();
    await shell.service.createEvent({ name: 'Friday Cup', ruleset: 'mtr', settings: {} });
    const folder = path.join(await tempDir('podium-site-menu-'), 'site');
    await mkdir(folder);
    await shell.service.publishSite({ folder });
    const friday = await readFile(path.join(folder, 'index.html'), 'utf8');
    await shell.service.createEvent({ name: 'Saturday Cup', ruleset: 'mtr', settings: {} });

    fake.dialog.openAnswers.push({ canceled: false, filePaths: [folder] });
    fake.click('File', 'Publish Event Site…');
    await until(() => fake.dialog.messages.length === 1, 'the question');
    expect(fake.dialog.messages[0]).toMatchObject({ parent: station, options: { message: 'Replace what is in this folder?', buttons: ['Cancel', 'Publish there, replacing it'] } });
    expect(fake.dialog.messages[0]?.options.detail).toMatch(/holds the site of another event, "Friday Cup": publishing "Saturday Cup" there replaces it/);
    expect((await shell.service.siteStatus({})).folder).toBeNull();
    expect(await readFile(path.join(folder, 'index.html'), 'utf8')).toBe(friday);

    fake.dialog.openAnswers.push({ canceled: false, filePaths: [folder] });
    fake.dialog.messageAnswers.push(1);
    fake.click('File', 'Publish Event Site…');
    await until(() => fake.dialog.messages.length === 3, 'the question and that it was published');
    expect(fake.dialog.messages[2]?.options.message).toBe(`The event site is in ${folder}`);
    expect(await readFile(path.join(folder, 'index.html'), 'utf8')).toContain('Saturday Cup');
    expect(fake.dialog.errors).toEqual([]);
  });

  it('says in a dialog why the site could not be published', async () => {
    const { fake, shell } = await launch();
    await shell.service.createEvent({ name: 'Monday Cup', ruleset: 'mtr', settings: {} });
    const gone = path.join(await tempDir('podium-site-menu-'), 'unplugged-stick');
    fake.dialog.openAnswers.push({ canceled: false, filePaths: [gone] });
    fake.click('File', 'Publish Event Site…');
    await until(() => fake.dialog.errors.length === 1, 'the error');
    expect(fake.dialog.errors[0]?.title).toBe('Podium could not publish the event site');
    expect(fake.dialog.errors[0]?.content).toMatch(/there is no such folder/);
    expect(existsSync(gone)).toBe(false);
    expect(fake.dialog.messages).toHaveLength(0);
  });
});
