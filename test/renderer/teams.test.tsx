// @vitest-environment jsdom
/**
 * Team events on the station's screens, against the real in-process host: the player
 * search lists each person under their own family name with team, seat letter and table; the
 * projector's board lists people, never a team's name read as a person's; the pairings screen shows
 * each team's people and finds a team by a person's name; the pairing check counts teams; and in
 * Two-Headed Giant the ID and 0-0-1 buttons record an intentional draw and a played drawn game as
 * the different results they are, which the event log reads differently.
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SettingsPatch } from '../../core/event/commands.js';
import type { EventState, Table } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { App } from '../../renderer/App.js';
import { isolate } from '../../renderer/lib/format.js';
import { PairingCheck } from '../../renderer/screens/pairings/PairingCheck.js';
import { competitorsWord, recommendationSentence } from '../../renderer/screens/start/settings.js';
import { useStation } from '../../renderer/store/station.js';
import { type RendererHost } from '../support/renderer-host.js';
import { Builder, resetStore, stationPerTest } from './event-builders.js';

const TEAMS: [string, string, string][] = [
  ['The Twin Heads', 'Ana Costa', 'Bo Berg'],
  ['Dragon Riders', 'Cian Mac Giolla', 'Aoife Ní Bhriain'],
  ['Planeswalkers', 'María José de la Cruz', 'Ludwig van Beethoven'],
  ['Jo Jung', 'Kai Kim', 'Lu Lam'],
];

let host: RendererHost;
let b: Builder;
stationPerTest((h, builder) => {
  host = h;
  b = builder;
});

/** A team event with round 1 published (engine pairing, seed fixed). */
async function teamEvent(settings: SettingsPatch): Promise<EventState> {
  await b.api.createEvent({ name: 'Team Open', ruleset: 'mtr', settings, seed: 7 });
  for (const [i, [name, a, bName]] of TEAMS.entries())
    await b.run({ type: 'register-player', player: { id: `t0${i + 1}`, name, members: [{ seat: 'A', name: a }, { seat: 'B', name: bName }] }, draw: i + 1 });
  return b.pairSwiss();
}

const tableOf = (state: EventState, team: string): Table => state.rounds[0]!.tables.find((t) => t.seats.includes(team)) as Table;

async function goTo(label: string): Promise<void> {
  await userEvent.setup().click(within(screen.getByRole('navigation', { name: 'Screens' })).getByRole('button', { name: label }));
}

describe('team events on the screens', () => {
  it('the player search lists each person under their own family name, with team, seat letter and table', async () => {
    const state = await teamEvent({ twoHeadedGiant: true });
    const user = userEvent.setup();
    render(<App connection={host.connection} view="station" />);
    await screen.findByTestId('player-t01');
    await user.type(screen.getByTestId('player-search'), 'giolla');
    const people = await screen.findByTestId('people-results');
    const cian = within(people).getByTestId('person-t02/A');
    expect(cian.textContent).toBe(`Mac Giolla, CianDragon Riders, seat Atable ${tableOf(state, 't02').table}`);
    // A team's name is a team's: searching "jung" finds the team, and lists its people — not "Jung, Jo".
    await user.clear(screen.getByTestId('player-search'));
    await user.type(screen.getByTestId('player-search'), 'jung');
    const found = await screen.findByTestId('people-results');
    expect(within(found).getAllByRole('listitem').map((li) => li.querySelector('.person-name')?.textContent)).toEqual(['Kim, Kai', 'Lam, Lu']);
    expect(screen.getByTestId('player-t04').textContent).not.toContain('Jung, Jo');
  });

  it('the projector lists people, never a team’s name read as a person’s', async () => {
    await teamEvent({ teamSize: 2 });
    render(<App connection={host.connection} view="projector" />);
    const board = await screen.findByTestId('projector-pairings');
    const names = Array.from(board.querySelectorAll('.pj-entry-name')).map((e) => e.textContent);
    expect(names).toHaveLength(8);
    expect(names.slice(0, 3)).toEqual(['Berg, Bo', 'Costa, Ana', 'de la Cruz, María José']);
    expect(names).not.toContain('Heads, The Twin');
    expect(names).not.toContain('Jung, Jo');
    expect(board.textContent).toContain('The Twin Heads, seat A — vs ');
  });

  it('the pairings screen shows each team’s people and finds a team by a person’s name', async () => {
    const state = await teamEvent({ twoHeadedGiant: true });
    const user = userEvent.setup();
    render(<App connection={host.connection} view="station" />);
    await screen.findByTestId('player-t01');
    await goTo('Pairings');
    const published = await screen.findByTestId('published-round');
    expect(within(published).getAllByTestId('team-members').map((e) => e.textContent)).toContain(` (A ${isolate('Ana Costa')} · B ${isolate('Bo Berg')})`);
    // The two sides of a row are teams, and the column heads say so.
    expect([...published.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(expect.arrayContaining(['Team', 'Opponent team']));
    await user.type(within(published).getByRole('searchbox'), 'beethoven');
    await waitFor(() => expect(published.querySelectorAll('tr[data-table]')).toHaveLength(1));
    expect(published.querySelector('tr[data-table]')?.getAttribute('data-table')).toBe(String(tableOf(state, 't03').table));
  });

  it('the pairing check counts teams', async () => {
    await b.api.createEvent({ name: 'Team Open', ruleset: 'mtr', settings: { teamSize: 2 }, seed: 7 });
    for (const [i, [name, a, bName]] of TEAMS.entries())
      await b.run({ type: 'register-player', player: { id: `t0${i + 1}`, name, members: [{ seat: 'A', name: a }, { seat: 'B', name: bName }] }, draw: i + 1 });
    const state = await b.state();
    const proposal = getRuleset('mtr').pair(state, 3);
    render(<PairingCheck state={state} round={1} proposal={proposal} />);
    expect(screen.getByTestId('seated-count').textContent).toMatch(/^4 of 4 active teams seated · 2 tables · no byes/);
  });

  it('Two-Headed Giant: ID records an intentional draw, 0-0-1 a played drawn game; the log reads them apart', async () => {
    const state = await teamEvent({ twoHeadedGiant: true });
    const [first, second] = state.rounds[0]!.tables as [Table, Table];
    useStation.setState({ screen: 'results' });
    const user = userEvent.setup();
    render(<App connection={host.connection} view="station" />);
    const box = await screen.findByTestId('table-box');
    await waitFor(() => expect(document.activeElement).toBe(box));

    await user.type(box, `${first.table}{Enter}`);
    expect(screen.getByTestId('giant-teams').textContent).toContain(`A ${isolate(TEAMS[Number(first.seats[0]!.slice(1)) - 1]![1])}`);
    const quick = within(screen.getByRole('group', { name: 'Common results' }));
    expect(quick.getByRole('button', { name: 'ID' }).getAttribute('title')).toBe('Intentional draw: the teams agreed to a draw and played no game');
    await user.click(quick.getByRole('button', { name: 'ID' }));
    await waitFor(async () => expect((await b.state()).rounds[0]!.tables[0]!.result).toEqual({ games: [0, 0, 0], intentionalDraw: true }));

    await user.type(box, `${second.table}{Enter}`);
    await user.click(within(screen.getByRole('group', { name: 'Common results' })).getByRole('button', { name: '0-0-1' }));
    await waitFor(async () => expect((await b.state()).rounds[0]!.tables[1]!.result).toEqual({ games: [0, 0, 1] }));

    await goTo('Event log');
    const log = await screen.findByTestId('log-scroll');
    await waitFor(() => expect(log.textContent).toContain('(intentional draw, no game played)'));
    const texts = Array.from(log.querySelectorAll('.log-text')).map((e) => e.textContent ?? '');
    const name = (id: string): string => isolate(TEAMS[Number(id.slice(1)) - 1]![0]);
    expect(texts).toContain(`Result entered: round 1, table ${first.table} — ${name(first.seats[0]!)} ID ${name(first.seats[1]!)} (intentional draw, no game played)`);
    expect(texts).toContain(`Result entered: round 1, table ${second.table} — ${name(second.seats[0]!)} 0–0–1 ${name(second.seats[1]!)} (1 drawn game played)`);
  });

  it('the start form calls a team event’s competitors teams', () => {
    const giant = getRuleset('mtr').settings({ twoHeadedGiant: true });
    expect(competitorsWord('mtr', giant, 8)).toBe('8 teams');
    expect(competitorsWord('mtr', getRuleset('mtr').settings({}), 8)).toBe('8 players');
    expect(recommendationSentence('mtr', giant, 8, getRuleset('mtr').recommendedRounds({ competitors: 8 }, giant))).toMatch(/^Recommended for 8 teams: /);
  });
});
