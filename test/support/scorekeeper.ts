/**
 * A scorekeeper at the browser-mode station, for the end-to-end event tests: every step goes through
 * the real UI — typing, clicking, the keyboard — and waits on what the screen shows (never on time).
 * Each step saves a screenshot (test/e2e/screenshots/<event>-<step>.png, 1366×768 and the full page).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { splitName } from '../../core/model/person-names.js';
import { eventually } from './e2e.js';
import { SHOTS } from './e2e-paths.js';

export type Tab = 'Players' | 'Pairings' | 'Results' | 'Standings' | 'Playoffs' | 'Clock' | 'Event log';

export interface NewEvent {
  name: string;
  ruleset: 'mtr' | 'mstr-2022' | 'mamtr-2024' | 'lightseekers-casual' | 'lightseekers-competitive' | 'lightseekers-large';
  rel?: 'regular' | 'competitive' | 'professional';
  podSize?: number;
  /** Announced Swiss rounds (blank: the recommendation). */
  rounds?: number;
  expectedPlayers?: number;
  /** mtr: the Two-Headed Giant setting (teams of 2 playing as one, one-game matches). */
  twoHeadedGiant?: boolean;
}

/** A team as registered: its name and its people, seat A first. */
export interface NewTeam {
  name: string;
  members: readonly string[];
}

const WAIT = { timeout: 15_000 };

export class Scorekeeper {
  private shots = 0;

  constructor(
    readonly page: Page,
    /** Screenshot prefix: "mtr", "mamtr", "lightseekers". */
    readonly event: string,
  ) {}

  /**
   * Save what the scorekeeper sees (the 1366×768 viewport) as <event>-<nn>-<step>.png, numbered in the
   * order taken; `full` for the whole page (taken from the top: a sticky bar on a scrolled page
   * would be drawn mid-page).
   */
  async shot(step: string, options: { full?: boolean } = {}): Promise<void> {
    this.shots++;
    const file = path.join(SHOTS, `${this.event}-${String(this.shots).padStart(2, '0')}-${step}.png`);
    if (options.full) {
      const y = await this.page.evaluate(() => window.scrollY);
      await this.page.evaluate(() => window.scrollTo(0, 0));
      await this.page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
      await this.page.evaluate((top) => window.scrollTo(0, top), y);
    } else await this.page.screenshot({ path: file, animations: 'disabled' });
  }

  testId(id: string): Locator {
    return this.page.getByTestId(id);
  }

  async tab(name: Tab): Promise<void> {
    const nav = this.page.getByRole('navigation', { name: 'Screens' });
    await nav.getByRole('button', { name, exact: true }).click();
    await eventually(() => nav.locator('[aria-current="page"]').textContent()).toBe(name);
  }

  /** The one primary action in the top bar: check what it says, and take it. */
  async primary(label: string | RegExp): Promise<void> {
    const button = this.testId('primary-action');
    await eventually(() => button.textContent()).toMatch(typeof label === 'string' ? new RegExp(`^${escape(label)}`) : label);
    await button.click();
  }

  async topRound(): Promise<string> {
    return (await this.testId('round').textContent()) ?? '';
  }

  // ---- Start ---------------------------------------------------------------------------------

  async createEvent(event: NewEvent): Promise<void> {
    const page = this.page;
    await page.getByText('Connected').waitFor(WAIT);
    const name = this.testId('event-name');
    await name.waitFor(WAIT);
    // The name box has the cursor when the Start screen opens.
    await eventually(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(event.name);
    await this.testId('ruleset').selectOption(event.ruleset);
    if (event.rel) await this.testId('setting-rel').selectOption(event.rel);
    if (event.podSize) await this.testId('setting-podSize').selectOption(String(event.podSize));
    if (event.expectedPlayers !== undefined) await this.testId('expected-players').fill(String(event.expectedPlayers));
    if (event.rounds !== undefined) await this.testId('swiss-rounds').fill(String(event.rounds));
    if (event.twoHeadedGiant) await this.testId('setting-twoHeadedGiant').check();
    await this.shot('start');
    await this.testId('create-event').click();
    await page.getByRole('heading', { name: event.name, level: 1 }).waitFor(WAIT);
    await this.testId('registration-form').waitFor(WAIT);
  }

  // ---- Players -------------------------------------------------------------------------------

  /** Register players from the keyboard: name, Enter, next name (the cursor comes back). */
  async register(names: readonly string[]): Promise<void> {
    const box = this.testId('register-name');
    await box.click();
    const before = await this.activeCount();
    for (const name of names) {
      await this.page.keyboard.type(name);
      // Type-ahead may open a list of directory names; Enter with nothing chosen registers.
      await this.page.keyboard.press('Enter');
      await eventually(() => box.inputValue()).toBe('');
    }
    await eventually(() => this.activeCount()).toBe(before + names.length);
  }

  /**
   * Register teams from the keyboard: the team's name, then each seat's person (Tab from the name box
   * would pass the note first, so the seat boxes are clicked), Enter — the cursor is back in the name box.
   */
  async registerTeams(teams: readonly NewTeam[]): Promise<void> {
    const box = this.testId('register-name');
    const before = await this.activeCount();
    for (const team of teams) {
      await box.click();
      await this.page.keyboard.type(team.name);
      for (const [i, member] of team.members.entries()) {
        await this.testId(`register-seat-${'ABC'[i] as string}`).click();
        await this.page.keyboard.type(member);
      }
      await this.page.keyboard.press('Enter');
      await eventually(() => box.inputValue()).toBe('');
      await eventually(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    }
    await eventually(() => this.activeCount()).toBe(before + teams.length);
  }

  /** Register from a pasted CSV list on the Players screen's import. */
  async importCsv(csv: string, expected: number): Promise<void> {
    const before = await this.activeCount();
    await this.testId('open-import').click();
    await this.testId('csv-text').fill(csv);
    await eventually(() => this.testId('csv-summary').textContent()).toContain(`${expected} players ready`);
    await this.shot('csv-preview');
    await this.testId('csv-import-button').click();
    await eventually(() => this.activeCount()).toBe(before + expected);
  }

  async activeCount(): Promise<number> {
    const text = (await this.testId('player-counts').textContent()) ?? '';
    return Number(/(\d+) active/.exec(text)?.[1] ?? NaN);
  }

  /** The player's id as the Players screen lists it. */
  async playerId(name: string): Promise<string> {
    const row = this.page.locator('tr[data-player]').filter({ hasText: boardName(name) });
    return (await row.first().getAttribute('data-player')) as string;
  }

  // ---- Pairings ------------------------------------------------------------------------------

  /** Pair round `n` with the primary action — it opens the preview with its pairing check in one step — publish, confirm. */
  async pairRound(n: number): Promise<void> {
    await this.primary(`Pair round ${n}`);
    const preview = this.testId('pairing-preview');
    await preview.getByRole('heading', { name: `Proposed pairing — round ${n}` }).waitFor(WAIT);
    await this.shot(`round${n}-preview`);
    await this.testId('publish').click();
    const dialog = this.testId('confirm-dialog');
    await dialog.waitFor(WAIT);
    await this.shot(`round${n}-publish-dialog`);
    // The confirm button has the focus: Enter publishes.
    await this.page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await this.testId('published-round').getByRole('heading', { name: `Round ${n}` }).waitFor(WAIT);
    await eventually(() => this.topRound()).toMatch(new RegExp(`^Round ${n} · \\d+ outstanding`));
  }

  /**
   * The published round's clock, started with the primary action at the rule set's length (it
   * comes before results: UX.md "the next action is obvious"), then the top bar's clock shows it.
   */
  async startClock(n: number): Promise<void> {
    await this.primary(`Start round ${n} clock`);
    await this.testId('station-clock').waitFor(WAIT);
  }

  /** Table → its seats (player ids in seat order) of the round shown on the Pairings screen. */
  async seating(): Promise<Map<number, string[]>> {
    const tables = this.testId('published-round').locator('[data-table]');
    const out = new Map<number, string[]>();
    for (const table of await tables.all()) {
      const number = Number(await table.getAttribute('data-table'));
      out.set(number, await table.locator('[data-player]').evaluateAll((els) => els.map((e) => e.getAttribute('data-player') as string)));
    }
    return out;
  }

  /** Table → its seats (player ids in seat order) of the proposal shown (not yet published). */
  async proposalSeating(): Promise<Map<number, string[]>> {
    const tables = this.testId('pairing-preview').getByTestId('round-tables').locator('[data-table]');
    const out = new Map<number, string[]>();
    for (const table of await tables.all()) {
      const number = Number(await table.getAttribute('data-table'));
      out.set(number, await table.locator('[data-player]').evaluateAll((els) => els.map((e) => e.getAttribute('data-player') as string)));
    }
    return out;
  }

  /**
   * Print a document of the round shown on the Pairings screen with its Print button, as the
   * scorekeeper does: the station saves the PDF the host rendered (a download in browser mode).
   * Returns the PDF's bytes.
   */
  async printFromPairings(doc: 'pairings-by-name' | 'pairings-by-table' | 'match-slips' | 'seating' | 'round-pack'): Promise<Buffer> {
    const [download] = await Promise.all([this.page.waitForEvent('download', WAIT), this.testId('published-round').locator(`button[data-print="${doc}"]`).click()]);
    const file = await download.path();
    return readFile(file);
  }

  async byes(): Promise<string[]> {
    return this.testId('published-round').getByTestId('byes').locator('[data-player]').evaluateAll((els) => els.map((e) => e.getAttribute('data-player') as string));
  }

  // ---- Results -------------------------------------------------------------------------------

  async outstanding(): Promise<number[]> {
    return this.testId('outstanding')
      .locator('button[data-table]')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-table'))));
  }

  /**
   * Keyboard entry as at a WER desk: the table number, Enter (the cursor moves to the result),
   * the result, Enter — and the cursor is back in the table box. `fill` types more fields (VP…)
   * between, with the cursor already in the first result field.
   */
  async enterResult(table: number, result: string | ((page: Page) => Promise<void>)): Promise<void> {
    const page = this.page;
    const box = this.testId('table-box');
    await eventually(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    const open = (await this.outstanding()).length;
    await page.keyboard.type(String(table));
    await page.keyboard.press('Enter');
    await this.testId('entry-seats').waitFor(WAIT);
    await eventually(() => page.evaluate(() => document.activeElement?.hasAttribute('data-result-field') ?? false)).toBe(true);
    if (typeof result === 'string') await page.keyboard.type(result);
    else await result(page);
    await page.keyboard.press('Enter');
    await eventually(() => this.outstanding().then((t) => t.length)).toBe(open - 1);
    await eventually(() => box.evaluate((el) => el === document.activeElement && (el as HTMLInputElement).value === '')).toBe(true);
  }

  // ---- Judges' records ------------------------------------------------------------------------

  /** Print with any Print button (`button[data-print]`) as the scorekeeper does; returns the PDF's bytes. */
  async print(button: Locator): Promise<Buffer> {
    const [download] = await Promise.all([this.page.waitForEvent('download', WAIT), button.click()]);
    return readFile(await download.path());
  }

  /**
   * Record a penalty in the Results screen's penalty form, from the keyboard once the player box has
   * the cursor: the player (a table number, then `seat` among its players — Tab into the seats, Space
   * or the arrow keys; or a name), Tab, the infraction typed, Tab, the penalty by its first letter,
   * Tab, the judge (left as remembered when not given), Tab, a note, Enter. Waits for the toast.
   * `beforeEnter`: a look at the filled form (a screenshot).
   */
  async recordPenalty(p: { who: string; seat?: number; infraction: string; penaltyKey: string; judge?: string; note?: string; toast: RegExp; beforeEnter?: () => Promise<void> }): Promise<void> {
    const page = this.page;
    if (!(await this.testId('penalty-form').isVisible())) await this.testId('penalty-open').click();
    const box = this.testId('penalty-player');
    await box.click();
    await box.fill('');
    await page.keyboard.type(p.who);
    await page.keyboard.press('Tab');
    if (p.seat !== undefined) {
      await this.testId('penalty-candidates').waitFor(WAIT);
      if (p.seat === 1) await page.keyboard.press('Space');
      for (let i = 1; i < p.seat; i++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
    } else await eventually(() => this.testId('penalty-picked').isVisible()).toBe(true);
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('penalty-infraction');
    await page.keyboard.type(p.infraction);
    await page.keyboard.press('Tab');
    await page.keyboard.press(p.penaltyKey);
    await page.keyboard.press('Tab');
    if (p.judge !== undefined) {
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(p.judge);
    }
    await page.keyboard.press('Tab');
    if (p.note) await page.keyboard.type(p.note);
    await p.beforeEnter?.();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: p.toast }).first().waitFor(WAIT);
  }

  /** Dismiss every toast shown (before a screenshot of what they would cover). */
  async dismissToasts(): Promise<void> {
    const dismiss = this.page.locator('.toasts').getByRole('button', { name: 'Dismiss' });
    while ((await dismiss.count()) > 0) await dismiss.first().click();
  }

  /** Choose a player in the Players screen's Decklists section and put their list's text in its box, as pasted. */
  async pasteDecklist(player: string, text: string): Promise<void> {
    await this.testId('decklist-player').selectOption(player);
    await this.testId('decklist-panel').waitFor(WAIT);
    await this.testId('decklist-text').fill(text);
  }

  /** Save the list the panel holds; waits until the section counts it. */
  async saveDecklist(): Promise<void> {
    const count = this.testId('decklists').locator('h2 .muted');
    const before = Number(/^(\d+) of/.exec((await count.textContent()) ?? '')?.[1]);
    await this.testId('decklist-save').click();
    await eventually(() => count.textContent()).toMatch(new RegExp(`^${before + 1} of \\d+ registered`));
  }
}

export function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** "Chloé Dubois" as boards print it: "Dubois, Chloé" (core/model/person-names.ts). */
export function boardName(name: string): string {
  return splitName(name).board;
}
