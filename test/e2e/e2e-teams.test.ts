/**
 * An 8-team Two-Headed Giant event (MTR 9) at the browser-mode station: created with the
 * Two-Headed Giant setting on the Start screen, the teams registered from the keyboard with their two
 * people each (family names with particles and prefixes: "Cian Mac Giolla", "Ana de la Cruz"), round 1
 * paired and its pairings board printed with the station's Print button: the PDF (pdftotext) lists
 * each person under their own family name with team, seat letter, opponent team and table, and never
 * a team's name read as a person's ("Heads, The Twin"). The projector lists the persons too. Round 1's
 * results include a played drawn game (0-0-1, typed) and an intentional draw (the ID button): the
 * results screen and the event log tell them apart. Screenshots: test/e2e/screenshots/teams-*.png
 * (the board PDF rasterised as teams-board-*.png).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfInfo, pdfText, pdfToPng } from '../support/print.js';
import { chromiumAvailable, eventually, SHOTS, startE2eHost, warnIfSkipped, type E2eHost } from '../support/e2e.js';
import { Scorekeeper, type NewTeam } from '../support/scorekeeper.js';

warnIfSkipped('Two-Headed Giant event');

/** Each team's people, seat A first, with the board's form of each name (family name first). */
const TEAMS: (NewTeam & { boards: [string, string] })[] = [
  { name: 'The Twin Heads', members: ['Cian Mac Giolla', 'Ana de la Cruz'], boards: ['Mac Giolla, Cian', 'de la Cruz, Ana'] },
  { name: 'Ravens of Dublin', members: ['Aoife Ní Bhriain', 'Seán Ó Súilleabháin'], boards: ['Ní Bhriain, Aoife', 'Ó Súilleabháin, Seán'] },
  { name: 'Los Dos Gatos', members: ['Lucía Ortega y Gasset', 'Tomás dos Santos'], boards: ['Ortega y Gasset, Lucía', 'dos Santos, Tomás'] },
  { name: 'Van Houten & Sons', members: ['Pieter van Dijk', 'Anke von Trapp'], boards: ['van Dijk, Pieter', 'von Trapp, Anke'] },
  { name: 'Dragons', members: ['Bo Berg', 'Cy Chen'], boards: ['Berg, Bo', 'Chen, Cy'] },
  { name: 'Planeswalkers', members: ['Ana Costa', 'Dmitri Volkov'], boards: ['Costa, Ana', 'Volkov, Dmitri'] },
  { name: 'Mana Leak', members: ['Omar al-Rashid', 'Karim ibn Said'], boards: ['al-Rashid, Omar', 'ibn Said, Karim'] },
  { name: 'Top Deck', members: ['Kofi Mensah', 'Mei-Ling Chou'], boards: ['Mensah, Kofi', 'Chou, Mei-Ling'] },
];

/** What a team's name would look like read as a person's ("Heads, The Twin"): never on the board. */
const TEAM_AS_PERSON = ['Heads, The Twin', 'Dublin, Ravens of', 'Gatos, Los Dos', 'Sons, Van Houten &', 'Leak, Mana', 'Deck, Top'];

describe.skipIf(!chromiumAvailable)('an 8-team Two-Headed Giant event in the browser-mode station', () => {
  let host: E2eHost;

  beforeAll(async () => {
    host = await startE2eHost('e2e-teams');
  }, 120_000);

  afterAll(async () => {
    await host?.close();
  });

  it('registers teams of two, prints a board of persons, shows them on the projector, and tells a drawn game from an ID', async () => {
    const page = await host.open('/');
    const sk = new Scorekeeper(page, 'teams');

    // ---- Start: mtr with the Two-Headed Giant setting ------------------------------------------------
    await sk.createEvent({ name: 'Two-Headed Giant Sunday', ruleset: 'mtr', rel: 'regular', rounds: 3, expectedPlayers: 8, twoHeadedGiant: true });
    expect(await sk.testId('register-seat-A').isVisible()).toBe(true);
    expect(await sk.testId('register-seat-B').isVisible()).toBe(true);
    await expect(sk.testId('register-seat-C').count()).resolves.toBe(0);

    // ---- Registration: the board's form of each person's name shows as it is typed ---------------------
    const first = TEAMS[0] as (typeof TEAMS)[number];
    await sk.testId('register-name').click();
    await page.keyboard.type(first.name);
    await sk.testId('register-seat-A').click();
    await page.keyboard.type(first.members[0] as string);
    await sk.testId('register-seat-B').click();
    await page.keyboard.type(first.members[1] as string);
    await eventually(() => sk.testId('register-seat-A-board').textContent()).toContain('Mac Giolla, Cian');
    await eventually(() => sk.testId('register-seat-B-board').textContent()).toContain('de la Cruz, Ana');
    await sk.shot('register-team');
    await page.keyboard.press('Enter');
    await eventually(() => sk.activeCount()).toBe(1);
    await sk.registerTeams(TEAMS.slice(1));
    await eventually(() => sk.activeCount()).toBe(8);
    await sk.shot('teams-registered', { full: true });

    // ---- Round 1 ------------------------------------------------------------------------------------
    await sk.pairRound(1);
    const round1 = await sk.seating();
    expect(round1.size).toBe(4);
    expect([...round1.values()].every((seats) => seats.length === 2)).toBe(true);
    expect(await sk.byes()).toEqual([]);
    // Each team's people by seat letter beside the team.
    const members = await sk.testId('published-round').getByTestId('team-members').allTextContents();
    expect(strip(members.join(' '))).toContain('A Cian Mac Giolla · B Ana de la Cruz');
    await sk.shot('round1-published');

    // Team id → name, from the Players screen's rows.
    const teamOf = new Map<string, (typeof TEAMS)[number]>();
    await sk.tab('Players');
    for (const team of TEAMS) {
      const id = await page.locator('tr[data-player]').filter({ hasText: team.name }).first().getAttribute('data-player');
      teamOf.set(id as string, team);
    }
    // A person's name finds them: under their own family name, with team, seat letter and table.
    const twinTable = [...round1].find(([, seats]) => seats.some((id) => teamOf.get(id) === first))?.[0];
    await sk.testId('player-search').click();
    await page.keyboard.type('Giolla');
    const people = sk.testId('people-results').getByRole('listitem');
    await eventually(() => people.count()).toBe(1);
    expect(strip((await people.textContent()) ?? '')).toMatch(new RegExp(`^Mac Giolla, Cian\\s*The Twin Heads, seat A\\s*table ${twinTable}$`));
    await sk.shot('person-search');
    await sk.testId('player-search').fill('');
    await sk.tab('Pairings');

    // ---- The pairings board, printed from the station ---------------------------------------------------
    const pdf = await sk.printFromPairings('pairings-by-name');
    expect(pdfInfo(pdf).Pages).toBe('1');
    const text = pdfText(pdf).normalize('NFC');
    // In the order the board draws its rows (each entry: name, its line below, the table box).
    const rows = collapse(pdftotext(pdf, ['-raw']));
    for (const file of pdfToPng(pdf, SHOTS, 'teams-board', { dpi: 80 })) expect(file).toMatch(/teams-board-\d+\.png$/);
    expect(text).toContain('16 players on this page of 16 players');
    // Every person, under their own family name, with team, seat letter, the other team and the table.
    for (const [table, seats] of round1) {
      for (const [i, id] of seats.entries()) {
        const team = teamOf.get(id) as (typeof TEAMS)[number];
        const other = teamOf.get(seats[1 - i] as string) as (typeof TEAMS)[number];
        for (const [k, board] of team.boards.entries())
          expect(rows, `the board's entry for ${board}`).toContain(`${board} ${team.name}, seat ${'AB'[k]} — vs ${other.name} ${table}`);
      }
    }
    for (const wrong of TEAM_AS_PERSON) expect(text).not.toContain(wrong);
    for (const team of TEAMS) expect(rows).not.toContain(`${team.name} ${team.name}`);
    // Sorted by what each entry prints first ("de la Cruz" under d, "Mac Giolla" under M), down the
    // left column, then down the right one.
    const width = Number(/^([\d.]+) x/.exec(pdfInfo(pdf)['Page size'] ?? '')?.[1]);
    const columns = collapse(pdftotext(pdf, ['-raw', '-x', '0', '-y', '0', '-W', String(Math.floor(width / 2)), '-H', '2000'])) + ' ' + collapse(pdftotext(pdf, ['-raw', '-x', String(Math.floor(width / 2)), '-y', '0', '-W', String(Math.ceil(width / 2)), '-H', '2000']));
    const printed = TEAMS.flatMap((t) => t.boards)
      .map((board) => ({ board, at: columns.indexOf(`${board} `) }))
      .sort((a, b) => a.at - b.at);
    expect(printed.every((p) => p.at >= 0)).toBe(true);
    expect(printed.map((p) => p.board)).toEqual([
      'al-Rashid, Omar', 'Berg, Bo', 'Chen, Cy', 'Chou, Mei-Ling', 'Costa, Ana', 'de la Cruz, Ana', 'dos Santos, Tomás', 'ibn Said, Karim',
      'Mac Giolla, Cian', 'Mensah, Kofi', 'Ní Bhriain, Aoife', 'Ó Súilleabháin, Seán', 'Ortega y Gasset, Lucía', 'van Dijk, Pieter', 'Volkov, Dmitri', 'von Trapp, Anke',
    ]);

    // ---- The projector lists persons too --------------------------------------------------------------
    const projector = await host.open('/projector', { width: 1920, height: 1080 });
    const board = projector.getByTestId('projector-pairings');
    await eventually(() => board.locator('.pj-entry').count()).toBe(16);
    const entries = await board.locator('.pj-entry').evaluateAll((els) =>
      els.map((el) => ({
        name: el.querySelector('.pj-entry-name')?.textContent ?? '',
        table: el.querySelector('.pj-entry-table')?.textContent ?? '',
        detail: el.querySelector('.pj-entry-detail')?.textContent ?? '',
      })),
    );
    for (const [table, seats] of round1)
      for (const [i, id] of seats.entries()) {
        const team = teamOf.get(id) as (typeof TEAMS)[number];
        const other = teamOf.get(seats[1 - i] as string) as (typeof TEAMS)[number];
        for (const [k, name] of team.boards.entries()) {
          const entry = entries.find((e) => strip(e.name) === name);
          expect(entry, `the projector's entry for ${name}`).toBeDefined();
          expect(entry?.table).toBe(String(table));
          expect(strip(entry?.detail ?? '')).toBe(`${team.name}, seat ${'AB'[k]} — vs ${other.name}`);
        }
      }
    for (const e of entries) for (const wrong of TEAM_AS_PERSON) expect(e.name).not.toContain(wrong);
    await projector.screenshot({ path: `${SHOTS}/teams-projector.png`, animations: 'disabled' });
    await projector.close();

    // ---- Results: a win each way, a played drawn game (0-0-1) and an intentional draw (ID button) --------
    await sk.startClock(1);
    await sk.primary('Enter results (4 outstanding)');
    const [t1, t2, t3, t4] = (await sk.outstanding()) as [number, number, number, number];
    await sk.enterResult(t1, '1-0');
    await sk.enterResult(t2, '0-0-1');
    await enterIntentionalDraw(sk, page, t3);
    await sk.enterResult(t4, '0-1');
    const resultOf = (table: number) => sk.testId('round-results').locator(`tr[data-table="${table}"] td`).nth(2).textContent();
    const drawn = strip((await resultOf(t2)) ?? '');
    const intentional = strip((await resultOf(t3)) ?? '');
    await sk.shot('round1-results', { full: true });
    expect(intentional).toMatch(/intentional draw/i);
    expect(drawn).not.toBe(intentional);
    // A played drawn game is not an intentional draw.
    expect(drawn, 'the results screen calls the played drawn game').not.toMatch(/intentional/i);
    expect(drawn).toMatch(/draw/i);

    // The event log says which is which.
    await sk.tab('Event log');
    await sk.testId('log-screen').waitFor();
    const log = sk.testId('log-scroll');
    const [a2, b2] = (round1.get(t2) as string[]).map((id) => (teamOf.get(id) as NewTeam).name);
    const [a3, b3] = (round1.get(t3) as string[]).map((id) => (teamOf.get(id) as NewTeam).name);
    const drawnEntry = log.getByRole('listitem').filter({ hasText: `${a2}` }).filter({ hasText: `${b2}` }).filter({ hasText: /drawn game/ });
    const idEntry = log.getByRole('listitem').filter({ hasText: `${a3}` }).filter({ hasText: `${b3}` }).filter({ hasText: /intentional draw/ });
    await eventually(() => drawnEntry.count()).toBe(1);
    await eventually(() => idEntry.count()).toBe(1);
    expect(strip((await drawnEntry.textContent()) ?? '')).toContain(`${a2} 0–0–1 ${b2} (1 drawn game played)`);
    expect(strip((await idEntry.textContent()) ?? '')).toContain(`${a3} ID ${b3} (intentional draw, no game played)`);
    expect(await drawnEntry.textContent()).not.toMatch(/intentional/);
    await sk.shot('event-log');

    // The standings: the drawn game and the ID are each a draw (1 point), the winners have 3.
    await sk.tab('Standings');
    const points = async (id: string): Promise<number> => Number(await sk.testId('standings-table').locator(`tr[data-player="${id}"] .st-points`).textContent());
    for (const table of [t2, t3]) for (const id of round1.get(table) as string[]) expect(await points(id)).toBe(1);
    expect(await points((round1.get(t1) as string[])[0] as string)).toBe(3);
    expect(await points((round1.get(t4) as string[])[1] as string)).toBe(3);
    await sk.shot('standings');

    expect(host.problems).toEqual([]);
  });
});

/** pdftotext with `args` (poppler-utils), the text NFC. */
function pdftotext(pdf: Uint8Array, args: string[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'podium-teams-pdf-'));
  try {
    const file = path.join(dir, 'board.pdf');
    writeFileSync(file, pdf);
    const run = spawnSync('pdftotext', [...args, '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`pdftotext failed (${run.status}): ${run.stderr}`);
    return run.stdout.normalize('NFC');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Text without the direction isolates names are wrapped in on screen. */
function strip(text: string): string {
  return text.replace(/[\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim();
}

/** Table number, Enter, then the ID button of the common results: recorded at once. */
async function enterIntentionalDraw(sk: Scorekeeper, page: Page, table: number): Promise<void> {
  const box = sk.testId('table-box');
  await eventually(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
  const open = (await sk.outstanding()).length;
  await page.keyboard.type(String(table));
  await page.keyboard.press('Enter');
  await sk.testId('entry-seats').waitFor();
  await sk.testId('giant-teams').waitFor();
  await sk.shot('round1-id-entry');
  await sk.testId('entry').getByRole('group', { name: 'Common results' }).getByRole('button', { name: 'ID', exact: true }).click();
  await eventually(() => sk.outstanding().then((t) => t.length)).toBe(open - 1);
  await eventually(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
}
