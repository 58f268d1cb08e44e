/**
 * The judges' records at the browser-mode station, in Chromium against the real host (issue "The
 * judges' records", Done when):
 *
 * A. An 8-player MTR event at Competitive REL: in round 1 a game loss for Tardiness is recorded from
 *    the Results screen's penalty form by keyboard (the table number, the seat, the infraction, the
 *    penalty by its first letter, the judge, Enter); the table's entry says its result includes it, a
 *    result without the lost game is refused in words and one with it recorded; the match slips and
 *    the penalty report print it. A disqualification of another player drops them from round 2,
 *    marks them DQ on the standings and keeps their round-1 result (RULES 4).
 * B. A 16-player Commander event (MAMTR, pods of 4): 100-card lists pasted on the Players screen, one
 *    with a second "Sol Ring" and 99 cards flagged with its lines; in round 1 the Clock screen's pick
 *    ("pick 1 table at random, not checked before") starts a pod's checks and moves the round's 10 %
 *    line (MTR 2.8: 10 % of 16 decks is 2) and the event's indicator; the deck-check sheets print the
 *    four players' lists.
 * Screenshots: test/e2e/screenshots/judges-records-*.png; the PDFs' pages: <tmp>/podium-judges-records-pdf/.
 */
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, eventually, startE2eHost, warnIfSkipped, type E2eHost } from '../support/e2e.js';
import { pdfText, pdfToPng } from '../support/print.js';
import { Scorekeeper } from '../support/scorekeeper.js';

warnIfSkipped("judges' records");

const MTR_PLAYERS = ['Ana Archer', 'Bo Brandt', 'Chloé Dubois', "Dara O'Neill", 'Eitan Levi', 'Fumiko Sato', 'Hana Novák', 'Ivan Petrov'];

const POD_PLAYERS = [
  'Ana Archer', 'Bo Brandt', 'Chloé Dubois', "Dara O'Neill", 'Eitan Levi', 'Fumiko Sato', 'María de la Cruz', 'Hana Novák',
  'Ivan Petrov', 'Jae-won Kim', 'Kofi Mensah', 'Lena Schröder', 'Mateus Gonçalves', 'Nadia Haddad', 'Oskar Nyström', 'Priya Raman',
];

/** One commander for each player of event B, in registration order. */
const COMMANDERS = [
  "Atraxa, Praetors' Voice", 'Omnath, Locus of Mana', 'Kenrith, the Returned King', 'Edgar Markov', 'The Ur-Dragon', 'Krenko, Mob Boss',
  'Meren of Clan Nel Toth', 'Talrand, Sky Summoner', 'Lathril, Blade of the Elves', 'Kaalia of the Vast', 'Muldrotha, the Gravetide',
  "Yuriko, the Tiger's Shadow", 'Teysa Karlov', 'Prosper, Tome-Bound', 'Chulane, Teller of Tales', "Sythis, Harvest's Hand",
];

/** Forty different non-basic cards: with the commander and 59 basic lands, a 100-card singleton deck. */
const SINGLETONS = [
  'Sol Ring', 'Arcane Signet', 'Command Tower', 'Swords to Plowshares', 'Path to Exile', 'Counterspell', 'Cultivate', "Kodama's Reach",
  'Rampant Growth', 'Lightning Greaves', 'Swiftfoot Boots', 'Beast Within', 'Chaos Warp', 'Cyclonic Rift', 'Rhystic Study', 'Mystic Remora',
  'Eternal Witness', 'Reclamation Sage', 'Demonic Tutor', 'Vampiric Tutor', 'Farseek', "Nature's Lore", 'Three Visits', 'Brainstorm',
  'Ponder', 'Preordain', 'Negate', 'Heroic Intervention', "Teferi's Protection", 'Smothering Tithe', 'Esper Sentinel', 'Sylvan Library',
  'Birds of Paradise', 'Llanowar Elves', 'Elvish Mystic', 'Fyndhorn Elves', 'Mind Stone', 'Fellwar Stone', 'Thought Vessel', "Wayfarer's Bauble",
];

/**
 * A Commander list as Arena exports it: the commander under "Commander", the deck under "Deck"
 * (line 4 on). `extra` adds lines after the singletons; `forests` defaults to the count that makes 100.
 */
function commanderList(commander: string, options: { extra?: string[]; forests?: number } = {}): string {
  const extra = options.extra ?? [];
  const forests = options.forests ?? 30;
  return ['Commander', `1 ${commander}`, 'Deck', ...SINGLETONS.map((card) => `1 ${card}`), ...extra, `${forests} Forest`, '29 Island'].join('\n');
}

/** Where the printed PDFs' pages are rendered, to look at (each run overwrites them). */
const PDF_PAGES = path.join(os.tmpdir(), 'podium-judges-records-pdf');

/** pdftotext's words on one line each, for phrases a layout may wrap. */
const collapse = (text: string): string => text.normalize('NFC').replace(/\s+/g, ' ');

/** A station of its own (a fresh data folder: no event open) for each event of this file. */
function stationPerSuite(label: string): () => E2eHost {
  let host: E2eHost | undefined;
  beforeAll(async () => {
    host = await startE2eHost(label);
  }, 120_000);
  afterAll(async () => {
    await host?.close();
  });
  return () => host as E2eHost;
}

describe.skipIf(!chromiumAvailable)("the judges' records at an MTR event, in the browser-mode station", () => {
  const station = stationPerSuite('e2e-judges-records-mtr');

  it('an MTR event: a game loss in the result, a disqualification that drops the player, both printed', async () => {
    const host = station();
    const page = await host.open('/');
    const sk = new Scorekeeper(page, 'judges-records-mtr');
    await sk.createEvent({ name: 'Judged Modern', ruleset: 'mtr', rel: 'competitive', rounds: 3, expectedPlayers: 8 });
    await sk.register(MTR_PLAYERS);
    const ids = new Map<string, string>();
    for (const name of MTR_PLAYERS) ids.set(await sk.playerId(name), name);
    await sk.pairRound(1);
    const round1 = await sk.seating();
    expect(round1.size).toBe(4);
    const nameOf = (id: string): string => ids.get(id) as string;

    // ---- A game loss for Tardiness at table 1, seat 1, from the keyboard -------------------------------
    await sk.startClock(1);
    await sk.primary('Enter results (4 outstanding)');
    const [late, opponent] = round1.get(1) as [string, string];
    await page.keyboard.type('1');
    await page.keyboard.press('Enter');
    await sk.testId('entry-seats').waitFor();
    await sk.testId('penalty-open').click();
    await sk.recordPenalty({ who: '1', seat: 1, infraction: 'Tardiness', penaltyKey: 'g', judge: 'Kim Lee', note: '12 minutes late', toast: /^Penalty recorded: game loss for/,
      beforeEnter: async () => {
        expect(await sk.testId('penalty-kind').inputValue()).toBe('game-loss');
        expect(await sk.testId('penalty-candidates').getByRole('radio', { checked: true }).locator('..').textContent()).toContain(nameOf(late));
        await sk.testId('penalty-form').scrollIntoViewIfNeeded();
        await sk.shot('penalty-form');
      },
    });
    const note = sk.testId('penalty-note');
    await eventually(() => note.textContent()).toContain(`Table 1 includes a game loss for \u2068${nameOf(late)}\u2069 (Tardiness): the result counts it as a game \u2068${nameOf(late)}\u2069 lost.`);
    const listed = sk.testId('penalty-list').getByRole('listitem');
    expect(await listed.count()).toBe(1);
    expect(await listed.textContent()).toMatch(/^1 .+ — Game loss · Tardiness · judge Kim Lee · \d\d:\d\d · 12 minutes late$/);
    await note.scrollIntoViewIfNeeded();
    await sk.shot('penalty-panel');

    // The match slips of round 1 tell the players of table 1 to count it.
    await sk.tab('Pairings');
    const slipsPdf = await sk.printFromPairings('match-slips');
    const slips = collapse(pdfText(slipsPdf));
    expect(slips).toContain(`Includes a game loss for ${nameOf(late)} (Tardiness): count it among the games lost, then both sign`);
    expect(slips.match(/Includes a game loss/g)).toHaveLength(1);
    look(slipsPdf, 'slips', 1);

    // A result without the lost game is refused in words; with it, it is recorded.
    await sk.tab('Results');
    const box = sk.testId('table-box');
    await box.click();
    await page.keyboard.type('1');
    await page.keyboard.press('Enter');
    await eventually(() => page.evaluate(() => document.activeElement?.hasAttribute('data-result-field') ?? false)).toBe(true);
    await page.keyboard.type('2-0');
    await page.keyboard.press('Enter');
    const refusal = `${nameOf(late)} has a game loss there (Tardiness), so the result must count at least 1 game they lost (it counts 0)`;
    await eventually(() => sk.testId('verdict').textContent()).toContain(refusal);
    expect(await sk.outstanding()).toContain(1);
    await sk.dismissToasts();
    await sk.shot('refused-entry');
    await sk.testId('entry').locator('[data-result-field]').first().click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('2-1');
    await eventually(() => sk.testId('verdict').textContent()).toMatch(/Enter to record$/);
    await page.keyboard.press('Enter');
    await eventually(() => sk.outstanding()).toEqual([2, 3, 4]);
    await eventually(() => sk.testId('round-results').locator('tr[data-table="1"]').textContent()).toContain('wins 2–1');

    // Table 2's seat 1 wins 2-0; then a disqualification (typed by name) for that player.
    const [cheat] = round1.get(2) as [string, string];
    await box.click();
    for (const table of [2, 3, 4]) await sk.enterResult(table, '2-0');
    await sk.recordPenalty({ who: nameOf(cheat), infraction: 'Cheating', penaltyKey: 'd', toast: /^Penalty recorded: disqualification for/ });
    await eventually(() => listed.count()).toBe(2);
    expect(await listed.nth(1).textContent()).toMatch(/^2 .+ — Disqualification · Cheating · judge Kim Lee/);
    await sk.shot('penalties-recorded');

    // The event's penalty report: both penalties, the DQ marked.
    const reportPdf = await sk.print(sk.testId('penalties').getByRole('button', { name: "Print the event's penalty report" }));
    const report = collapse(pdfText(reportPdf));
    expect(report).toContain('2 penalties in the event: 1 game loss, 1 disqualification.');
    expect(report).toMatch(new RegExp(`1 1 ${nameOf(late)} Tardiness Game loss Kim Lee \\d\\d:\\d\\d 12 minutes late`));
    expect(report).toMatch(new RegExp(`1 2 ${nameOf(cheat)} Cheating DISQUALIFIED Kim Lee`));
    expect(report).toContain(`${nameOf(cheat)} — DQ`);
    look(reportPdf, 'penalty-report');

    // ---- Round 2: the disqualified player is not seated; the standings mark DQ and keep round 1 -------
    await sk.pairRound(2);
    const round2 = await sk.seating();
    const seated = [...[...round2.values()].flat(), ...(await sk.byes())];
    expect(seated).toHaveLength(7);
    expect(seated).not.toContain(cheat);
    await sk.tab('Players');
    const cheatPlayer = sk.testId(`player-${cheat}`);
    // Marked as disqualified on the Players screen too, and not offered for reinstating (only undoing the penalty takes it back).
    expect(await cheatPlayer.getByTestId('status').textContent()).toBe('Disqualified in round 1 (Cheating)');
    expect(await cheatPlayer.getByRole('button', { name: /^Reinstate/ }).count()).toBe(0);
    await cheatPlayer.scrollIntoViewIfNeeded();
    await sk.shot('dq-players');
    await sk.tab('Standings');
    const standings = sk.testId('standings-table');
    const cheatRow = standings.locator(`tr[data-player="${cheat}"]`);
    expect(await cheatRow.getByTestId('dq-tag').textContent()).toBe('DQ');
    expect(await cheatRow.locator('.st-points').textContent()).toBe('3');
    expect(await cheatRow.locator('.st-record').textContent()).toBe('1–0–0');
    expect(await standings.getByTestId('dq-tag').count()).toBe(1);
    await sk.dismissToasts();
    await sk.shot('dq-standings', { full: true });
    // The late player won 2-1: 3 points, and the game loss is one of the 3 games of their GW%:
    // 6 game points of 9 (MTR App. C), the opponent's 1 game won 3 of 9.
    expect(await standings.locator(`tr[data-player="${late}"] .st-points`).textContent()).toBe('3');
    const headers = (await standings.locator('thead th').allTextContents()).map((h) => h.replace(/[▲▼]/g, '').trim());
    expect(headers).toContain('GW%');
    const gw = (id: string): Promise<string | null> => standings.locator(`tr[data-player="${id}"] td`).nth(headers.indexOf('GW%')).textContent();
    expect(await gw(late)).toBe('66.67%');
    expect(await gw(opponent)).toBe('33.33%');
    // Their breakdown lists the game loss.
    await standings.locator(`tr[data-player="${late}"]`).click();
    const history = sk.testId('penalty-history');
    await eventually(() => history.textContent()).toMatch(/Round 1, table 1 Game loss — Tardiness · judge Kim Lee · 12 minutes late/);
    await history.scrollIntoViewIfNeeded();
    await sk.dismissToasts();
    await sk.shot('penalty-history');
    await page.keyboard.press('Escape');
    // Round 1's result of the disqualified player's table stands.
    await sk.tab('Results');
    await sk.testId('round-results').getByRole('button', { name: 'R1', exact: true }).click();
    await eventually(() => sk.testId('round-results').locator('tr[data-table="2"]').textContent()).toContain(`${nameOf(cheat)}\u2069 wins 2–0`);

    expect(host.problems).toEqual([]);
  });
});

describe.skipIf(!chromiumAvailable)("the judges' records at a Commander event, in the browser-mode station", () => {
  const station = stationPerSuite('e2e-judges-records-commander');

  it('a Commander event: 100-card lists registered, a pod picked for deck checks toward 10 %, its sheets printed', async () => {
    const host = station();
    const page = await host.open('/');
    const sk = new Scorekeeper(page, 'judges-records-commander');
    await sk.createEvent({ name: 'Commander League', ruleset: 'mamtr-2024', podSize: 4, rounds: 2, expectedPlayers: 16 });
    await sk.importCsv(['name', ...POD_PLAYERS.map((name) => `"${name}"`)].join('\n'), 16);
    const ids: string[] = [];
    for (const name of POD_PLAYERS) ids.push(await sk.playerId(name));
    const commanderOf = new Map(ids.map((id, i) => [id, COMMANDERS[i] as string]));
    const nameOf = new Map(ids.map((id, i) => [id, POD_PLAYERS[i] as string]));
    await eventually(() => sk.testId('decklists').locator('h2').textContent()).toContain('0 of 16 registered');

    // A second Sol Ring and one Forest short of 100: flagged with its lines; saved once corrected.
    const first = ids[0] as string;
    await sk.pasteDecklist(first, commanderList(COMMANDERS[0] as string, { extra: ['1 Sol Ring'], forests: 28 }));
    const problems = sk.testId('decklist-problems').getByRole('listitem');
    await eventually(() => problems.allTextContents()).toEqual([
      'The deck has 99 cards including the commander (lines 2–46); a Commander deck has exactly 100.',
      'Lines 4 and 44: 2 copies of “Sol Ring”; a Commander deck is singleton (one of each card except basic lands).',
    ]);
    expect(await sk.testId('decklist-save').textContent()).toBe('Save the list anyway');
    await sk.testId('decklist-save').scrollIntoViewIfNeeded();
    await sk.shot('decklist-flagged');
    await sk.testId('decklist-text').fill(commanderList(COMMANDERS[0] as string));
    await eventually(() => sk.testId('decklist-ok').textContent()).toBe('The list meets the counts of the rules for a commander deck.');
    expect(await sk.testId('decklist-size').textContent()).toBe(`100 cards, commander ${COMMANDERS[0]}`);
    await sk.shot('decklist-panel');
    await sk.saveDecklist();
    for (const id of ids.slice(1)) {
      await sk.pasteDecklist(id, commanderList(commanderOf.get(id) as string));
      await eventually(() => sk.testId('decklist-ok').isVisible()).toBe(true);
      await sk.saveDecklist();
    }
    await eventually(() => sk.testId('decklists').locator('h2').textContent()).toContain('16 of 16 registered');
    await sk.shot('decklists-registered', { full: true });

    // ---- Round 1: four pods; the Clock screen's pick of one pod reaches 10 % of 16 decks ----------------
    await sk.pairRound(1);
    const round1 = await sk.seating();
    expect([...round1.values()].map((seats) => seats.length)).toEqual([4, 4, 4, 4]);
    await sk.tab('Clock');
    const roundLine = sk.testId('deck-pick-round');
    await eventually(() => roundLine.textContent()).toBe('Round 1: 0 of 16 decks checked; 10 % of this round is 2 (MTR 2.8).');
    const indicator = sk.testId('deck-check-indicator');
    expect(await indicator.textContent()).toContain('0 of 16 decks checked (0 %)');
    await sk.testId('deck-pick-count').fill('1');
    await sk.testId('deck-pick-draw').click();
    const picked = sk.testId('deck-pick-result').getByRole('listitem');
    await eventually(() => picked.count()).toBe(1);
    const table = Number(await picked.locator('.table-number').textContent());
    const players = round1.get(table) as string[];
    expect(await picked.textContent()).toBe(`${table} ${players.map((id) => nameOf.get(id)).join(', ')}`);
    await sk.testId('deck-pick-judge').fill('Kim Lee');
    await sk.dismissToasts();
    await sk.shot('deck-pick');
    await sk.testId('deck-pick-start').click();
    await eventually(() => roundLine.textContent()).toMatch(new RegExp(`^Round 1: 4 of 16 decks checked; 10 % of this round is 2 \\(MTR 2\\.8\\) — reached\\. Checked: .*\\(table ${table}\\)\\.$`));
    for (const id of players) expect(await roundLine.textContent()).toContain(`${nameOf.get(id)}\u2069 (table ${table})`);
    await eventually(() => indicator.textContent()).toContain('4 of 16 decks checked (25 %)');
    const log = sk.testId('deck-check-log').locator('tbody tr');
    expect(await log.count()).toBe(1);
    // Table, then the decks checked with the judge under them, then the time (the log fits its column).
    expect(await log.textContent()).toMatch(new RegExp(`^${table}.*judge Kim Lee.*under way`));
    await roundLine.scrollIntoViewIfNeeded();
    await sk.dismissToasts();
    await sk.shot('deck-pick-started');

    // The round's deck-check sheets: each checked player's commander, then their 99 cards by name.
    const sheet = await sk.print(sk.testId('deck-pick').locator('button[data-print="deck-check-sheet"]'));
    const text = collapse(pdfText(sheet));
    for (const id of players) {
      expect(text).toContain(`Deck check — ${nameOf.get(id)}`);
      expect(text).toContain(`Commander (1) OK Listed Card Found 1 ${commanderOf.get(id)}`);
    }
    expect(text.match(/Main deck \(99\)/g)).toHaveLength(4);
    expect(text.match(/Deck check — /g)).toHaveLength(4);
    expect(text).toContain(`Round 1 · table ${table} · judge Kim Lee · registered once`);
    const start = text.indexOf('Deck check — ');
    const firstSheet = text.slice(start, text.indexOf('Deck check — ', start + 1));
    const order = ['1 Arcane Signet', '1 Beast Within', '30 Forest', '1 Heroic Intervention', '29 Island', "1 Kodama's Reach", "1 Wayfarer's Bauble"];
    const at = order.map((line) => firstSheet.indexOf(line));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    look(sheet, 'deck-check-sheet');

    expect(host.problems).toEqual([]);
  });
});

/** The PDF's pages (or the first `pages`) as PNGs at 60 dpi in the temp folder, to look at. */
function look(pdf: Uint8Array, name: string, pages?: number): void {
  mkdirSync(PDF_PAGES, { recursive: true });
  const files = pdfToPng(pdf, PDF_PAGES, name, { dpi: 60, ...(pages ? { first: 1, last: pages } : {}) });
  expect(files.length).toBeGreaterThan(0);
}
