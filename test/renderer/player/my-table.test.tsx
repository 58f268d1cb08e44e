// @vitest-environment jsdom
/**
 * The player page (1): "Find me" by a few letters of either name (case and accents
 * aside), remembered on the phone per event; my table, seat in the rule set's words, opponents,
 * points before the round, the round clock by the host's time in each of its states, a bye, a
 * drop, the result; patches that move me, a missed patch that brings a fresh view; the offline
 * banner; pairings by name, standings once published, the bracket when there is one.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicView } from '../../../core/public/types.js';
import { findPlayers, fold, matchesName } from '../../../renderer/player/find.js';
import { openPage, plain, textOf } from './page.js';
import { memoryStore, MIN, mtrView, podView, T0 } from './support.js';

afterEach(() => cleanup());

const matchNames = (): string[] => within(screen.getByRole('list', { name: 'Matches' })).getAllByRole('button').map((b) => plain(b.querySelector('.pl-match-name')?.textContent));

describe('Find me', () => {
  it('matches the start of any word of either name, case and accents aside', () => {
    const players = mtrView().players;
    expect(fold('José NÚÑEZ')).toBe('jose nunez');
    expect(findPlayers(players, 'arch').map((p) => p.name)).toEqual(['Ana Archer', 'Dana Archibald']);
    expect(findPlayers(players, 'ANA').map((p) => p.name)).toEqual(['Ana Archer']);
    expect(findPlayers(players, 'nunez').map((p) => p.name)).toEqual(['José Núñez']);
    expect(findPlayers(players, 'jos').map((p) => p.name)).toEqual(['José Núñez']);
    expect(findPlayers(players, 'cruz').map((p) => p.name)).toEqual(['María de la Cruz']);
    expect(findPlayers(players, 'mac gio').map((p) => p.name)).toEqual(['Cian Mac Giolla']);
    expect(findPlayers(players, 'rcher')).toEqual([]);
    expect(findPlayers(players, '   ')).toEqual([]);
    expect(matchesName({ name: "Seán O'Brien", sortName: "O'Brien" }, 'obri')).toBe(true);
    expect(matchesName({ name: 'Omar al-Rashid', sortName: 'al-Rashid' }, 'rash')).toBe(true);
  });

  it('finds letters no accent-stripping takes apart as a keyboard without them types them (ø, æ, ß, ł, đ)', () => {
    const nordic = [
      { id: 'n1', name: 'Mette Sørensen', sortName: 'Sørensen' },
      { id: 'n2', name: 'Ægir Þórsson', sortName: 'Þórsson' },
      { id: 'n3', name: 'Jürgen Weiß', sortName: 'Weiß' },
      { id: 'n4', name: 'Łukasz Michałowski', sortName: 'Michałowski' },
      { id: 'n5', name: 'Đorđe Đurić', sortName: 'Đurić' },
    ];
    expect(findPlayers(nordic, 'soren').map((p) => p.id)).toEqual(['n1']);
    expect(findPlayers(nordic, 'SØREN').map((p) => p.id)).toEqual(['n1']);
    expect(findPlayers(nordic, 'aegir thors').map((p) => p.id)).toEqual(['n2']);
    expect(findPlayers(nordic, 'weiss').map((p) => p.id)).toEqual(['n3']);
    expect(findPlayers(nordic, 'lukasz michal').map((p) => p.id)).toEqual(['n4']);
    expect(findPlayers(nordic, 'djuric')).toEqual([]);
    expect(findPlayers(nordic, 'dorde').map((p) => p.id)).toEqual(['n5']);
    expect(findPlayers(nordic, 'duric').map((p) => p.id)).toEqual(['n5']);
  });

  it('finds me by part of my family name, remembers me for the event, and forgets me on “Not you?”', async () => {
    const user = userEvent.setup();
    const store = memoryStore();
    const { rendered } = openPage(mtrView(), { store });
    const box = await screen.findByLabelText('Type a few letters of your family or given name');
    await user.type(box, 'ARCH');
    expect(matchNames()).toEqual(['Ana Archer', 'Dana Archibald']);
    await user.clear(box);
    await user.type(box, 'maria');
    expect(matchNames()).toEqual(['María de la Cruz']);
    await user.clear(box);
    await user.type(box, 'nun');
    expect(matchNames()).toEqual(['José Núñez']);
    await user.click(screen.getByRole('button', { name: /José Núñez/ }));
    expect(await textOf('table-number')).toBe('2');
    expect(store.getItem('podium.player.ev-mtr.me')).toBe('p3');

    // Next round, the same phone: straight to the table.
    rendered.unmount();
    openPage(mtrView(), { store });
    expect(await textOf('table-number')).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Not you?' }));
    expect(await screen.findByRole('heading', { name: 'Find me' })).toBeTruthy();
    expect(store.getItem('podium.player.ev-mtr.me')).toBeNull();
  });

  it('finds me by my given name, with no accents typed', async () => {
    const user = userEvent.setup();
    openPage(mtrView());
    await user.type(await screen.findByLabelText('Type a few letters of your family or given name'), 'jose');
    expect(matchNames()).toEqual(['José Núñez']);
    expect(plain(screen.getByRole('button', { name: /José Núñez/ }).textContent)).toContain('Table 2');
  });
});

/** Round 3 of a teams-of-2 event: Costa & Berg v The Lees at table 1. */
function teamView(): PublicView {
  const view = mtrView();
  view.players = [
    { id: 't1', name: 'Costa & Berg', sortName: 'Costa & Berg', members: [{ seat: 'A', name: 'Ana Costa' }, { seat: 'B', name: 'Bo Berg' }] },
    { id: 't2', name: 'The Lees', sortName: 'Lees', members: [{ seat: 'A', name: 'Kim Lee' }, { seat: 'B', name: 'Kai Lee' }] },
  ];
  if (view.round) view.round = { ...view.round, tables: [{ table: 1, seats: ['t1', 't2'] }], byes: [], pointsBefore: { t1: 3, t2: 3 } };
  return view;
}

describe('Find me, in a team event', () => {
  it('finds the team by a member’s own name (not by words of two members), says which member and seat, and shows both teams’ seats', async () => {
    const players = teamView().players;
    expect(findPlayers(players, 'bo ber').map((p) => p.name)).toEqual(['Costa & Berg']);
    expect(findPlayers(players, 'kai').map((p) => p.name)).toEqual(['The Lees']);
    expect(findPlayers(players, 'ana berg')).toEqual([]);
    const user = userEvent.setup();
    openPage(teamView());
    await user.type(await screen.findByLabelText('Type a few letters of your family or given name'), 'kai l');
    expect(matchNames()).toEqual(['The Lees']);
    const match = screen.getByRole('button', { name: /The Lees/ });
    expect(plain(match.querySelector('.pl-match-member')?.textContent)).toBe('Kai Lee, seat B');
    await user.click(match);
    expect(await textOf('table-number')).toBe('1');
    expect(screen.getAllByTestId('members').map((m) => plain(m.textContent))).toEqual(['Seat A: Kim Lee · Seat B: Kai Lee', 'Seat A: Ana Costa · Seat B: Bo Berg']);
  });
});

describe('my table', () => {
  it('head-to-head: round, the table number, my opponent and my points before the round; no seat to speak of', async () => {
    openPage(mtrView(), { me: 'p1' });
    expect(await textOf('table-number')).toBe('1');
    expect(await textOf('round')).toBe('Round 3');
    expect(await textOf('opponents')).toBe('Bo Brandt');
    expect(screen.getByRole('heading', { name: 'Your opponent' })).toBeTruthy();
    expect(await textOf('points')).toBe('You have 6 points before this round.');
    expect(screen.queryByTestId('seat')).toBeNull();
    expect(screen.getByRole('button', { name: 'Report the result' })).toBeTruthy();
  });

  it('pods: “Seat 2 of 4 — seat 1 plays first” from the rule set, and three opponents', async () => {
    openPage(podView('mamtr-2024'), { me: 'p1' });
    expect(await textOf('table-number')).toBe('5');
    expect(await textOf('seat')).toBe('Seat 2 of 4 — seat 1 plays first');
    const opponents = within(await screen.findByTestId('opponents')).getAllByRole('listitem').map((li) => plain(li.textContent));
    expect(opponents).toEqual(['Bo Brandt · seat 1', 'José Núñez · seat 3', 'María de la Cruz · seat 4']);
    expect(await textOf('points')).toBe('You have 4 points before this round.');
  });

  it('pods with a fixed seat: the seat that plays first is the table’s, not always seat 1 (2.2A)', async () => {
    const view = podView('mamtr-2024');
    const round = view.round as NonNullable<PublicView['round']>;
    const withFirst = { ...view, round: { ...round, tables: round.tables.map((t) => (t.seats.includes('p1') ? { ...t, firstSeat: 3 } : t)) } };
    openPage(withFirst, { me: 'p1' });
    expect(await textOf('seat')).toBe('Seat 2 of 4 — seat 3 plays first');
    cleanup();
    openPage(withFirst, { me: 'p3' });
    expect(await textOf('seat')).toBe('Seat 3 of 4 — you play first');
  });

  it('a playoff pair says what seat 1 means, in the rule set’s words; the table word comes from it too', async () => {
    const view = podView('mstr-2022');
    openPage({ ...view, round: { ...(view.round as NonNullable<PublicView['round']>), stage: 'playoff' } }, { me: 'p3' });
    expect(await textOf('round')).toBe('Round 3 · playoff');
    expect(plain((await screen.findByTestId('my-table')).textContent)).toBe('Pod5');
    expect(await textOf('seat')).toBe('Seat 3 of 4 — seat 1 plays first');
  });

  it('the round clock counts down by the host’s time, with my table’s extension', async () => {
    const { host } = openPage(mtrView(), { me: 'p1' });
    await screen.findByTestId('clock');
    act(() => host.last.push({ type: 'tick', now: T0 + 10 * MIN }));
    expect(await textOf('clock')).toBe('20:00left in the round');
    act(() => host.last.push({ type: 'tick', now: T0 + 29 * MIN + 15_000 }));
    expect(await textOf('clock')).toBe('0:45left in the round');
    act(() => host.last.push({ type: 'tick', now: T0 + 31 * MIN }));
    expect(await textOf('clock')).toBe('Time — 5 extra turns');
    // An extension for my table keeps my countdown going.
    act(() =>
      host.last.push({ type: 'patch', from: 1, to: 2, ops: [{ op: 'add', path: '/round/tables/0/extensionMs', value: 5 * MIN }] }),
    );
    expect(await textOf('clock')).toBe('4:00left in the roundIncludes +5 min for this table');
  });

  it('paused: the frozen time; not started: the host’s words', async () => {
    const paused = mtrView();
    paused.clock = { round: 3, endsAt: null, pausedRemainingMs: 12 * MIN + 5_000, atTime: 'Time — 5 extra turns', status: 'Round 3 is paused' };
    const first = openPage(paused, { me: 'p1' });
    expect(await textOf('clock')).toBe('12:05Clock paused');
    first.rendered.unmount();
    const idle = mtrView();
    idle.clock = { round: 3, endsAt: null, atTime: 'Time — 5 extra turns', status: 'Round 3 has not started' };
    openPage(idle, { me: 'p1' });
    expect(await textOf('clock')).toBe('Round 3 has not started');
  });

  it('a bye, a drop, and a result once final', async () => {
    const first = openPage(mtrView(), { me: 'p7' });
    expect(await textOf('bye')).toBe('You have a bye this round');
    expect(screen.queryByTestId('table-number')).toBeNull();
    first.rendered.unmount();

    const view = mtrView();
    view.players.push({ id: 'p8', name: 'Fay Fox', sortName: 'Fox', droppedAfterRound: 2 });
    const second = openPage(view, { me: 'p8' });
    expect(await textOf('dropped')).toBe('You dropped after round 2.');
    second.rendered.unmount();

    const dq = mtrView();
    dq.players.push({ id: 'p9', name: 'Gil Gray', sortName: 'Gray', droppedAfterRound: 2, disqualifiedInRound: 2 });
    const third = openPage(dq, { me: 'p9' });
    expect(await textOf('dropped')).toBe('You were disqualified in round 2: see the head judge.');
    third.rendered.unmount();

    const done = mtrView();
    const table = done.round?.tables[0];
    if (table) Object.assign(table, { result: { games: [2, 1, 0] }, resultText: 'Ana Archer 2–1' });
    openPage(done, { me: 'p2' });
    expect(await textOf('result')).toBe('Result: Ana Archer 2–1');
    expect(screen.queryByRole('button', { name: 'Report the result' })).toBeNull();
  });

  it('before round 1: says the pairings are not published yet', async () => {
    openPage({ ...mtrView(), round: null, roundsPublished: 0, clock: undefined }, { me: 'p1' });
    expect(await screen.findByText('Pairings are not published yet. Your table shows here as soon as they are.')).toBeTruthy();
  });
});

describe('updates', () => {
  it('a patch moves me to another table', async () => {
    const { host } = openPage(mtrView(), { me: 'p1' });
    expect(await textOf('table-number')).toBe('1');
    act(() =>
      host.last.push({
        type: 'patch',
        from: 1,
        to: 2,
        ops: [
          { op: 'replace', path: '/round/tables/0/seats/0', value: 'p5' },
          { op: 'replace', path: '/round/tables/2/seats/0', value: 'p1' },
          { op: 'replace', path: '/version', value: 2 },
        ],
      }),
    );
    expect(await textOf('table-number')).toBe('3');
    expect(await textOf('opponents')).toBe('Dana Archibald');
  });

  it('a patch from another version: the page connects again and shows the fresh view', async () => {
    const { host } = openPage(mtrView(), { me: 'p1' });
    expect(await textOf('table-number')).toBe('1');
    const fresh = mtrView();
    fresh.version = 9;
    fresh.round = { ...(fresh.round as NonNullable<PublicView['round']>), number: 4, tables: [{ table: 7, seats: ['p1', 'p4'] }], byes: [] };
    host.view = fresh;
    act(() => host.last.push({ type: 'patch', from: 4, to: 5, ops: [] }));
    expect(host.sockets).toHaveLength(2);
    expect(await textOf('table-number')).toBe('7');
    expect(await textOf('round')).toBe('Round 4');
    expect(screen.queryByTestId('connection')).toBeNull();
  });

  it('says plainly when it is offline, and when it is back', async () => {
    const { host, timers } = openPage(mtrView(), { me: 'p1' });
    expect(await textOf('table-number')).toBe('1');
    expect(screen.queryByTestId('connection')).toBeNull();
    act(() => host.last.drop());
    expect(await textOf('connection')).toBe('Offline — reconnecting…');
    // What it knew stays on screen.
    expect(await textOf('table-number')).toBe('1');
    act(() => void timers.runNext());
    await waitFor(() => expect(screen.queryByTestId('connection')).toBeNull());
  });

  it('no event open at the station: the host’s words, then the event once one is', async () => {
    const { host } = openPage(mtrView(), { me: 'p1' });
    expect(await textOf('table-number')).toBe('1');
    act(() => host.last.push({ type: 'no-event', message: 'No event is open at the station yet.' }));
    expect(await textOf('waiting')).toBe('No event is open at the station yet.');
    expect(screen.queryByTestId('connection')).toBeNull();
    act(() => host.last.push({ type: 'view', view: mtrView() }));
    expect(await textOf('table-number')).toBe('1');
  });

  it('a phone that cannot reach the host at all says so', async () => {
    const { host } = openPage(mtrView());
    expect(await textOf('connection')).toBe('Connecting…');
    act(() => host.last.drop());
    expect(await textOf('connection')).toBe('Offline — reconnecting…');
  });
});

describe('the lists', () => {
  it('pairings: everyone by family name as the boards sort them, with their tables, and a filter', async () => {
    const user = userEvent.setup();
    openPage(mtrView(), { me: 'p1' });
    await user.click(await screen.findByRole('button', { name: 'Pairings' }));
    const rows = (): string[] => within(screen.getByTestId('pairings')).getAllByRole('listitem').map((li) => plain(li.textContent));
    expect(rows()).toEqual([
      'Archer, AnaTable 1',
      'Archibald, DanaTable 3',
      'Brandt, BoTable 1',
      'de la Cruz, MaríaTable 2',
      'Ezra, EliBye',
      'Mac Giolla, CianTable 3',
      'Núñez, JoséTable 2',
    ]);
    await user.type(screen.getByRole('searchbox', { name: 'Filter by name' }), 'nu');
    expect(rows()).toEqual(['Núñez, JoséTable 2']);
  });

  it('standings only once published; the bracket only when there is one', async () => {
    const user = userEvent.setup();
    const { host } = openPage(mtrView(), { me: 'p1' });
    await user.click(await screen.findByRole('button', { name: 'Standings' }));
    // The standings and the bracket are loaded when their tab is wanted (later.ts).
    expect(await screen.findByText('Standings are not published yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bracket' })).toBeNull();
    act(() =>
      host.last.push({
        type: 'patch',
        from: 1,
        to: 2,
        ops: [
          {
            op: 'add',
            path: '/standings',
            value: { afterRound: 2, columns: ['Points', 'OMW', 'GW'], rows: [{ rank: 1, player: 'p2', values: ['6', '50.00%', '66.67%'] }, { rank: 2, player: 'p1', values: ['6', '45.00%', '60.00%'] }] },
          },
          { op: 'add', path: '/bracket', value: [{ round: 4, tables: [{ table: 1, seats: ['p1', 'p2'], winner: 'p2' }] }] },
          { op: 'add', path: '/event/houseRules', value: 'House rules: 4 points a win, 1 a draw, bye 3' },
        ],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Standings after round 2' })).toBeTruthy();
    expect(await textOf('house-rules')).toBe('House rules: 4 points a win, 1 a draw, bye 3');
    expect(await textOf('my-standing')).toBe('You are 2nd with 6 points.');
    const rows = within(screen.getByTestId('standings')).getAllByRole('listitem').map((li) => plain(li.textContent));
    expect(rows).toEqual(['1Bo BrandtOMW 50.00% · GW 66.67%6', '2Ana ArcherOMW 45.00% · GW 60.00%6']);
    await user.click(screen.getByRole('button', { name: 'Bracket' }));
    expect(plain((await screen.findByRole('region', { name: 'Bracket' })).textContent)).toContain('Bo Brandt — won');
  });

  it('standings mark a drop (struck through, with the round) and a disqualification (DQ) as the printed standings do', async () => {
    const user = userEvent.setup();
    const view = mtrView();
    view.standings = {
      afterRound: 2,
      columns: ['Points', 'OMW'],
      rows: [
        { rank: 1, player: 'p2', values: ['6', '50.00%'] },
        { rank: 2, player: 'p3', values: ['6', '45.00%'], dropped: true, note: 'dropped after round 2' },
        { rank: 3, player: 'p4', values: ['3', '45.00%'], dropped: true, dq: true, note: 'DQ — disqualified in round 2' },
      ],
    };
    openPage(view, { me: 'p1' });
    await user.click(await screen.findByRole('button', { name: 'Standings' }));
    const list = await screen.findByTestId('standings');
    const row = (id: string): HTMLElement => list.querySelector(`li[data-player="${id}"]`) as HTMLElement;
    expect(row('p2').className).toBe('pl-row');
    expect(within(row('p2')).queryByTestId('dq')).toBeNull();
    expect(row('p3').className).toBe('pl-row dropped');
    expect(within(row('p3')).getByTestId('standing-note').textContent).toBe('dropped after round 2');
    expect(within(row('p3')).queryByTestId('dq')).toBeNull();
    expect(row('p4').className).toBe('pl-row dropped');
    expect(within(row('p4')).getByTestId('dq').textContent).toBe('DQ');
    expect(within(row('p4')).getByTestId('dq').getAttribute('title')).toBe('Disqualified: keeps the record, paired no more');
    expect(within(row('p4')).getByTestId('standing-note').textContent).toBe('DQ — disqualified in round 2');
    expect(screen.getByText('Struck through: dropped; they keep their record and still count as opponents.')).toBeTruthy();
  });
});
