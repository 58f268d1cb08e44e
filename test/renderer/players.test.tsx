// @vitest-environment jsdom
import { registrationDrawFor } from '../../core/transcript/draws.js';
import 'fake-indexeddb/auto';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SettingsPatch } from '../../core/event/commands.js';
import type { RulesetId } from '../../core/model/types.js';
import { App } from '../../renderer/App.js';
import { isolate } from '../../renderer/lib/format.js';
import { forgetDirectorySession } from '../../renderer/screens/PlayersScreen.js';
import { nextId, previewImport } from '../../renderer/screens/players/registration.js';
import { clearStationMemory, rememberPlayers, suggestPlayers } from '../../renderer/store/directory.js';
import { resetStation, startRendererHost, type RendererHost } from '../support/renderer-host.js';

// The host writes every command to disk before answering: give a busy CI machine time.
configure({ asyncUtilTimeout: 5000 });

let host: RendererHost;
let draws = 1;

beforeEach(async () => {
  resetStation('players');
  forgetDirectorySession();
  await clearStationMemory();
  host = await startRendererHost();
});

afterEach(async () => {
  cleanup();
  await host.close();
});

async function createEvent(settings: SettingsPatch = {}, ruleset: RulesetId = 'mtr'): Promise<void> {
  await host.connection.api.createEvent({ name: 'Test Open', ruleset, settings });
}

async function register(id: string, name: string, note?: string): Promise<void> {
  await host.connection.api.dispatch({ command: { type: 'register-player', player: { id, name, ...(note ? { note } : {}) }, draw: draws++ } });
}

async function pairNextRound(): Promise<void> {
  const state = (await host.connection.api.snapshot()).state;
  const result = await host.connection.api.query({ kind: 'propose-pairing' });
  if (result.kind !== 'propose-pairing') throw new Error('no proposal');
  const { tables, byes, seed } = result.proposal;
  await host.connection.api.dispatch({ command: { type: 'pair-round', round: (state?.rounds.length ?? 0) + 1, stage: 'swiss', tables: tables.map((t) => ({ table: t.table, seats: t.seats })), byes, seed } });
}

async function hostPlayers() {
  return (await host.connection.api.snapshot()).state?.players ?? [];
}

async function renderStation() {
  const view = render(<App connection={host.connection} view="station" />);
  await screen.findByTestId('registration-form');
  return view;
}

const nameBox = (): HTMLInputElement => screen.getByTestId('register-name') as HTMLInputElement;
const row = (id: string): HTMLElement => screen.getByTestId(`player-${id}`);

describe('Players screen: registration', () => {
  it('registers from the keyboard: Enter registers and the cursor returns to the name box', async () => {
    const user = userEvent.setup();
    await createEvent();
    await renderStation();
    await waitFor(() => expect(document.activeElement).toBe(nameBox()));
    await user.keyboard('Ana Pérez{Enter}');
    await waitFor(() => expect(row('p001')).toBeTruthy());
    expect(nameBox().value).toBe('');
    expect(document.activeElement).toBe(nameBox());
    await user.keyboard('Bo Lindqvist');
    await user.click(screen.getByTestId('register-note'));
    await user.keyboard('Malmö{Enter}');
    await waitFor(() => expect(row('p002')).toBeTruthy());
    expect(document.activeElement).toBe(nameBox());
    const players = await hostPlayers();
    expect(players.map((p) => [p.id, p.name, p.note])).toEqual([
      ['p001', 'Ana Pérez', undefined],
      ['p002', 'Bo Lindqvist', 'Malmö'],
    ]);
    // Distinct registration draws, from the event seed stored in the save (RULES 4).
    expect(players[0]?.draw).not.toBe(players[1]?.draw);
    const seed = (await host.connection.api.snapshot()).state!.seed;
    expect(players.map((p) => p.draw)).toEqual([registrationDrawFor(seed, 'p001'), registrationDrawFor(seed, 'p002')]);
    // Sorted by family name: Lindqvist before Pérez.
    const ids = screen.getAllByTestId(/^player-p/).map((r) => r.dataset.player);
    expect(ids).toEqual(['p002', 'p001']);
    expect(within(row('p002')).getByText('Lindqvist, Bo')).toBeTruthy();
    expect(screen.getByTestId('player-counts').textContent).toContain('2 active');
  });

  it('suggests names from the player directory; arrow keys and Enter pick one', async () => {
    const user = userEvent.setup();
    await rememberPlayers([{ name: 'José Núñez', note: 'Madrid' }, { name: 'Josephine Baker' }, { name: 'Anna Nowak' }]);
    await createEvent();
    await renderStation();
    await user.click(nameBox());
    await user.keyboard('jos');
    const list = await screen.findByTestId('suggestions');
    expect(within(list).getByText('José Núñez')).toBeTruthy();
    expect(within(list).getByText('Josephine Baker')).toBeTruthy();
    expect(within(list).queryByText('Anna Nowak')).toBeNull();
    // Narrow by a second word, accents ignored.
    await user.keyboard(' nu');
    await waitFor(() => expect(within(screen.getByTestId('suggestions')).queryByText('Josephine Baker')).toBeNull());
    await user.keyboard('{ArrowDown}{Enter}');
    expect(nameBox().value).toBe('José Núñez');
    expect((screen.getByTestId('register-note') as HTMLInputElement).value).toBe('Madrid');
    expect(screen.queryByTestId('suggestions')).toBeNull();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(row('p001')).toBeTruthy());
    expect((await hostPlayers())[0]).toMatchObject({ name: 'José Núñez', note: 'Madrid' });
  });

  it('remembers every registered name in the directory', async () => {
    const user = userEvent.setup();
    await createEvent();
    await renderStation();
    await user.keyboard('Zoë Ōtsuka{Enter}');
    await waitFor(() => expect(row('p001')).toBeTruthy());
    await waitFor(async () => expect((await suggestPlayers('zoe')).map((p) => p.name)).toEqual(['Zoë Ōtsuka']));
  });

  it('warns about a name already registered, in words, but allows it', async () => {
    const user = userEvent.setup();
    await createEvent();
    await register('p001', 'Someone Else');
    await register('p004', 'José Núñez');
    await renderStation();
    await user.click(nameBox());
    await user.keyboard('jose nuñez');
    const warning = await screen.findByTestId('duplicate-warning');
    expect(warning.textContent).toBe(`There is already a ${isolate('José Núñez')} (p004) — add a note to tell them apart`);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(row('p005')).toBeTruthy());
    expect((await hostPlayers()).filter((p) => p.name.toLowerCase().startsWith('jos'))).toHaveLength(2);
    expect(within(row('p005')).getByText(/same name/)).toBeTruthy();
  });

  it('shows awarded byes and a draft pod', async () => {
    const user = userEvent.setup();
    await createEvent({ format: 'draft' });
    await renderStation();
    await user.keyboard('Ana Archer');
    await user.selectOptions(screen.getByTestId('register-byes'), '2');
    await user.type(screen.getByTestId('register-pod'), '3');
    await user.click(screen.getByTestId('register'));
    await waitFor(() => expect(row('p001')).toBeTruthy());
    expect(within(row('p001')).getByText('2 awarded byes (rounds 1–2)')).toBeTruthy();
    expect((await hostPlayers())[0]).toMatchObject({ awardedByes: 2, draftPod: 3 });
  });

  it('registers a team with its members in seats A and B', async () => {
    const user = userEvent.setup();
    await createEvent({ teamSize: 2 });
    await renderStation();
    expect(screen.getByText('Register a team')).toBeTruthy();
    await user.keyboard('The Planeswalkers');
    await user.type(screen.getByTestId('register-seat-A'), 'Ana Archer');
    await user.type(screen.getByTestId('register-seat-B'), 'Bo Bell{Enter}');
    await waitFor(() => expect(row('t01')).toBeTruthy());
    expect(document.activeElement).toBe(nameBox());
    expect((await hostPlayers())[0]).toMatchObject({
      id: 't01',
      name: 'The Planeswalkers',
      members: [
        { seat: 'A', name: 'Ana Archer' },
        { seat: 'B', name: 'Bo Bell' },
      ],
    });
    expect(within(row('t01')).getByText('Bo Bell')).toBeTruthy();
    // A team without its members is refused before anything is sent.
    await user.keyboard('Lonely Team{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('seats A and B are empty');
    expect(await hostPlayers()).toHaveLength(1);
  });

  it('Undo in the toast reverts a registration', async () => {
    const user = userEvent.setup();
    await createEvent();
    await renderStation();
    await user.keyboard('Ana Archer{Enter}');
    await waitFor(() => expect(row('p001')).toBeTruthy());
    const toast = await screen.findByText(`Registered ${isolate('Ana Archer')} (p001)`);
    await user.click(within(toast.parentElement as HTMLElement).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.queryByTestId('player-p001')).toBeNull());
    expect(await hostPlayers()).toHaveLength(0);
  });
});

describe('Players screen: drops, reinstatement, late entries, edits', () => {
  it('a drop before round 1 removes the player, and says so', async () => {
    const user = userEvent.setup();
    await createEvent();
    await register('p001', 'Ana Archer');
    await register('p002', 'Bo Bell');
    await renderStation();
    await user.click(within(row('p001')).getByRole('button', { name: 'Remove Ana Archer (p001)' }));
    await waitFor(() => expect(screen.queryByTestId('player-p001')).toBeNull());
    expect(await screen.findByText(`Removed ${isolate('Ana Archer')} (p001) from the event: a drop before round 1 removes the player`)).toBeTruthy();
    expect((await hostPlayers()).map((p) => p.id)).toEqual(['p002']);
  });

  it('a drop after round 1 strikes the player through with the round; reinstate brings them back', async () => {
    const user = userEvent.setup();
    await createEvent();
    for (const [i, name] of ['Ana Archer', 'Bo Bell', 'Cy Cole', 'Di Dunn'].entries()) await register(`p00${i + 1}`, name);
    await pairNextRound();
    await renderStation();
    await user.click(within(row('p003')).getByRole('button', { name: 'Drop Cy Cole (p003)' }));
    await waitFor(() => expect(within(row('p003')).getByTestId('status').textContent).toBe('Dropped after round 1'));
    expect(within(row('p003')).getByText('Cole, Cy').className).toContain('dropped');
    expect(screen.getByTestId('player-counts').textContent).toContain('3 active · 1 dropped');
    expect((await hostPlayers()).find((p) => p.id === 'p003')?.droppedAfterRound).toBe(1);

    await user.click(within(row('p003')).getByRole('button', { name: 'Reinstate Cy Cole (p003)' }));
    await waitFor(() => expect(within(row('p003')).getByTestId('status').textContent).toBe('Active'));
    expect((await hostPlayers()).find((p) => p.id === 'p003')?.droppedAfterRound).toBeUndefined();
  });

  it('labels a late entry with the round it joins and the event’s missed-round rule', async () => {
    const user = userEvent.setup();
    await createEvent({ lateEntryRecord: 'none' });
    for (const [i, name] of ['Ana Archer', 'Bo Bell'].entries()) await register(`p00${i + 1}`, name);
    await pairNextRound();
    await renderStation();
    expect(screen.getByTestId('late-entry-notice').textContent).toContain('late entry: joins round 2 (no record for missed rounds)');
    await user.click(nameBox());
    await user.keyboard('Lara Late{Enter}');
    await waitFor(() => expect(row('p003')).toBeTruthy());
    expect(within(row('p003')).getByTestId('status').textContent).toBe('Late entry: joins round 2 (no record for missed rounds)');
    expect((await hostPlayers()).find((p) => p.id === 'p003')?.joinedRound).toBe(2);
  });

  it('edits a player inline', async () => {
    const user = userEvent.setup();
    await createEvent();
    await register('p001', 'Ana Archr');
    await renderStation();
    await user.click(within(row('p001')).getByRole('button', { name: 'Edit Ana Archr (p001)' }));
    const name = screen.getByTestId('edit-name') as HTMLInputElement;
    await user.clear(name);
    await user.type(name, 'Ana Archer');
    await user.type(screen.getByTestId('edit-note'), 'Lyon{Enter}');
    await waitFor(() => expect(within(row('p001')).getByText('Archer, Ana')).toBeTruthy());
    expect((await hostPlayers())[0]).toMatchObject({ name: 'Ana Archer', note: 'Lyon' });
  });

  it('searches the list', async () => {
    const user = userEvent.setup();
    await createEvent();
    await register('p001', 'Ana Archer', 'Lyon');
    await register('p002', 'Bo Bell');
    await renderStation();
    const search = screen.getByTestId('player-search');
    // The cursor starts in the name box; "/" there (empty) still goes to the search.
    await waitFor(() => expect(document.activeElement).toBe(nameBox()));
    await user.keyboard('/');
    expect(document.activeElement).toBe(search);
    await user.keyboard('lyon');
    expect(screen.queryByTestId('player-p002')).toBeNull();
    expect(row('p001')).toBeTruthy();
  });
});

describe('Players screen: CSV import', () => {
  it('previews every row with its problems in words and imports only the good rows', async () => {
    const user = userEvent.setup();
    await createEvent();
    await register('p001', 'Di Dunn');
    await renderStation();
    await user.click(screen.getByTestId('open-import'));
    const csv = ['First name;Last name;Notes;Byes', 'Ana;Archer;Lyon;0', ';;;1', 'Bo;Bell;;5', 'Cy;Cole;;2', 'Ana;Archer;Lyon;', 'Di;Dunn;;'].join('\n');
    const area = screen.getByTestId('csv-text');
    await user.click(area);
    await user.paste(csv);
    const preview = await screen.findByTestId('csv-preview');
    const text = preview.textContent ?? '';
    expect(text).toContain('no name');
    expect(text).toContain('byes must be 0, 1, 2 or 3, not "5"');
    expect(text).toContain('same name and note as line 2');
    expect(text).toContain('already registered as p001');
    expect(screen.getByTestId('csv-summary').textContent).toContain('2 players ready');
    await user.click(screen.getByRole('button', { name: 'Import 2 players' }));
    expect(await screen.findByText('Imported 2 players; 4 rows with problems skipped')).toBeTruthy();
    const players = await hostPlayers();
    expect(players.map((p) => [p.id, p.name, p.note, p.awardedByes])).toEqual([
      ['p001', 'Di Dunn', undefined, 0],
      ['p002', 'Ana Archer', 'Lyon', 0],
      ['p003', 'Cy Cole', undefined, 2],
    ]);
    expect(screen.queryByTestId('csv-import')).toBeNull();
  });
});

describe('registration helpers', () => {
  it('hands out readable ids', () => {
    expect(nextId([], false)).toBe('p001');
    expect(nextId(['p001', 'p009', 'x'], false)).toBe('p010');
    expect(nextId(['p001'], false, 5)).toBe('p006');
    expect(nextId([], true)).toBe('t01');
    expect(nextId(['p999'], false)).toBe('p1000');
  });

  it('reads team lists and a bare list of names', () => {
    const teams = previewImport('Team,A,B\nRed,Ana,Bo\nBlue,Cy,', { players: [], teamSize: 2, byes: true, draft: false });
    expect(teams.rows[0]?.player.members).toEqual([
      { seat: 'A', name: 'Ana' },
      { seat: 'B', name: 'Bo' },
    ]);
    expect(teams.rows[1]?.errors).toEqual(['no player for seat B']);
    const bare = previewImport('Ana Archer\nBo Bell\n', { players: [], teamSize: 1, byes: false, draft: false });
    expect(bare.rows.map((r) => r.player.name)).toEqual(['Ana Archer', 'Bo Bell']);
    const wrong = previewImport('foo,bar\n1,2', { players: [], teamSize: 1, byes: false, draft: false });
    expect(wrong.problems[0]).toContain('No name column');
  });
});
