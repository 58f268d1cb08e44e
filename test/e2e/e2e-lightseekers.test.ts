/**
 * A 13-player Lightseekers competitive event at the browser-mode station: created, 13 players
 * registered from the keyboard, three rounds at tables of 5, 4 and 4 ("Seat 1 — plays first"), each
 * game's Victory Points typed in seat order and the defeat order, a VP tie resolved through the
 * station's question, then the final table of the top 5: the players choose their seats, the lowest
 * seed first and the top seed last, the scorekeeper clicks the seat each one takes, and the final's
 * result names the winner. Screenshots: test/e2e/screenshots/lightseekers-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, eventually, startE2eHost, warnIfSkipped, type E2eHost } from '../support/e2e.js';
import { Scorekeeper } from '../support/scorekeeper.js';

warnIfSkipped('Lightseekers event');

const PLAYERS = [
  'Aiyana Redcloud', 'Björn Åkesson', 'Chiara Esposito', 'Darius Farahani', 'Élodie Moreau', 'Finn MacAuley', 'Gabriela Núñez',
  'Hiroshi Tanaka', 'Ingrid Halvorsen', 'Jonah Abernathy', 'Keira D’Souza', 'Luca van der Berg', 'Mei-Ling Chou',
];

/** Type each seat's VP (Enter after each: the cursor moves on, after the last to the defeat order), then the defeat order. */
function game(vps: readonly number[], defeated: string) {
  return async (page: Page): Promise<void> => {
    for (const vp of vps) {
      await page.keyboard.type(String(vp));
      await page.keyboard.press('Enter');
    }
    await eventually(() => page.evaluate(() => document.activeElement?.hasAttribute('data-last-field') ?? false)).toBe(true);
    await page.keyboard.type(defeated);
  };
}

/** Distinct VP for a table of `n`, turned by `turn` so different players win. */
function vpFor(n: number, turn: number): number[] {
  const base = [12, 9, 7, 4, 2].slice(0, n);
  return base.map((_, i) => base[(i + turn) % n] as number);
}

describe.skipIf(!chromiumAvailable)('a 13-player Lightseekers competitive event in the browser-mode station', () => {
  let host: E2eHost;

  beforeAll(async () => {
    host = await startE2eHost('e2e-lightseekers');
  }, 120_000);

  afterAll(async () => {
    await host?.close();
  });

  it('plays three rounds with VP and defeat order, resolves a VP tie, and seats the final table by choice', async () => {
    const page = await host.open('/');
    const sk = new Scorekeeper(page, 'lightseekers');

    await sk.createEvent({ name: 'Lightseekers Regional', ruleset: 'lightseekers-competitive', expectedPlayers: 13 });
    await sk.register(PLAYERS);
    await sk.shot('players-registered', { full: true });

    for (const round of [1, 2, 3]) {
      await sk.pairRound(round);
      const seating = await sk.seating();
      expect([...seating.values()].map((s) => s.length).sort()).toEqual([4, 4, 5]);
      expect(await sk.testId('published-round').locator('section.pod-card').first().textContent()).toContain('Seat 1 — plays first');
      await sk.shot(`round${round}-published`);
      await sk.startClock(round);
      await sk.primary('Enter results (3 outstanding)');
      const tables = await sk.outstanding();
      for (const [i, table] of tables.entries()) {
        const n = (seating.get(table) as string[]).length;
        if (round === 1 && i === 0) {
          // Seats 1 and 2 end on 10 VP each, both still standing: the station asks who won.
          await page.keyboard.type(String(table));
          await page.keyboard.press('Enter');
          await game([10, 10, 6, 3, 1].slice(0, n), `${n} ${n - 1}`)(page);
          await page.keyboard.press('Enter');
          const question = sk.testId('tie-question');
          await question.waitFor();
          await sk.testId('verdict').getByText('Pick the winner among the tied players first.').waitFor();
          await sk.shot('round1-vp-tie');
          // The cursor is on the question: the arrow picks seat 2, Enter records.
          await eventually(() => question.getByRole('radio').first().evaluate((el) => el === document.activeElement)).toBe(true);
          await page.keyboard.press('ArrowDown');
          expect(await question.getByRole('radio').nth(1).isChecked()).toBe(true);
          await page.keyboard.press('Enter');
          await eventually(() => sk.outstanding()).not.toContain(table);
          const row = sk.testId('round-results').locator(`tr[data-table="${table}"]`);
          const text = (await row.textContent()) ?? '';
          const seat2 = /2\. (.+?) · 3\./.exec(text)?.[1];
          expect(text).toContain(`${seat2} wins`);
          continue;
        }
        await sk.enterResult(table, game(vpFor(n, round + i), String(n)));
      }
      await sk.shot(`round${round}-results`);
    }

    await sk.tab('Standings');
    await sk.shot('standings');

    // ---- The final table: top 5, seats chosen lowest seed first -----------------------------------
    await sk.primary('Cut to the playoff');
    await sk.testId('cut-preview').waitFor();
    await sk.shot('cut-preview');
    await sk.testId('cut-button').click();
    await sk.testId('confirm').click();
    const chooser = sk.testId('seat-chooser-1');
    await chooser.waitFor();
    const order = await chooser.locator('.choosing-order li').allTextContents();
    expect(order).toHaveLength(5);
    expect(order[0]).toMatch(/^1st to choose Seed 5 — .*\(lowest seed, chooses first\)/);
    expect(order[4]).toMatch(/^5th to choose Seed 1 — .*\(top seed, chooses last\)/);
    await sk.shot('seat-choice-start');
    // The players take seats 3, 5, 1, 4 and 2 in their choosing order.
    for (const seat of [3, 5, 1, 4, 2]) await chooser.locator(`button[data-seat="${seat}"]`).click();
    await chooser.getByText('Everyone has a seat.').waitFor();
    await sk.shot('seat-choice-done');
    const seed1 = /Seed 1 — (.*) \(top seed/.exec(order[4] as string)?.[1] as string;
    expect(await chooser.locator('button[data-seat="2"]').textContent()).toContain(seed1);
    await sk.testId('publish-playoff-round').click();
    await eventually(() => sk.topRound()).toBe('Playoff round 4 · 1 outstanding');
    await sk.shot('final-published');

    await sk.startClock(4);
    await sk.primary('Enter results (1 outstanding)');
    await sk.enterResult(1, game([8, 15, 11, 5, 2], '5 4 1'));
    await sk.primary('Post final standings');
    await sk.tab('Playoffs');
    await eventually(() => sk.testId('champion').textContent()).toMatch(/\S/);
    expect(await sk.testId('bracket-table-1-1').textContent()).toContain(`${seed1} ✓ wins`);
    await sk.shot('winner', { full: true });

    expect(host.problems).toEqual([]);
  });
});
