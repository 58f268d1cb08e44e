// @vitest-environment jsdom
/**
 * Names on the station, against the real in-process host:
 * - two players with the same name are told apart (note, else id) everywhere a name appears — the
 *   event log (results, drops, the cut), the clock's tables, the deck-check rows, the pairing
 *   check's warnings — not only on the main lists;
 * - registration shows the family name a board will sort by and lets the scorekeeper change it
 *   ("Cian Mac Giolla" → "Mac Giolla, Cian"; "Gustavo García Márquez" → family "García Márquez");
 * - a CSV with given and family name columns keeps them, never joining them and guessing the last
 *   word ("Márquez, Gustavo García").
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../renderer/App.js';
import { isolate } from '../../renderer/lib/format.js';
import { PairingCheck } from '../../renderer/screens/pairings/PairingCheck.js';
import { previewImport } from '../../renderer/screens/players/registration.js';
import { useStation } from '../../renderer/store/station.js';
import { type RendererHost } from '../support/renderer-host.js';
import { Builder, resetStore, stationPerTest } from './event-builders.js';

let host: RendererHost;
let b: Builder;
stationPerTest((h, builder) => {
  host = h;
  b = builder;
});

const LEEDS = isolate('Ana Archer (Leeds)');
const YORK = isolate('Ana Archer (York)');

/** Two Ana Archers (Leeds, York) and two others; round 1 seats the two Anas at table 1. */
async function twoAnas(): Promise<void> {
  await b.api.createEvent({ name: 'Same Names Open', ruleset: 'mtr', settings: {}, seed: 7 });
  const people = [
    { id: 'p01', name: 'Ana Archer', note: 'Leeds' },
    { id: 'p02', name: 'Ana Archer', note: 'York' },
    { id: 'p03', name: 'Bo Berg' },
    { id: 'p04', name: 'Cy Castro' },
  ];
  for (const [i, player] of people.entries()) await b.run({ type: 'register-player', player, draw: i + 1 });
  await b.run({ type: 'pair-round', round: 1, stage: 'swiss', seed: 1, byes: [], tables: [{ table: 1, seats: ['p01', 'p02'] }, { table: 2, seats: ['p03', 'p04'] }] });
}

async function goTo(label: string): Promise<void> {
  await userEvent.setup().click(within(screen.getByRole('navigation', { name: 'Screens' })).getByRole('button', { name: label }));
}

describe('two players with the same name', () => {
  it('are told apart in the event log: results, drops and the cut', async () => {
    await twoAnas();
    await b.run({ type: 'record-result', round: 1, table: 1, result: { games: [2, 1, 0] } });
    await b.run({ type: 'record-result', round: 1, table: 2, result: { games: [2, 0, 0] } });
    await b.run({ type: 'drop-player', id: 'p02' });
    await b.run({ type: 'start-playoff', top: 2, draft: false, seeds: ['p01', 'p03'] });
    useStation.setState({ screen: 'log' });
    render(<App connection={host.connection} view="station" />);
    const log = await screen.findByTestId('log-scroll');
    await waitFor(() => expect(log.textContent).toContain('Cut to the top 2'));
    const texts = Array.from(log.querySelectorAll('.log-text')).map((e) => e.textContent ?? '');
    expect(texts).toContain(`Result entered: round 1, table 1 — ${LEEDS} 2–1 ${YORK}`);
    expect(texts).toContain(`${YORK} dropped after round 1`);
    expect(texts).toContain(`Cut to the top 2 — seeds: 1 ${LEEDS}, 2 ${isolate('Bo Berg')}`);
  });

  it('are told apart on the clock: the tables and the deck-check rows', async () => {
    await twoAnas();
    const now = Date.now();
    await b.run({ type: 'start-round-clock', round: 1, at: now });
    await b.run({ type: 'start-deck-check', round: 1, table: 1, judge: 'Kim Lee', at: now + 1000 });
    await b.run({ type: 'end-deck-check', round: 1, table: 1, at: now + 2000 });
    useStation.setState({ screen: 'clock' });
    render(<App connection={host.connection} view="station" />);
    const checks = await screen.findByTestId('deck-check-log');
    expect(checks.textContent).toContain(`${LEEDS}, ${YORK}`);
    const table = await screen.findByTestId('clock-table-1');
    expect(table.querySelector('.clock-players')?.textContent).toBe(`${LEEDS} · ${YORK}`);
  });

  it('are told apart in the pairing check’s warnings', async () => {
    // Two players only: round 2 must be a rematch, and the warning names both Ana Archers.
    await b.api.createEvent({ name: 'Same Names Open', ruleset: 'mtr', settings: {}, seed: 7 });
    await b.run({ type: 'register-player', player: { id: 'p01', name: 'Ana Archer', note: 'Leeds' }, draw: 1 });
    await b.run({ type: 'register-player', player: { id: 'p02', name: 'Ana Archer', note: 'York' }, draw: 2 });
    await b.run({ type: 'pair-round', round: 1, stage: 'swiss', seed: 1, byes: [], tables: [{ table: 1, seats: ['p01', 'p02'] }] });
    await b.run({ type: 'record-result', round: 1, table: 1, result: { games: [2, 0, 0] } });
    const answer = await b.api.query({ kind: 'propose-pairing', seed: 5 });
    if (answer.kind !== 'propose-pairing') throw new Error('no proposal');
    const state = await b.state();
    render(<PairingCheck state={state} round={2} proposal={answer.proposal} />);
    const rematch = screen.getByTestId('pairing-check').querySelector('[data-warning-kind="rematch"] li')?.textContent ?? '';
    expect([`${LEEDS} and ${YORK} played in round 1`, `${YORK} and ${LEEDS} played in round 1`].some((start) => rematch.startsWith(start))).toBe(true);
  });
});

describe('family names at registration', () => {
  it('shows the family name a board sorts by, and lets the scorekeeper change it', async () => {
    await b.api.createEvent({ name: 'Names Open', ruleset: 'mtr', settings: {}, seed: 7 });
    const user = userEvent.setup();
    render(<App connection={host.connection} view="station" />);
    const name = await screen.findByTestId('register-name');
    await user.type(name, 'Cian Mac Giolla');
    expect(screen.getByTestId('register-board').textContent).toBe('On the boards: Mac Giolla, Cian · sorted under Mac Giolla');
    expect((screen.getByTestId('register-family') as HTMLInputElement).value).toBe('Mac Giolla');
    await user.keyboard('{Enter}');
    await waitFor(async () => expect((await b.state()).players).toHaveLength(1));
    // The guess was right: nothing extra is stored.
    expect((await b.state()).players[0]).not.toHaveProperty('familyName');

    await user.type(screen.getByTestId('register-name'), 'Gustavo García Márquez');
    expect(screen.getByTestId('register-board').textContent).toBe('On the boards: Márquez, Gustavo García · sorted under Márquez');
    const family = screen.getByTestId('register-family');
    await user.clear(family);
    await user.type(family, 'García Márquez');
    expect(screen.getByTestId('register-board').textContent).toBe('On the boards: García Márquez, Gustavo · sorted under García Márquez');
    await user.click(screen.getByTestId('register'));
    await waitFor(async () => expect((await b.state()).players).toHaveLength(2));
    expect((await b.state()).players[1]).toMatchObject({ name: 'Gustavo García Márquez', familyName: 'García Márquez' });
    // The list sorts and prints it so: G before M.
    await waitFor(() =>
      expect(Array.from(document.querySelectorAll('.players-table .player-name bdi:first-child')).map((e) => e.textContent)).toEqual(['García Márquez, Gustavo', 'Mac Giolla, Cian']),
    );

    // A family name that is not part of the name is refused in words; nothing is sent.
    await user.type(screen.getByTestId('register-name'), 'Hugo Holm');
    const box = screen.getByTestId('register-family');
    await user.clear(box);
    await user.type(box, 'Holmes{Enter}');
    expect(screen.getByRole('alert').textContent).toContain('is not part of the name');
    expect((await b.state()).players).toHaveLength(2);

    // Editing: the family name can be changed back to the guess, which forgets the stored one.
    await user.click(screen.getByRole('button', { name: 'Edit Gustavo García Márquez (p002)' }));
    const edit = screen.getByTestId('edit-family') as HTMLInputElement;
    expect(edit.value).toBe('García Márquez');
    await user.clear(edit);
    await user.type(edit, 'Márquez{Enter}');
    await waitFor(async () => expect((await b.state()).players[1]).not.toHaveProperty('familyName'));
  });

  it('a CSV with given and family name columns keeps the family name', () => {
    const preview = previewImport('Given name,Family name,Note\nGustavo,García Márquez,Bogotá\nCian,Mac Giolla,\nAna,Costa,\n', {
      players: [],
      teamSize: 1,
      byes: true,
      draft: false,
    });
    expect(preview.rows.map((r) => r.player)).toEqual([
      { name: 'Gustavo García Márquez', familyName: 'García Márquez', note: 'Bogotá' },
      { name: 'Cian Mac Giolla', familyName: 'Mac Giolla' },
      { name: 'Ana Costa', familyName: 'Costa' },
    ]);
    expect(preview.rows.every((r) => r.errors.length === 0)).toBe(true);
    // A name column with a family column beside it: kept too, when it is part of the name.
    const both = previewImport('Name,Surname\nGustavo García Márquez,García Márquez\nBo Berg,Lindqvist\n', { players: [], teamSize: 1, byes: true, draft: false });
    expect(both.rows[0]?.player.familyName).toBe('García Márquez');
    expect(both.rows[1]?.errors).toEqual([`the family name “${isolate('Lindqvist')}” is not part of the name “${isolate('Bo Berg')}”`]);
  });

  it('the CSV import shows how the board will print each name, and registers the family name', async () => {
    await b.api.createEvent({ name: 'Names Open', ruleset: 'mtr', settings: {}, seed: 7 });
    const user = userEvent.setup();
    render(<App connection={host.connection} view="station" />);
    await user.click(await screen.findByTestId('open-import'));
    const text = screen.getByTestId('csv-text');
    await user.click(text);
    await user.paste('First name,Last name\nGustavo,García Márquez\nCian,Mac Giolla\n');
    const preview = await screen.findByTestId('csv-preview');
    expect(Array.from(preview.querySelectorAll('.csv-board')).map((e) => e.textContent)).toEqual(['García Márquez, Gustavo', 'Mac Giolla, Cian']);
    await user.click(screen.getByTestId('csv-import-button'));
    await waitFor(async () => expect((await b.state()).players).toHaveLength(2));
    expect((await b.state()).players.map((p) => p.familyName)).toEqual(['García Márquez', 'Mac Giolla']);
  });
});
