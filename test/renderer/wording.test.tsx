// @vitest-environment jsdom
/**
 * What the screens say , against the real in-process host:
 * - Lightseekers screens speak Lightseekers: no REL, no MTR citation, no "+0 min" (clock, deck
 *   checks, players, event log, new-event form); Magic events keep their citations; the extensions
 *   log cites Commander X.5A only for a Commander event.
 * - Team events say "teams" where they mean teams (start form, standings, pairings, projector, the
 *   top bar's first action), and the standings sort by the family names given at registration.
 * - Results in words are the rule set's: a Two-Headed Giant drawn game is no intentional draw; the
 *   swap panel sorts by the family names given at registration.
 * - The result label stays one short line whatever the names; the projector's final standings list
 *   every place and scroll when they do not fit.
 */
import 'fake-indexeddb/auto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryChannelPair, createRpcClient, serveRpc } from '../../core/api/rpc.js';
import { buildDocument, type DocDefinition } from '../../core/documents/index.js';
import type { SettingsPatch } from '../../core/event/commands.js';
import type { EventState, RulesetId, Table } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { createHostServices } from '../../electron/host/host.js';
import type { StationService } from '../../electron/host/station-service.js';
import type { StationConnection } from '../../renderer/api/index.js';
import { App } from '../../renderer/App.js';
import { primaryAction } from '../../renderer/lib/event.js';
import { ClockScreen } from '../../renderer/screens/ClockScreen.js';
import { describeJournal } from '../../renderer/screens/log/describe.js';
import { defaultsOf, fieldsFor, patchFor } from '../../renderer/screens/start/settings.js';
import { attachConnection, useStation } from '../../renderer/store/station.js';
import { type RendererHost } from '../support/renderer-host.js';
import { Builder, resetStore, seatOneWins, stationPerTest } from './event-builders.js';

// The host writes every command to disk before answering: give a busy machine time.
configure({ asyncUtilTimeout: 5000 });

let host: RendererHost;
let b: Builder;
stationPerTest((h, builder) => {
  host = h;
  b = builder;
});

function station(): void {
  render(<App connection={host.connection} view="station" />);
}

async function goTo(label: string): Promise<void> {
  await userEvent.setup().click(within(screen.getByRole('navigation', { name: 'Screens' })).getByRole('button', { name: label }));
}

/** Round 1 paired by the engine and published. */
async function publishRound1(): Promise<EventState> {
  return b.pairSwiss();
}

const TEAMS: [string, string, string][] = [
  ['The Twin Heads', 'Ana Costa', 'Bo Berg'],
  ['Dragon Riders', 'Cian Mac Giolla', 'Aoife Ní Bhriain'],
  ['Planeswalkers', 'María José de la Cruz', 'Ludwig van Beethoven'],
  ['Jo Jung', 'Kai Kim', 'Lu Lam'],
];

async function teamEvent(settings: SettingsPatch, teams = TEAMS.length): Promise<void> {
  await b.api.createEvent({ name: 'Team Open', ruleset: 'mtr', settings, seed: 7 });
  for (const [i, [name, a, second]] of TEAMS.slice(0, teams).entries())
    await b.run({ type: 'register-player', player: { id: `t0${i + 1}`, name, members: [{ seat: 'A', name: a }, { seat: 'B', name: second }] }, draw: i + 1 });
}

// ---------------------------------------------------------------------------------------------
// Lightseekers screens speak Lightseekers

describe('Lightseekers screens speak Lightseekers', () => {
  /** A host whose time the test moves (the clock's time is the host's). */
  const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
  const M = 60_000;
  let time = T0;
  let dataDir: string;
  let service: StationService;
  let stopRpc: () => void;
  let detach: (() => void) | null = null;

  async function timedHost(ruleset: RulesetId, settings: SettingsPatch, players: number): Promise<void> {
    time = T0;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'podium-wording-'));
    service = createHostServices({ dataDir, station: 'wording', now: () => new Date(time), printer: async () => ({ pdfBase64: '', pages: 1, fileName: 'log.pdf' }) });
    const [hostEnd, rendererEnd] = createMemoryChannelPair();
    stopRpc = serveRpc(service, hostEnd);
    const connection: StationConnection = {
      api: createRpcClient(rendererEnd),
      transport: 'websocket',
      status: () => 'connected',
      onStatus: () => () => undefined,
      onMenu: () => () => undefined,
    };
    useStation.setState({ snapshot: null, clock: null, toasts: [], progress: null, screen: 'clock', helpOpen: false });
    await service.createEvent({ name: 'Clock Cup', ruleset, settings, seed: 1 });
    for (let i = 0; i < players; i++) await service.dispatch({ command: { type: 'register-player', player: { id: `p${i + 1}`, name: `Player ${i + 1}` }, draw: i } });
    const answer = await service.query({ kind: 'propose-pairing', seed: 2 });
    if (answer.kind !== 'propose-pairing') throw new Error('no proposal');
    const p = answer.proposal;
    await service.dispatch({
      command: { type: 'pair-round', round: 1, stage: 'swiss', tables: p.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes: p.byes, seed: p.seed, ...(p.groups ? { groups: p.groups } : {}) },
    });
    await service.dispatch({ command: { type: 'start-round-clock', round: 1, at: 0 } });
    detach = attachConnection(connection);
    render(<ClockScreen />);
  }

  afterEach(async () => {
    if (!detach) return;
    cleanup();
    detach();
    detach = null;
    stopRpc();
    await service.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('the clock: a deck check adds its own length — no "+0 min", no REL, no MTR 2.8', async () => {
    // A save that carries a REL (older forms sent one) still has none to show.
    await timedHost('lightseekers-competitive', { rel: 'competitive' }, 12);
    const user = userEvent.setup();
    const kind = (await screen.findByTestId('ext-kind')) as HTMLSelectElement;
    expect(kind.querySelector('option[value="deck-check"]')?.textContent).toBe('Deck check');
    expect(document.querySelector('.ext-hint')?.textContent).toBe("The table's time stands still during the check; afterwards it gets the check's length.");
    const indicator = screen.getByTestId('deck-check-indicator');
    expect(indicator.textContent).toContain('to reach 10 % (2 of 12) — recommended.');
    expect(indicator.textContent).not.toMatch(/REL|MTR/);

    await user.type(screen.getByTestId('ext-table'), '1');
    await user.type(screen.getByTestId('ext-judge'), 'Dana Scully{Enter}');
    await screen.findByTestId('checks-open');
    time += 6 * M;
    await waitFor(() => expect(screen.getByTestId('clock-table-1').textContent).toContain('deck check under way 6:00 (its length is added when it ends)'), { timeout: 4000 });
    await user.click(screen.getByTestId('end-check-1'));
    await waitFor(() => expect(screen.queryByTestId('checks-open')).toBeNull());
    const row = screen.getByTestId('clock-table-1').textContent ?? '';
    expect(row).toContain('+6 min deck check');
    expect(row).not.toMatch(/\+ ?0\b/);
    expect(screen.getByTestId('deck-check-indicator').textContent).toContain('At least 10 % of the decks have been checked.');
    expect(screen.getByTestId('deck-check-indicator').textContent).not.toMatch(/MTR/);
    expect(screen.getByTestId('deck-check-log').textContent).toContain('+6 min');
  });

  it('a Magic event keeps its words: +3 minutes after a check, required at Competitive REL (MTR 2.8)', async () => {
    await timedHost('mtr', { rel: 'competitive' }, 8);
    const kind = (await screen.findByTestId('ext-kind')) as HTMLSelectElement;
    expect(kind.querySelector('option[value="deck-check"]')?.textContent).toBe('Deck check (+3 min after it)');
    expect(document.querySelector('.ext-hint')?.textContent).toContain("afterwards it gets the check's length plus 3 minutes.");
    expect(screen.getByTestId('deck-check-indicator').textContent).toContain('— required at this REL (MTR 2.8).');
  });
});

describe('Lightseekers: players, the event log and the new-event form', () => {
  it('Remove before round 1 cites no MTR section; an MTR event keeps MTR 2.10', async () => {
    await b.create('lightseekers-competitive', 4);
    station();
    const notice = await screen.findByText(/^Before round 1, Remove takes/);
    expect(notice.textContent).toBe('Before round 1, Remove takes a player out of the event (a drop before round 1 removes the player). Undo brings them back.');
    const remove = screen.getByRole('button', { name: 'Remove Ana Archer (p01)' });
    expect(remove.getAttribute('title')).toBe('Before round 1 a drop removes the player from the event; Undo brings them back');
    cleanup();

    await host.service.closeEvent();
    resetStore('players');
    await b.create('mtr', 4);
    station();
    expect((await screen.findByText(/^Before round 1, Remove takes/)).textContent).toContain('(MTR 2.10: a drop before round 1 removes the player)');
    expect(screen.getByRole('button', { name: 'Remove Ana Archer (p01)' }).getAttribute('title')).toContain('(MTR 2.10)');
  });

  it('the event log never reads "REL" for a Lightseekers event (a Magic event still does)', async () => {
    const rows = async (): Promise<string[]> => {
      const journal = await b.api.query({ kind: 'journal' });
      if (journal.kind !== 'journal') throw new Error('no journal');
      return describeJournal(journal.entries, await b.state()).map((r) => r.what);
    };
    await b.create('lightseekers-casual', 4);
    await b.run({ type: 'set-settings', settings: { rel: 'competitive', lateEntryRecord: 'none' } });
    const lightseekers = (await rows()).find((w) => w.startsWith('Settings changed'));
    expect(lightseekers).toBe('Settings changed: late entries get no record for missed rounds');

    await host.service.closeEvent();
    await b.create('mtr', 4);
    await b.run({ type: 'set-settings', settings: { rel: 'competitive' } });
    expect((await rows()).find((w) => w.startsWith('Settings changed'))).toBe('Settings changed: REL competitive');
  });

  it('the new-event form neither lists nor sends a REL for Lightseekers (settings.ts itself)', () => {
    for (const id of ['lightseekers-casual', 'lightseekers-competitive', 'lightseekers-large'] as const) {
      const draft = { ...defaultsOf(id), rel: 'professional' as const };
      expect(fieldsFor(id, draft)).not.toContain('rel');
      expect(patchFor(id, draft, undefined)).not.toHaveProperty('rel');
    }
    for (const id of ['mtr', 'mstr-2022', 'mamtr-2024'] as const) expect(fieldsFor(id, defaultsOf(id))[0]).toBe('rel');
  });

  it('the form says a Lightseekers event has nothing to choose, rather than an empty box', async () => {
    const user = userEvent.setup();
    station();
    await user.type(await screen.findByTestId('event-name'), 'Lightseekers Regional');
    await user.selectOptions(screen.getByTestId('ruleset'), 'lightseekers-competitive');
    expect(screen.getByTestId('no-settings').textContent).toBe('Nothing to choose for this rule set.');
    expect(screen.queryByTestId('setting-rel')).toBeNull();
    await user.click(screen.getByTestId('create-event'));
    await screen.findByText('Register a player');
    const journal = await b.api.query({ kind: 'journal' });
    const created = journal.kind === 'journal' ? journal.entries[0]?.command : undefined;
    expect(created).toMatchObject({ type: 'create-event', ruleset: 'lightseekers-competitive' });
    // The save says what the event is: no REL sent for a rule set that has none.
    expect(created && 'settings' in created ? created.settings : null).toEqual({});
  });
});

describe('the extensions log cites Commander X.5A only for a Commander event', () => {
  const OPTIONS = { pageSize: 'A4', generatedAt: '2026-05-01 14:05' } as const;
  const NOT_TEXT = new Set(['style', 'layout', 'color', 'fillColor', 'lineColor', 'decoration', 'decorationColor', 'alignment', 'font', 'pageBreak', 'type']);
  const strings = (value: unknown, out: string[] = []): string[] => {
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) for (const v of value) strings(v, out);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (!NOT_TEXT.has(k)) strings(v, out);
    return out;
  };
  const text = (def: DocDefinition): string => strings(def.content).join('\n');
  const entry = { table: 2, players: ['Ana Archer', 'Bo Berg', 'Cy Castro'], judge: 'J. Judge', start: '14:05', end: '14:11', minutes: 9, reason: 'deck-check' as const };

  it.each([
    ['mamtr-2024', 'commander', 'plus 4 minutes (Commander X.5A)', 'Deck check: its length + 4 min (Commander X.5A)'],
    ['mamtr-2024', 'constructed', 'plus 3 minutes (MTR 2.6)', 'Deck check: its length + 3 min (MTR 2.6)'],
    ['mstr-2022', 'sealed', 'plus 3 minutes (MTR 2.6)', 'Deck check: its length + 3 min (MTR 2.6)'],
  ] as const)('%s, format %s: %s', async (ruleset, format, rule, why) => {
    await b.create(ruleset, 6, { format });
    const state = await publishRound1();
    const log = text(buildDocument('extensions-log', state, { ...OPTIONS, round: 1, extensions: [entry] }));
    expect(log).toContain(rule);
    expect(log).toContain(why);
    if (format !== 'commander') expect(log).not.toContain('X.5A');
  });

  it('Lightseekers: the check’s duration by the event rules, no "+ 0 min"', async () => {
    await b.create('lightseekers-competitive', 8);
    const state = await publishRound1();
    const log = text(buildDocument('extensions-log', state, { ...OPTIONS, round: 1, extensions: [{ ...entry, minutes: 6 }] }));
    expect(log).toContain('the table gets the check’s duration (event rules).');
    expect(log).toContain('Deck check: its length (event rules)');
    expect(log).not.toMatch(/\+ 0 min|MTR|X\.5A/);
  });
});

// ---------------------------------------------------------------------------------------------
// Team events say "teams"

describe('team events say "teams" where they mean teams', () => {
  it('the start form: "Expected teams" and "Recommended for 8 teams"', async () => {
    const user = userEvent.setup();
    station();
    await user.type(await screen.findByTestId('event-name'), '2HG Saturday');
    const expected = screen.getByTestId('expected-players');
    expect(expected.closest('label')?.textContent).toBe('Expected players');
    await user.click(screen.getByTestId('setting-twoHeadedGiant'));
    expect(expected.closest('label')?.textContent).toBe('Expected teams');
    expect(screen.getByTestId('recommended-rounds').textContent).toContain('Type the expected number of teams');
    await user.type(expected, '8');
    expect(screen.getByTestId('recommended-rounds').textContent).toMatch(/^Recommended for 8 teams: /);
  });

  it('standings, pairings and the projector count teams; the top bar asks to register teams', async () => {
    await teamEvent({ twoHeadedGiant: true }, 1);
    expect(primaryAction(await b.state()).label).toBe('Register teams');
    await host.service.closeEvent();
    await teamEvent({ twoHeadedGiant: true });
    resetStore('players');
    render(<App connection={host.connection} view="projector" />);
    await waitFor(() => expect(screen.getByTestId('round').textContent).toBe('Registration — 4 teams'));
    cleanup();

    await publishRound1();
    resetStore('players');
    station();
    await screen.findByTestId('player-t01');
    await goTo('Pairings');
    await waitFor(() => expect(screen.getByTestId('pairings-summary').textContent).toMatch(/^4 active teams · Round 1/));
    expect(screen.getByTestId('open-swap').textContent).toBe('Swap two teams…');
    await goTo('Standings');
    await waitFor(() => expect(screen.getByTestId('standings-screen').querySelector('.standings-head p')?.textContent).toContain('· 4 teams ·'));
  });

  it('standings sorted by name go by the family name given at registration, as boards do', async () => {
    await b.api.createEvent({ name: 'Names Open', ruleset: 'mtr', settings: {}, seed: 7 });
    const people = [
      { id: 'p1', name: 'Mo Moss' },
      { id: 'p2', name: 'Gabriel García Márquez', familyName: 'García Márquez' },
      { id: 'p3', name: 'Hal Hu' },
      { id: 'p4', name: 'Ana Archer' },
    ];
    for (const [i, player] of people.entries()) await b.run({ type: 'register-player', player, draw: i + 1 });
    resetStore('standings');
    station();
    const table = await screen.findByRole('table');
    await userEvent.setup().click(within(table).getByRole('button', { name: /^Name/ }));
    // "García Márquez, Gabriel" sorts under G, not under M by the guessed "Márquez".
    await waitFor(() => expect([...table.querySelectorAll('tbody tr[data-player]')].map((r) => r.getAttribute('data-player'))).toEqual(['p4', 'p2', 'p3', 'p1']));
  });
});

// ---------------------------------------------------------------------------------------------
// Results in words; the swap panel's order

describe('results in words are the rule set’s', () => {
  it('Two-Headed Giant: a played drawn game is no intentional draw, on Pairings and Results', async () => {
    await teamEvent({ twoHeadedGiant: true });
    const state = await publishRound1();
    const [first, second] = state.rounds[0]!.tables as [Table, Table];
    await b.run({ type: 'record-result', round: 1, table: first.table, result: { games: [0, 0, 1] } });
    await b.run({ type: 'record-result', round: 1, table: second.table, result: { games: [0, 0, 0], intentionalDraw: true } });
    resetStore('pairings');
    station();
    const published = await screen.findByTestId('published-round');
    await waitFor(() => expect(published.textContent).toContain('Draw: 1 drawn game played (0–0–1)'));
    expect(published.textContent).toContain('Intentional draw (no game played)');
    expect(published.textContent).not.toContain('Intentional draw (0–0–1)');
    await goTo('Results');
    const results = await screen.findByTestId('round-results');
    await waitFor(() => expect(results.textContent).toContain('Draw: 1 drawn game played (0–0–1)'));
    expect(results.textContent).toContain('Intentional draw (no game played)');
  });

  it('the swap panel lists players by the family name given at registration', async () => {
    await b.api.createEvent({ name: 'Names Open', ruleset: 'mtr', settings: {}, seed: 7 });
    const people = [
      { id: 'p1', name: 'Mo Moss' },
      { id: 'p2', name: 'Gabriel García Márquez', familyName: 'García Márquez' },
      { id: 'p3', name: 'Hal Hu' },
      { id: 'p4', name: 'Ana Archer' },
    ];
    for (const [i, player] of people.entries()) await b.run({ type: 'register-player', player, draw: i + 1 });
    await publishRound1();
    resetStore('pairings');
    station();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('open-swap'));
    const select = within(await screen.findByTestId('swap-panel')).getByLabelText('First player') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value).filter(Boolean)).toEqual(['p4', 'p2', 'p3', 'p1']);
  });
});

// ---------------------------------------------------------------------------------------------
// Fits on a laptop, readable in the hall

describe('fits and scrolls', () => {
  it('the result label is one short line, whatever the names (the seats are named above it)', async () => {
    await b.api.createEvent({ name: 'Long Names Open', ruleset: 'mtr', settings: {}, seed: 7 });
    const names = ['Maximiliana Fernández-Castellanos de la Vega', 'Bartholomew Alexander Worthington-Smythe'];
    for (const [i, name] of names.entries()) await b.run({ type: 'register-player', player: { id: `p${i + 1}`, name }, draw: i + 1 });
    await publishRound1();
    resetStore('results');
    station();
    const user = userEvent.setup();
    const box = await screen.findByTestId('table-box');
    await user.type(box, '1{Enter}');
    const field = await waitFor(() => {
      const found = screen.getByTestId('entry').querySelector<HTMLLabelElement>('label.result-text');
      if (!found) throw new Error('no result field');
      return found;
    });
    expect(field.firstElementChild?.textContent).toBe('Result — games won by seat 1, by seat 2, drawn');
    // A label is a grid: the text is one item (no loose text nodes, each its own row).
    expect([...field.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '')).toHaveLength(0);
    expect([...field.children].map((c) => c.tagName)).toEqual(['SPAN', 'INPUT']);
    expect(document.getElementById('result-hint')?.textContent).toContain('Seat 1 (');
  });

  it('the projector’s final standings list every place and scroll slowly when they do not fit', async () => {
    await b.create('mtr', 36, { swissRounds: 3 });
    for (let r = 0; r < 3; r++) {
      await b.pairSwiss();
      await b.finishRound(seatOneWins);
    }
    const cut = await b.api.query({ kind: 'propose-playoff', top: 8 });
    if (cut.kind !== 'propose-playoff') throw new Error('no cut');
    await b.run({ type: 'start-playoff', top: 8, draft: false, seeds: cut.proposal.seeds });
    for (let r = 0; r < 3; r++) {
      const s = await b.state();
      const next = await b.api.query({ kind: 'next-playoff-round' });
      if (next.kind !== 'next-playoff-round' || !next.proposal) throw new Error('no round');
      await b.run({ type: 'pair-round', round: s.rounds.length + 1, stage: 'playoff', tables: next.proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes: [], seed: next.proposal.seed });
      await b.finishRound(seatOneWins);
    }
    // 36 rows do not fit a 600-pixel box: lay the list out taller than it.
    const saved = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight');
    Object.defineProperty(Element.prototype, 'scrollHeight', { configurable: true, get: () => 36 * 70 });
    try {
      render(<App connection={host.connection} view="projector" />);
      const list = await screen.findByTestId('projector-final-standings');
      // Every place (the hall finds each player's own), not the first 32.
      expect(within(list).getAllByRole('listitem')).toHaveLength(36);
      const scroller = list.parentElement as HTMLElement;
      await waitFor(() => expect(scroller.className).toBe('pj-scroller scrolling'));
      expect(scroller.style.animationDuration).toBe(`${36 * 2.2}s`);
      // The loop's second copy follows the first, hidden from screen readers.
      expect(scroller.querySelectorAll('ul[aria-hidden="true"] li')).toHaveLength(36);
    } finally {
      if (saved) Object.defineProperty(Element.prototype, 'scrollHeight', saved);
      else delete (Element.prototype as { scrollHeight?: number }).scrollHeight;
    }
  });
});

// The rule sets' terms, read by the screens above.
describe('rule-set terms', () => {
  it('Lightseekers has no REL, cites no document and names no infractions; the Magic rule sets do', () => {
    expect(getRuleset('lightseekers-competitive').terms).toEqual({ rel: false, document: null, ipg: false });
    expect(getRuleset('mtr').terms).toEqual({ rel: true, document: 'MTR', ipg: true });
    expect(getRuleset('mamtr-2024').terms).toEqual({ rel: true, document: 'MAMTR', ipg: true });
  });
});

