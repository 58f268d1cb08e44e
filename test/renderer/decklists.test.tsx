// @vitest-environment jsdom
/**
 * The decklist screens' parts against the real in-process host: the Decklist panel
 * (paste, the checks in words, save; a correction after the lock asks for its reason), the
 * find-a-card box, and the clock's deck-check pick (pick 2 tables not checked before, start their
 * checks, the round's 10 % line and the sheet's print button).
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deckPickRng, pickDeckChecks } from '../../core/decklists/deck-checks.js';
import type { EventState } from '../../core/model/types.js';
import { App } from '../../renderer/App.js';
import { DeckPick } from '../../renderer/screens/clock/DeckPick.js';
import { DecklistFind } from '../../renderer/screens/players/DecklistFind.js';
import { DecklistPanel } from '../../renderer/screens/players/DecklistPanel.js';
import { useDecklistDrafts } from '../../renderer/screens/players/decklist-drafts.js';
import { useStation } from '../../renderer/store/station.js';
import { resetStation, startRendererHost, type RendererHost } from '../support/renderer-host.js';

let host: RendererHost;

const NAMES = ['Ana Archer', 'Bo Berg', 'Cy Castro', 'Di Dahl', 'Ed Eze', 'Flo Fox'];

beforeEach(async () => {
  resetStation('players');
  useDecklistDrafts.setState({ drafts: {} });
  host = await startRendererHost();
  useStation.setState({ connection: host.connection });
});

afterEach(async () => {
  cleanup();
  await host.close();
});

async function state(): Promise<EventState> {
  const snapshot = await host.connection.api.snapshot();
  if (!snapshot.state) throw new Error('no event');
  return snapshot.state;
}

async function event(format: 'constructed' | 'commander' = 'constructed'): Promise<EventState> {
  const api = host.connection.api;
  await api.createEvent({ name: 'List Open', ruleset: format === 'commander' ? 'mamtr-2024' : 'mtr', settings: { format }, seed: 7 });
  for (let i = 0; i < NAMES.length; i++) await api.dispatch({ command: { type: 'register-player', player: { id: `p${i + 1}`, name: NAMES[i] as string }, draw: i + 1 } });
  return state();
}

async function pairRound1(): Promise<EventState> {
  await host.connection.api.dispatch({
    command: { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ['p1', 'p2'] }, { table: 2, seats: ['p3', 'p4'] }, { table: 3, seats: ['p5', 'p6'] }], byes: [], seed: 1 },
  });
  return state();
}

const BURN = ['4 Lightning Bolt', '4 Goblin Guide', '4 Lava Spike', '46 Mountain', '', '3 Smash to Smithereens'].join('\n');

describe('the Decklist panel', () => {
  it('shows the checks in words as the list is pasted, and saves it', async () => {
    const s = await event();
    const user = userEvent.setup();
    render(<DecklistPanel state={s} player="p1" />);
    const box = screen.getByTestId('decklist-text');
    await user.click(box);
    await user.paste(BURN);
    expect(screen.getByTestId('decklist-problems').textContent).toContain('The main deck has 58 cards (lines 1–4); a constructed deck needs at least 60 (MTR 6.1).');
    expect(screen.getByTestId('decklist-save').textContent).toBe('Save the list anyway');
    await user.clear(box);
    await user.paste(BURN.replace('46 Mountain', '48 Mountain'));
    expect(screen.getByTestId('decklist-ok').textContent).toMatch(/meets the counts/);
    expect(screen.getByTestId('decklist-size').textContent).toBe('60 main + 3 sideboard');
    await user.click(screen.getByTestId('decklist-save'));
    await waitFor(async () => expect((await state()).decklists?.p1?.main).toHaveLength(4));
    expect((await state()).decklists?.p1?.source).toBe(BURN.replace('46 Mountain', '48 Mountain'));
    expect(useStation.getState().toasts.at(-1)?.message).toMatch(/Decklist registered: .*Ana Archer.* \(60 main \+ 3 sideboard\)/);
  });

  it('after round 1 is paired a change is a correction that needs a reason', async () => {
    await event();
    await host.connection.api.dispatch({ command: { type: 'register-decklist', player: 'p1', main: [{ count: 60, name: 'Island' }], side: [], commander: [], source: '60 Island' } });
    const s = await pairRound1();
    const user = userEvent.setup();
    render(<DecklistPanel state={s} player="p1" />);
    expect(screen.getByTestId('decklist-status').textContent).toMatch(/Locked: round 1 is paired/);
    expect((screen.getByTestId('decklist-text') as HTMLTextAreaElement).value).toBe('60 Island');
    await user.clear(screen.getByTestId('decklist-text'));
    await user.paste('59 Island\n1 Tolarian Academy');
    const save = screen.getByTestId('decklist-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.type(screen.getByTestId('decklist-reason'), 'deck check: an Academy in the deck');
    expect(save.disabled).toBe(false);
    expect(save.textContent).toBe('Save the correction');
    await user.click(save);
    await waitFor(async () => expect((await state()).decklists?.p1?.version).toBe(2));
    expect((await state()).decklists?.p1?.correction).toBe('deck check: an Academy in the deck');
  });

  it('Commander: the singleton and 100-card checks with their lines', async () => {
    const s = await event('commander');
    const user = userEvent.setup();
    render(<DecklistPanel state={s} player="p2" />);
    await user.click(screen.getByTestId('decklist-text'));
    await user.paste(['1 Omnath, Locus of Mana *CMDR*', '1 Sol Ring', '1 Sol Ring', '97 Forest'].join('\n'));
    const words = screen.getByTestId('decklist-problems').textContent ?? '';
    expect(words).toContain('Lines 2 and 3: 2 copies of “Sol Ring”');
    expect(words).not.toContain('exactly 100');
  });
});

describe('find a card', () => {
  it('lists who registered it, accents and case ignored', async () => {
    await event();
    const api = host.connection.api;
    await api.dispatch({ command: { type: 'register-decklist', player: 'p2', main: [{ count: 4, name: 'Æther Vial' }, { count: 56, name: 'Plains' }], side: [], commander: [], source: '' } });
    await api.dispatch({ command: { type: 'register-decklist', player: 'p3', main: [{ count: 60, name: 'Plains' }], side: [{ count: 1, name: 'Aether Vial' }], commander: [], source: '' } });
    const user = userEvent.setup();
    render(<DecklistFind state={await state()} />);
    await user.type(screen.getByTestId('decklist-find'), 'aether VIAL');
    const items = within(screen.getByTestId('decklist-find-results')).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Bo Berg: 4 Æther Vial (main deck)', 'Cy Castro: 1 Aether Vial (sideboard)']);
    await user.clear(screen.getByTestId('decklist-find'));
    await user.type(screen.getByTestId('decklist-find'), 'Tarmogoyf');
    expect(screen.getByTestId('decklist-find-none').textContent).toMatch(/No registered list/);
  });
});

describe('the clock’s deck-check pick', () => {
  it('picks 2 tables not checked before, starts their checks and shows the round against 10 %', async () => {
    await event();
    const s = await pairRound1();
    await host.connection.api.dispatch({ command: { type: 'start-deck-check', round: 1, table: 2, judge: 'Kim Lee' } });
    await host.connection.api.dispatch({ command: { type: 'end-deck-check', round: 1, table: 2 } });
    const now = Date.now();
    const user = userEvent.setup();
    const view = render(<DeckPick state={await state()} round={1} now={now} seed={12345} />);
    expect(s.rounds).toHaveLength(1);
    expect(screen.getByTestId('deck-pick-round').textContent).toMatch(/Round 1: 2 of 6 decks checked; 10 % of this round is 1 \(MTR 2\.8\) — reached\. Checked: .*Cy Castro.* \(table 2\), .*Di Dahl.* \(table 2\)\./);
    expect(view.container.querySelector('[data-print="deck-check-sheet"]')).not.toBeNull();
    await user.click(screen.getByTestId('deck-pick-draw'));
    const result = screen.getByTestId('deck-pick-result');
    const tables = within(result).getAllByRole('listitem').map((li) => li.textContent);
    expect(tables).toEqual(['1 Ana Archer, Bo Berg', '3 Ed Eze, Flo Fox']);
    await user.click(screen.getByTestId('deck-pick-start'));
    expect(result.textContent).toContain('Name the judge who checks the decks.');
    await user.type(screen.getByTestId('deck-pick-judge'), 'Kim Lee');
    await user.click(screen.getByTestId('deck-pick-start'));
    await waitFor(async () => expect((await state()).clock?.deckChecks.map((c) => c.table)).toEqual([2, 1, 3]));
  });
});

describe('the deck-check pick draws from the event seed (RULES 4)', () => {
  it('each pick is the next draw of the seed, so the same event picks the same tables', async () => {
    await event();
    const s = await pairRound1();
    const user = userEvent.setup();
    render(<DeckPick state={s} round={1} now={Date.now()} />);
    await user.clear(screen.getByTestId('deck-pick-count')); // an empty box counts 1
    expect((screen.getByTestId('deck-pick-count') as HTMLInputElement).value).toBe('1');
    const picked = async (): Promise<string[]> => within(screen.getByTestId('deck-pick-result')).getAllByRole('listitem').map((li) => li.textContent?.split(' ')[0] ?? '');
    const expected = (draw: number) => pickDeckChecks(s, 1, 1, deckPickRng(s, 1, draw)).tables.map(String);
    await user.click(screen.getByTestId('deck-pick-draw'));
    expect(await picked()).toEqual(expected(0));
    await user.click(screen.getByTestId('deck-pick-draw'));
    expect(await picked()).toEqual(expected(1));
    await user.click(screen.getByTestId('deck-pick-draw'));
    expect(await picked()).toEqual(expected(2));
  });
});

describe('on the station', () => {
  it('the Players screen registers a list for a chosen player; the Clock screen offers the pick', async () => {
    await event();
    const user = userEvent.setup();
    render(<App connection={host.connection} view="station" />);
    const section = await screen.findByTestId('decklists');
    expect(section.textContent).toContain('0 of 6 registered');
    await user.selectOptions(within(section).getByTestId('decklist-player'), 'p2');
    const text = within(section).getByTestId('decklist-text');
    await user.click(text);
    await user.paste(BURN);
    await user.click(within(section).getByTestId('decklist-save'));
    await waitFor(async () => expect((await state()).decklists?.p2?.main).toContainEqual({ count: 46, name: 'Mountain' }));
    await waitFor(() => expect(screen.getByTestId('decklists').textContent).toContain('1 of 6 registered'));
    await pairRound1();
    useStation.getState().setScreen('clock');
    expect(await screen.findByTestId('deck-pick')).toBeTruthy();
  });

  it('keeps a pasted list per player when another player is picked before saving, and says whose are not saved', async () => {
    await event();
    const user = userEvent.setup();
    render(<App connection={host.connection} view="station" />);
    const section = await screen.findByTestId('decklists');
    await user.selectOptions(within(section).getByTestId('decklist-player'), 'p2');
    await user.click(within(section).getByTestId('decklist-text'));
    await user.paste(BURN);
    expect(within(section).getByTestId('decklist-draft').textContent).toMatch(/^Not saved yet/);
    // Asked for another player's list before saving: Bo's text stays, and the screen says so.
    await user.selectOptions(within(section).getByTestId('decklist-player'), 'p3');
    expect((within(section).getByTestId('decklist-text') as HTMLTextAreaElement).value).toBe('');
    expect(within(section).getByTestId('decklist-drafts').textContent).toContain('Berg, Bo');
    const option = within(section).getByRole('option', { name: /\(p2\)/ });
    expect(option.textContent).toContain('✎ not saved');
    // Another screen and back: still there.
    useStation.getState().setScreen('clock');
    useStation.getState().setScreen('players');
    const again = await screen.findByTestId('decklists');
    await user.click(within(within(again).getByTestId('decklist-drafts')).getByRole('button', { name: /Berg, Bo/ }));
    expect((within(again).getByTestId('decklist-text') as HTMLTextAreaElement).value).toBe(BURN);
    expect((await state()).decklists?.p2).toBeUndefined();
    await user.click(within(again).getByTestId('decklist-save'));
    await waitFor(async () => expect((await state()).decklists?.p2?.source).toBe(BURN));
    await waitFor(() => expect(within(screen.getByTestId('decklists')).queryByTestId('decklist-drafts')).toBeNull());
    expect(within(screen.getByTestId('decklists')).getByRole('option', { name: /\(p2\)/ }).textContent).not.toContain('not saved');

    // Discarding is a deliberate tap, and only then is the text gone.
    await user.selectOptions(within(screen.getByTestId('decklists')).getByTestId('decklist-player'), 'p4');
    await user.click(within(screen.getByTestId('decklists')).getByTestId('decklist-text'));
    await user.paste('4 Island');
    await user.click(within(screen.getByTestId('decklists')).getByTestId('decklist-discard'));
    expect((within(screen.getByTestId('decklists')).getByTestId('decklist-text') as HTMLTextAreaElement).value).toBe('');
    expect(useDecklistDrafts.getState().drafts).toEqual({});
  });

  it('lists the players by family name, as the Players screen and the boards do', async () => {
    const api = host.connection.api;
    await api.createEvent({ name: 'List Open', ruleset: 'mtr', settings: {}, seed: 7 });
    const names = ['Zoe Adams', 'Ana Young', 'Mia Brown', 'Ólafur Ösp', 'Ben de Vries'];
    for (const [i, name] of names.entries()) await api.dispatch({ command: { type: 'register-player', player: { id: `p${i + 1}`, name }, draw: i + 1 } });
    render(<App connection={host.connection} view="station" />);
    const section = await screen.findByTestId('decklists');
    const options = within(section).getAllByRole('option').slice(1).map((o) => o.textContent);
    expect(options).toEqual(['Adams, Zoe (p1)', 'Brown, Mia (p3)', 'de Vries, Ben (p5)', 'Ösp, Ólafur (p4)', 'Young, Ana (p2)']);
  });
});
