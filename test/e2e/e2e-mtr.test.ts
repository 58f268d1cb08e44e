/**
 * A 9-player MTR event run at the browser-mode station the way a scorekeeper runs it: created on the
 * Start screen, players registered from the keyboard (accents, apostrophes, a particle), three Swiss
 * rounds paired (preview, pairing check, publish) with every result typed at the table box, a player
 * dropped after round 1 (not seated again, struck through with the round), a result amended with a
 * reason (standings recompute), then a top-8 cut with quarterfinals, semifinals and the final entered
 * until the bracket shows a champion. Screenshots: test/e2e/screenshots/mtr-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, eventually, startE2eHost, warnIfSkipped, type E2eHost } from '../support/e2e.js';
import { boardName, Scorekeeper } from '../support/scorekeeper.js';

warnIfSkipped('MTR event');

const PLAYERS = ['Ana Archer', 'Bo Brandt', 'Chloé Dubois', "Dara O'Neill", 'Eitan Levi', 'Fumiko Sato', 'María de la Cruz', 'Hana Novák', 'Ivan Petrov'];
/** Results typed in table order, seat 1 first; one draw per round. */
const RESULTS = ['2-1', '0-2', '1-1-1', '2-0'];

describe.skipIf(!chromiumAvailable)('a 9-player MTR event in the browser-mode station', () => {
  let host: E2eHost;

  beforeAll(async () => {
    host = await startE2eHost('e2e-mtr');
  }, 120_000);

  afterAll(async () => {
    await host?.close();
  });

  it('runs registration, three rounds with a drop and an amendment, and a top-8 playoff', async () => {
    const page = await host.open('/');
    const sk = new Scorekeeper(page, 'mtr');

    // ---- Start and registration -----------------------------------------------------------------
    await sk.createEvent({ name: 'Saturday Modern', ruleset: 'mtr', rel: 'competitive', rounds: 3, expectedPlayers: 9 });
    expect(await sk.topRound()).toBe('Registration');
    await sk.register(PLAYERS);
    for (const name of PLAYERS) await page.locator('tr[data-player]').filter({ hasText: boardName(name) }).waitFor();
    await sk.shot('players-registered', { full: true });

    // ---- Round 1 --------------------------------------------------------------------------------
    await sk.pairRound(1);
    const round1 = await sk.seating();
    expect(round1.size).toBe(4);
    expect(await sk.byes()).toHaveLength(1);
    await sk.shot('round1-published');
    await sk.startClock(1);
    await sk.primary('Enter results (4 outstanding)');
    for (const [i, table] of (await sk.outstanding()).entries()) await sk.enterResult(table, RESULTS[i % RESULTS.length] as string);
    await sk.shot('round1-results', { full: true });

    // ---- A drop after round 1: not seated in round 2, struck through with the round -------------
    await sk.tab('Players');
    const dropped = 'Eitan Levi';
    const droppedId = await sk.playerId(dropped);
    await page.getByRole('button', { name: `Drop ${dropped} (${droppedId})` }).click();
    const droppedRow = sk.testId(`player-${droppedId}`);
    await eventually(() => droppedRow.getByTestId('status').textContent()).toBe('Dropped after round 1');
    expect(await droppedRow.locator('.player-name .dropped').textContent()).toBe(boardName(dropped));
    expect(await droppedRow.locator('.player-name .dropped').evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain('line-through');
    expect(await sk.testId('player-counts').textContent()).toContain('8 active · 1 dropped');
    await sk.shot('players-dropped');

    // ---- Round 2 --------------------------------------------------------------------------------
    await sk.pairRound(2);
    const round2 = await sk.seating();
    expect(round2.size).toBe(4);
    expect([...round2.values()].flat()).not.toContain(droppedId);
    expect([...round2.values()].flat()).toHaveLength(8);
    expect(await sk.byes()).toEqual([]);
    await sk.shot('round2-published');
    // The round clock, started from the Clock screen: the top bar shows it from then on.
    await sk.tab('Clock');
    await sk.testId('clock-start').click();
    await eventually(() => sk.testId('clock-time').textContent()).toMatch(/^(50:00|49:5\d)$/);
    await eventually(() => sk.testId('station-clock').textContent()).toMatch(/^(50:00|49:5\d)$/);
    await sk.shot('round2-clock');
    await sk.primary('Enter results (4 outstanding)');
    for (const [i, table] of (await sk.outstanding()).entries()) await sk.enterResult(table, RESULTS[(i + 1) % RESULTS.length] as string);
    await sk.shot('round2-results');

    // ---- Round 3, then one result amended with a reason --------------------------------------------
    await sk.pairRound(3);
    const round3 = await sk.seating();
    expect([...round3.values()].flat()).not.toContain(droppedId);
    await sk.startClock(3);
    await sk.primary('Enter results (4 outstanding)');
    const tables3 = await sk.outstanding();
    for (const table of tables3) await sk.enterResult(table, '2-0');
    await sk.shot('round3-results');

    // The slip of the first table was filled the wrong way round: seat 2 won 2-0.
    const amended = tables3[0] as number;
    const [seat1, seat2] = round3.get(amended) as [string, string];
    await sk.tab('Standings');
    const points = async (id: string): Promise<number> => Number(await sk.testId('standings-table').locator(`tr[data-player="${id}"] .st-points`).textContent());
    const before = { seat1: await points(seat1), seat2: await points(seat2) };
    await sk.shot('standings-before-amendment');
    await sk.tab('Results');
    await page.getByRole('button', { name: `Amend Round 3 table ${amended}` }).click();
    await eventually(() => page.evaluate(() => document.activeElement?.hasAttribute('data-result-field') ?? false)).toBe(true);
    await page.keyboard.type('0-2');
    // Enter without a reason: the station asks for one and puts the cursor there.
    await page.keyboard.press('Enter');
    await sk.testId('verdict').getByText('amending it needs a reason').waitFor();
    await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('amend-reason');
    await page.keyboard.type('Slip filled in the wrong way round; both players confirmed');
    await sk.shot('round3-amend');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: `Round 3, table ${amended} amended` }).waitFor();
    await eventually(() => sk.testId('round-results').locator(`tr[data-table="${amended}"]`).textContent()).toContain('wins 2–0');
    await sk.shot('round3-amended');
    await sk.tab('Standings');
    await eventually(() => points(seat1)).toBe(before.seat1 - 3);
    await eventually(() => points(seat2)).toBe(before.seat2 + 3);
    // The dropped player is still ranked, struck through with the round they dropped after.
    const droppedStanding = sk.testId('standings-table').locator(`tr[data-player="${droppedId}"]`);
    expect(await droppedStanding.locator('.st-name').textContent()).toContain('dropped after round 1');
    await sk.shot('standings-after-amendment');
    // The breakdown of a player: each tiebreaker worked out.
    await sk.testId('standings-table').locator(`tr[data-player="${seat2}"]`).click();
    await sk.shot('standings-breakdown');
    await page.keyboard.press('Escape');

    // ---- Top 8 ------------------------------------------------------------------------------------
    await sk.primary('Cut to the playoff');
    await sk.testId('cut-planner').waitFor();
    await page.getByRole('radio', { name: /^Top 8/ }).check();
    await sk.testId('cut-preview').waitFor();
    await sk.shot('cut-preview');
    await sk.testId('cut-button').click();
    await sk.shot('cut-dialog');
    await sk.testId('confirm').click();
    await sk.testId('bracket').waitFor();
    await eventually(() => sk.topRound()).toBe('Playoff round 4 · 4 outstanding');
    await sk.shot('quarterfinals');

    const playoffRound = async (n: number, tables: number, label: string): Promise<void> => {
      // Quarterfinals and semifinals are timed (MTR App. B: 90 minutes); the final is not.
      if (label !== 'final') await sk.startClock(n);
      await sk.primary(`Enter results (${tables} outstanding)`);
      for (const table of await sk.outstanding()) await sk.enterResult(table, '2-1');
      await sk.shot(`${label}-results`);
      if (label === 'final') return;
      await sk.primary('Pair the next playoff round');
      await sk.testId('publish-playoff-round').click();
      await eventually(() => sk.topRound()).toBe(`Playoff round ${n + 1} · ${tables / 2} outstanding`);
      await sk.shot(`${label === 'quarterfinals' ? 'semifinals' : 'final'}-published`);
    };
    await playoffRound(4, 4, 'quarterfinals');
    await playoffRound(5, 2, 'semifinals');
    await playoffRound(6, 1, 'final');

    // Posting does what it says: players' phones and the site show the final standings; then they print.
    await sk.primary('Post final standings');
    await eventually(() => sk.testId('primary-action').textContent()).toBe('Print final standings');
    await sk.testId('final-posted').getByText('Posted: players’ phones and the published site show these final standings.').waitFor();
    await sk.tab('Playoffs');
    const champion = await sk.testId('champion').textContent();
    expect(champion).toBeTruthy();
    expect(PLAYERS).toContain(champion);
    await sk.testId('playoff-complete').getByText(`${champion} wins the event`).waitFor();
    await sk.shot('champion');

    // ---- The event log: who, when, what and why -------------------------------------------------------
    await sk.tab('Event log');
    await sk.testId('log-screen').waitFor();
    await page.keyboard.press('/');
    await page.keyboard.type('wrong way round');
    const amendment = sk.testId('log-scroll').getByRole('listitem');
    await eventually(() => amendment.count()).toBe(1);
    expect(await amendment.textContent()).toContain('reason: Slip filled in the wrong way round; both players confirmed');
    await sk.shot('event-log-amendment');
    await page.keyboard.press('Escape');
    await eventually(() => amendment.count()).toBeGreaterThan(1);
    await sk.shot('event-log');

    // The keyboard help, and the dark theme.
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Help' }).waitFor();
    // The host tells the local station where its support log is (whoami), in browser mode too.
    expect(await page.getByTestId('support-log-path').textContent()).toMatch(/\/station\/logs\/podium\.log$/);
    await sk.shot('help');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Help' }).waitFor({ state: 'detached' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await sk.tab('Playoffs');
    await sk.shot('champion-dark');
    await sk.tab('Standings');
    await sk.shot('standings-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    expect(host.problems).toEqual([]);
  });
});
