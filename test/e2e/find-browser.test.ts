/**
 * How the end-to-end tests find their browser (test/support/e2e-paths.ts) on Linux, macOS and
 * Windows, and what the run does when a browser or poppler is missing: skip with a warning on a
 * developer's machine, fail under CI=true. No browser is started here.
 */
import { describe, expect, it } from 'vitest';
import { findBrowser, isCi, toolReport, type BrowserLookup } from '../support/e2e-paths.js';

const only = (...files: string[]) => (file: string) => files.includes(file);
const found = (lookup: BrowserLookup) => ('found' in lookup ? lookup.found : null);

describe('finding Chromium or Chrome', () => {
  it('takes PODIUM_BROWSER first, and refuses one that names no file', () => {
    const env = { PODIUM_BROWSER: '/opt/chrome-for-testing/chrome', PATH: '/usr/bin' };
    expect(found(findBrowser('linux', env, only('/opt/chrome-for-testing/chrome', '/usr/bin/chromium')))).toEqual({
      name: 'Google Chrome',
      path: '/opt/chrome-for-testing/chrome',
      how: 'PODIUM_BROWSER',
    });
    expect(findBrowser('linux', env, only('/usr/bin/chromium'))).toEqual({ missing: expect.stringContaining('PODIUM_BROWSER is /opt/chrome-for-testing/chrome') });
  });

  it('on Linux: the distributions\' places, Chromium before Chrome, then PATH', () => {
    const env = { PATH: '/home/ana/.local/bin:/usr/bin' };
    expect(found(findBrowser('linux', env, only('/usr/bin/google-chrome', '/usr/bin/chromium')))?.path).toBe('/usr/bin/chromium');
    expect(found(findBrowser('linux', env, only('/usr/bin/google-chrome-stable')))).toMatchObject({ name: 'Google Chrome', how: 'the usual place on Linux' });
    expect(found(findBrowser('linux', env, only('/snap/bin/chromium')))?.path).toBe('/snap/bin/chromium');
    expect(found(findBrowser('linux', env, only('/home/ana/.local/bin/chromium')))?.path).toBe('/home/ana/.local/bin/chromium');
  });

  it('on macOS: the app bundles in /Applications or ~/Applications', () => {
    const chrome = '/Users/ana/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
    expect(found(findBrowser('darwin', {}, only(chrome), '/Users/ana'))).toEqual({ name: 'Google Chrome', path: chrome, how: 'the usual place on macOS' });
    const chromium = '/Applications/Chromium.app/Contents/MacOS/Chromium';
    expect(found(findBrowser('darwin', {}, only(chrome, chromium), '/Users/ana'))?.path).toBe(chromium);
  });

  it('on Windows: per-user and machine-wide installs', () => {
    const env = { LOCALAPPDATA: 'C:\\Users\\ana\\AppData\\Local', PROGRAMFILES: 'C:\\Program Files', 'PROGRAMFILES(X86)': 'C:\\Program Files (x86)' };
    const chrome = 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe';
    expect(found(findBrowser('win32', env, only(chrome)))).toEqual({ name: 'Google Chrome', path: chrome, how: 'the usual place on Windows' });
    const chromium = 'C:\\Users\\ana\\AppData\\Local\\Chromium\\Application\\chrome.exe';
    expect(found(findBrowser('win32', env, only(chrome, chromium)))?.path).toBe(chromium);
  });

  it('says where it looked and how to fix it when there is none', () => {
    const lookup = findBrowser('linux', { PATH: '/usr/bin' }, () => false);
    expect(lookup).toEqual({ missing: expect.stringMatching(/no Chromium or Google Chrome on this Linux machine \(looked at \/usr\/bin\/chromium, .*PODIUM_BROWSER/) });
  });
});

describe('a missing browser or poppler', () => {
  const browser: BrowserLookup = { found: { name: 'Chromium', path: '/usr/bin/chromium', how: 'the usual place on Linux' } };
  const noBrowser: BrowserLookup = { missing: 'no Chromium or Google Chrome on this Linux machine' };

  it('names the browser the run uses', () => {
    expect(toolReport(browser, [], {})).toEqual({ notes: ['end-to-end tests use Chromium at /usr/bin/chromium (the usual place on Linux)'], warnings: [], failure: null });
  });

  it('skips, saying so, on a developer machine', () => {
    const report = toolReport(noBrowser, ['pdftotext'], {});
    expect(report.failure).toBeNull();
    expect(report.warnings).toEqual([expect.stringMatching(/^missing a browser .* skipped/), expect.stringMatching(/^missing poppler-utils .*pdftotext.* skipped/)]);
  });

  it('fails the run under CI=true', () => {
    expect(isCi({ CI: 'true' })).toBe(true);
    expect(toolReport(noBrowser, [], { CI: 'true' }).failure).toMatch(/^CI=true, so nothing may be skipped, and this machine lacks a browser/);
    expect(toolReport(browser, ['pdftotext', 'pdfinfo'], { CI: 'true' }).failure).toMatch(/lacks poppler-utils .*pdftotext, pdfinfo/);
  });

  it('fails the run when PODIUM_BROWSER names no file, CI or not', () => {
    expect(toolReport({ missing: 'PODIUM_BROWSER is /nope, and there is no such file' }, [], { PODIUM_BROWSER: '/nope' }).failure).toMatch(/^This machine lacks a browser .*PODIUM_BROWSER is \/nope/);
  });
});
