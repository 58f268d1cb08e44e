/**
 * A MAMTR 2024 event with pods of 4 where round 2's plain top-to-bottom fill (10.4A) keeps every score
 * group together: 52 players imported from a pasted CSV list, round 1 paired into 13 pods, and its
 * results typed at the table box so that 8 players end on 7 points, each the winner of a different
 * pod; one pod draws (its four players on 1 point, the best tiebreakers of the 1-point group, so the
 * fill seats them together at table 3 and must spread them) and four pods draw with seat 4 excluded
 * (three players on 1 point each, that player on 0). "Pair round 2" through the top bar: the proposal's
 * tables 1 and 2 hold exactly the eight 7-point players — the fill, with no repeat — tables 3–6 the
 * sixteen 1-point players, every pod is on one score, and the pairing check names no pair-up or
 * pair-down. "Pair again" keeps it so; so does the published round.
 *
 * Why 52 and not 32: 32 players make 8 pods, so 8 winners of different pods leave everyone else on
 * 0, and a field that is 7s and 0s only was paired right by the old optimiser too. The 1-point pods
 * above are what made it move a 7-point player down (the floor report), and 52 is the
 * smallest field where they fit with a pairing free of repeats and pair-downs (1-point players a
 * multiple of 4, no two of one pod in a table).
 * Screenshots: test/e2e/screenshots/mamtr-fill-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, eventually, startE2eHost, warnIfSkipped, type E2eHost } from '../support/e2e.js';
import { Scorekeeper } from '../support/scorekeeper.js';

warnIfSkipped('MAMTR fill event');

const PLAYERS = [
  'Ana Archer', 'Bo Brandt', 'Chloé Dubois', "Dara O'Neill", 'Eitan Levi', 'Fumiko Sato', 'María de la Cruz', 'Hana Novák',
  'Ivan Petrov', 'Jae-won Kim', 'Kofi Mensah', 'Lena Schröder', 'Mateus Gonçalves', 'Nadia Haddad', 'Oskar Nyström', 'Priya Raman',
  'Quentin Dupont', 'Rafael Ortega y Gasset', 'Siobhán Kelly', 'Tomás Ruiz', 'Ugo Bianchi', 'Vera Lindqvist', 'Wanjiru Kamau', 'Xavier Moreau',
  'Yara Haddad', 'Zofia Nowak', 'Aksel Berg', 'Bianca Rossi', 'Cian Mac Giolla', 'Dmitri Volkov', 'Elif Yılmaz', 'Farid Benali',
  'Greta van Dijk', 'Hugo Laurent', 'Ines Carvalho', 'Jonas Weber', 'Kaia Solberg', 'Luca Romano', 'Mina Park', 'Nils Eriksson',
  'Olga Ivanova', 'Pablo Herrera', 'Rosa Jiménez', 'Sven Larsen', 'Tariq al-Amin', 'Uma Krishnan', 'Viktor Horvat', 'Wen Li',
  'Ximena Castillo', 'Yusuf Demir', 'Zara Ahmed', 'Aoife Ní Bhriain',
];

describe.skipIf(!chromiumAvailable)('a 52-player MAMTR event whose round-2 fill is repeat-free at the top', () => {
  let host: E2eHost;

  beforeAll(async () => {
    host = await startE2eHost('e2e-mamtr-fill');
  }, 120_000);

  afterAll(async () => {
    await host?.close();
  });

  it('proposes the plain fill: the eight 7-point players at tables 1 and 2, no pair-ups or pair-downs', async () => {
    const page = await host.open('/');
    const sk = new Scorekeeper(page, 'mamtr-fill');

    await sk.createEvent({ name: 'Commander League', ruleset: 'mamtr-2024', podSize: 4, rounds: 3, expectedPlayers: PLAYERS.length });
    const csv = ['name,note', ...PLAYERS.map((name, i) => `"${name}",${i % 2 === 0 ? 'Lyon' : 'Porto'}`)].join('\n');
    await sk.importCsv(csv, PLAYERS.length);

    // ---- Round 1: 13 pods of 4 ------------------------------------------------------------------------
    await sk.pairRound(1);
    const round1 = await sk.seating();
    expect([...round1.values()].map((seats) => seats.length)).toEqual(new Array(13).fill(4));
    const podOf = new Map<string, number>();
    for (const [table, seats] of round1) for (const id of seats) podOf.set(id, table);

    // ---- Results: 8 pods won (a different seat wins each), one drawn, four drawn with seat 4 excluded ----
    await sk.startClock(1);
    await sk.primary('Enter results (13 outstanding)');
    const tables = await sk.outstanding();
    expect(tables).toHaveLength(13);
    const winners = new Set<string>();
    const onePoint = new Set<string>();
    for (const [i, table] of tables.entries()) {
      const seats = round1.get(table) as string[];
      if (i < 8) {
        winners.add(seats[i % 4] as string);
        await sk.enterResult(table, String((i % 4) + 1));
      } else if (i === 8) {
        for (const id of seats) onePoint.add(id);
        await sk.enterResult(table, 'd');
      } else {
        for (const id of seats.slice(0, 3)) onePoint.add(id);
        await sk.enterResult(table, 'd x4');
      }
    }
    await sk.shot('round1-results', { full: true });

    await sk.tab('Standings');
    await sk.shot('round1-standings');

    // ---- Round 2: the proposal is the plain fill at the top ------------------------------------------------
    await sk.primary('Pair round 2');
    const preview = sk.testId('pairing-preview');
    await preview.getByRole('heading', { name: 'Proposed pairing — round 2' }).waitFor();
    // Points before round 2, as the proposal shows them beside each name: eight on 7, sixteen on 1, the rest on 0.
    const points = new Map<string, number>();
    for (const seat of await preview.getByTestId('round-tables').locator('[data-player]').all())
      points.set((await seat.getAttribute('data-player')) as string, Number(await seat.locator('.points').textContent()));
    expect(points.size).toBe(PLAYERS.length);
    for (const [id, p] of points) expect(p, id).toBe(winners.has(id) ? 7 : onePoint.has(id) ? 1 : 0);
    expect(new Set([...winners].map((id) => podOf.get(id))).size).toBe(8);
    const check = async (label: string): Promise<void> => {
      const proposal = await sk.proposalSeating();
      expect(proposal.size, label).toBe(13);
      // Tables 1 and 2: exactly the eight 7-point players, none of whom has met another.
      const top = [...(proposal.get(1) as string[]), ...(proposal.get(2) as string[])];
      expect(new Set(top), label).toEqual(winners);
      // Tables 3–6: the sixteen 1-point players.
      const next = [3, 4, 5, 6].flatMap((t) => proposal.get(t) as string[]);
      expect(new Set(next), label).toEqual(onePoint);
      for (const [t, seats] of proposal) {
        // Every pod on one score: nobody paired up or down.
        expect(new Set(seats.map((id) => points.get(id))).size, `${label}: table ${t} is on one score`).toBe(1);
        // And nobody meets a round-1 pod-mate again.
        expect(new Set(seats.map((id) => podOf.get(id))).size, `${label}: table ${t} has no repeat`).toBe(seats.length);
      }
      // The pairing check names no pair-up or pair-down (nor a rematch).
      const pairingCheck = preview.getByTestId('pairing-check');
      await pairingCheck.waitFor();
      expect(await pairingCheck.locator('[data-warning-kind="pair-down"]').count(), `${label}: pair-downs listed`).toBe(0);
      expect(await pairingCheck.locator('[data-warning-kind="rematch"]').count(), `${label}: rematches listed`).toBe(0);
      expect(await pairingCheck.textContent()).not.toMatch(/plays in a pod/);
    };
    await sk.shot('round2-preview');
    await sk.shot('round2-preview-full', { full: true });
    await check('proposal');

    // "Pair again (new draw)": the fill stands, only the seat order is drawn again.
    const firstProposal = await sk.proposalSeating();
    await preview.getByRole('button', { name: 'Pair again (new draw)' }).click();
    await eventually(async () => JSON.stringify([...(await sk.proposalSeating())])).not.toBe(JSON.stringify([...firstProposal]));
    await check('pair again');
    await sk.shot('round2-pair-again');

    await sk.testId('publish').click();
    await sk.testId('confirm-dialog').waitFor();
    await page.keyboard.press('Enter');
    await sk.testId('confirm-dialog').waitFor({ state: 'detached' });
    await eventually(() => sk.topRound()).toBe('Round 2 · 13 outstanding');
    const round2 = await sk.seating();
    expect(new Set([...(round2.get(1) as string[]), ...(round2.get(2) as string[])])).toEqual(winners);
    await sk.shot('round2-published', { full: true });

    expect(host.problems).toEqual([]);
  });
});
