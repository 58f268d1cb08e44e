/**
 * A 23-player Multiplayer Addendum (MAMTR 2024) event at the browser-mode station: created with pods
 * of 4 and two announced rounds, the players imported from a pasted CSV list (preview first), round 1
 * paired into five pods of 4 and one smaller pod of 3 (marked, and explained by the pairing check),
 * pod results typed at the table box — the winner's seat, and a draw with an excluded player ("d x2")
 * — round 2, then the top-7 cut: seeds 1–3 wait while seeds 4–7 play a pod, then the final pod.
 * Screenshots: test/e2e/screenshots/mamtr-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, eventually, startE2eHost, warnIfSkipped, type E2eHost } from '../support/e2e.js';
import { Scorekeeper } from '../support/scorekeeper.js';

warnIfSkipped('MAMTR event');

const PLAYERS = [
  'Ana Archer', 'Bo Brandt', 'Chloé Dubois', "Dara O'Neill", 'Eitan Levi', 'Fumiko Sato', 'María de la Cruz', 'Hana Novák',
  'Ivan Petrov', 'Jae-won Kim', 'Kofi Mensah', 'Lena Schröder', 'Mateus Gonçalves', 'Nadia Haddad', 'Oskar Nyström',
  'Priya Raman', 'Quinn Doyle', 'Rafael Ortega y Gasset', 'Siobhán Kelly', 'Tomás Ruiz', 'Ugo Bianchi', 'Vera Lindqvist',
  'Wanjiru Kamau',
];

describe.skipIf(!chromiumAvailable)('a 23-player MAMTR event in the browser-mode station', () => {
  let host: E2eHost;

  beforeAll(async () => {
    host = await startE2eHost('e2e-mamtr');
  }, 120_000);

  afterAll(async () => {
    await host?.close();
  });

  it('pairs a smaller pod, takes pod results with a draw and an exclusion, and cuts to the top 7', async () => {
    const page = await host.open('/');
    const sk = new Scorekeeper(page, 'mamtr');

    await sk.createEvent({ name: 'Commander Night', ruleset: 'mamtr-2024', podSize: 4, rounds: 2, expectedPlayers: 23 });
    const csv = ['name,note', ...PLAYERS.map((name, i) => `"${name}",${i % 3 === 0 ? 'Lyon' : 'Madrid'}`)].join('\n');
    await sk.importCsv(csv, 23);
    await sk.shot('players-imported', { full: true });

    // ---- Round 1: 5 pods of 4 and one smaller pod of 3, marked ------------------------------------
    await sk.primary('Pair round 1');
    const preview = sk.testId('pairing-preview');
    await preview.getByRole('heading', { name: 'Proposed pairing — round 1' }).waitFor();
    await preview.getByText('Smaller pods').first().waitFor();
    await sk.shot('round1-preview');
    await sk.shot('round1-preview-full', { full: true });
    await sk.testId('publish').click();
    await sk.testId('confirm-dialog').waitFor();
    await page.keyboard.press('Enter');
    await sk.testId('confirm-dialog').waitFor({ state: 'detached' });
    await eventually(() => sk.topRound()).toBe('Round 1 · 6 outstanding');
    const round1 = await sk.seating();
    const sizes = [...round1.values()].map((seats) => seats.length).sort();
    expect(sizes).toEqual([3, 4, 4, 4, 4, 4]);
    const small = [...round1.entries()].find(([, seats]) => seats.length === 3)?.[0] as number;
    const smallCard = sk.testId('published-round').locator(`section.pod-card[data-table="${small}"]`);
    expect(await smallCard.getAttribute('class')).toContain('smaller');
    expect(await smallCard.textContent()).toContain('Smaller pod · 3 players');
    expect(await sk.testId('published-round').locator('section.pod-card').first().textContent()).toContain('Seat 1 — plays first');
    await sk.shot('round1-published');

    // ---- Pod results: winners by seat, one draw with an excluded player ------------------------------
    await sk.startClock(1);
    await sk.primary('Enter results (6 outstanding)');
    const tables1 = await sk.outstanding();
    const drawn = tables1.find((t) => t !== small) as number;
    for (const [i, table] of tables1.entries()) {
      if (table === drawn) {
        // A draw, the player in seat 2 conceded: everybody else at the pod gets the draw's point.
        await page.keyboard.type(String(table));
        await page.keyboard.press('Enter');
        await page.keyboard.type('d x2');
        await sk.testId('verdict').waitFor();
        await sk.shot('round1-draw-excluded');
        await page.keyboard.press('Enter');
        await eventually(() => sk.outstanding()).not.toContain(table);
        continue;
      }
      await sk.enterResult(table, String((i % (round1.get(table) as string[]).length) + 1));
    }
    await sk.shot('round1-results', { full: true });
    const drawnSeats = round1.get(drawn) as string[];
    await sk.tab('Standings');
    const points = async (id: string): Promise<number> => Number(await sk.testId('standings-table').locator(`tr[data-player="${id}"] .st-points`).textContent());
    expect(await points(drawnSeats[1] as string)).toBe(0);
    for (const id of [drawnSeats[0], drawnSeats[2], drawnSeats[3]] as string[]) expect(await points(id)).toBe(1);
    await sk.shot('round1-standings');

    // ---- Round 2 ----------------------------------------------------------------------------------
    await sk.pairRound(2);
    const round2 = await sk.seating();
    expect([...round2.values()].map((seats) => seats.length).sort()).toEqual([3, 4, 4, 4, 4, 4]);
    // Nobody sits in a second smaller pod (MAMTR 10.4A).
    const small2 = [...round2.values()].find((seats) => seats.length === 3) as string[];
    for (const id of small2) expect(round1.get(small)).not.toContain(id);
    await sk.shot('round2-published');
    await sk.startClock(2);
    await sk.primary('Enter results (6 outstanding)');
    for (const [i, table] of (await sk.outstanding()).entries()) await sk.enterResult(table, String((i % 3) + 1));
    await sk.shot('round2-results');

    // ---- Top 7: seeds 1–3 wait, seeds 4–7 play one pod ------------------------------------------------
    await sk.primary('Cut to the playoff');
    await sk.testId('cut-planner').waitFor();
    expect(await page.getByRole('radio', { name: /^Top 7/ }).isChecked()).toBe(true);
    await sk.testId('cut-preview').waitFor();
    await sk.shot('cut-preview');
    await sk.testId('cut-button').click();
    await sk.testId('confirm').click();
    await sk.testId('bracket').waitFor();
    await eventually(() => sk.topRound()).toBe('Playoff round 3 · 1 outstanding');
    const semifinal = sk.testId('bracket-table-1-1');
    const seatTexts = await semifinal.locator('li').allTextContents();
    expect(seatTexts.map((t) => /Seed (\d+)/.exec(t)?.[1])).toEqual(['4', '5', '6', '7']);
    expect(seatTexts[0]).toContain('plays first');
    const waiting = await sk.testId('bracket').getByTestId('waiting').locator('li').allTextContents();
    expect(waiting.map((t) => /Seed (\d+)/.exec(t)?.[1])).toEqual(['1', '2', '3']);
    await sk.shot('playoff-pod', { full: true });

    // The pod of seeds 4–7, then the final: seeds 1–3 and that pod's winner.
    await sk.primary('Enter results (1 outstanding)');
    await sk.enterResult(1, '3');
    await sk.primary('Pair the next playoff round');
    await sk.testId('publish-playoff-round').click();
    await eventually(() => sk.topRound()).toBe('Playoff round 4 · 1 outstanding');
    const final = await sk.testId('bracket-table-2-1').locator('li').allTextContents();
    expect(final.map((t) => Number(/Seed (\d+)/.exec(t)?.[1])).slice(0, 3)).toEqual([1, 2, 3]);
    expect(final[3]).toContain('Seed 6');
    await sk.shot('final-published');
    await sk.primary('Enter results (1 outstanding)');
    await sk.enterResult(1, '2');
    await sk.primary('Post final standings');
    await sk.tab('Playoffs');
    await eventually(() => sk.testId('champion').textContent()).toMatch(/\S/);
    expect(await sk.testId('bracket-table-1-1').textContent()).toContain('✓ advances');
    expect(await sk.testId('bracket-table-2-1').textContent()).toContain('✓ wins');
    await sk.shot('champion', { full: true });

    expect(host.problems).toEqual([]);
  });
});
