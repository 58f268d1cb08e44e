// @vitest-environment jsdom
/**
 * Names on the station's screens: a right-to-left name sits in an isolate (<bdi>, or FIRST STRONG
 * ISOLATE … POP DIRECTIONAL ISOLATE inside built text) on the players, pairings, results and
 * standings screens; the host refuses a new name with a control character and writes nothing; a
 * save from an older version whose name holds an override still opens, nothing lost, the name
 * isolated; the CSV import and the registration form say why such a name cannot be registered.
 */
import 'fake-indexeddb/auto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { splitName } from '../../core/model/person-names.js';
import type { Command } from '../../core/event/commands.js';
import { writeEventSaveSync } from '../../electron/host/event-store.js';
import { App } from '../../renderer/App.js';
import { isolate } from '../../renderer/lib/format.js';
import { type RendererHost } from '../support/renderer-host.js';
import { Builder, resetStore, stationPerTest } from './event-builders.js';

// The host writes every command to disk before answering: give a busy machine time.
configure({ asyncUtilTimeout: 5000 });

const HEBREW = 'אבי כהן';
const ARABIC = 'محمد علي';
const RLO = '\u202E';

let host: RendererHost;
let b: Builder;
stationPerTest((h, builder) => {
  host = h;
  b = builder;
});

async function createWith(names: readonly string[]): Promise<void> {
  await b.api.createEvent({ name: 'Test Open', ruleset: 'mtr', settings: {}, seed: 7 });
  for (const [i, name] of names.entries()) await b.run({ type: 'register-player', player: { id: `p0${i + 1}`, name }, draw: i + 1 });
}

async function renderStation(): Promise<void> {
  render(<App connection={host.connection} view="station" />);
  await screen.findByTestId('registration-form');
}

async function goTo(label: string): Promise<void> {
  await userEvent.setup().click(within(screen.getByRole('navigation', { name: 'Screens' })).getByRole('button', { name: label }));
}

const isolatedName = (scope: ParentNode, selector: string): string | null | undefined => scope.querySelector(`${selector} bdi`)?.textContent;

describe('names on the screens', () => {
  it('an RTL name is isolated on the players, pairings, results and standings screens', async () => {
    const user = userEvent.setup();
    await createWith([HEBREW, 'Bo Berg', ARABIC, 'Di Dahl']);
    const state = await b.pairSwiss();
    await renderStation();

    const row = await screen.findByTestId('player-p01');
    expect(isolatedName(row, '.player-name')).toBe(HEBREW);
    expect(isolatedName(screen.getByTestId('player-p03'), '.player-name')).toBe(ARABIC);

    await goTo('Pairings');
    const published = await screen.findByTestId('published-round');
    expect(isolatedName(published, '[data-player="p01"]')).toBe(HEBREW);
    expect(isolatedName(published, '[data-player="p03"]')).toBe(ARABIC);

    // Results: the toast is plain text, so the name in it is wrapped in FSI … PDI.
    await goTo('Results');
    const table = state.rounds[0]!.tables.find((t) => t.seats.includes('p01'))!;
    const score = table.seats[0] === 'p01' ? '2-0' : '0-2';
    await user.type(screen.getByTestId('table-box'), `${table.table}{Enter}`);
    expect([...screen.getByTestId('entry-seats').querySelectorAll('bdi')].map((e) => e.textContent)).toContain(HEBREW);
    await user.keyboard(`${score}{Enter}`);
    expect(await screen.findByText(`Table ${table.table}: ${isolate(HEBREW)} wins 2–0`)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('round-results').querySelector(`tr[data-table="${table.table}"]`)?.textContent).toContain(`${isolate(HEBREW)} wins 2–0`));

    await goTo('Standings');
    const standings = await screen.findByTestId('standings-table');
    const cell = standings.querySelector('tr[data-player="p01"] td.st-name') as HTMLElement;
    expect(isolatedName(cell, '')).toBe(HEBREW);
    expect(cell.title).toBe(isolate(HEBREW));
  });

  it('the host refuses a new name with an override, in words, and writes nothing', async () => {
    await createWith(['Ana Archer']);
    const before = await b.api.snapshot();
    const file = before.summary!.path;
    const bytes = readFileSync(file);
    await expect(b.run({ type: 'register-player', player: { id: 'p09', name: `Bo${RLO}Berg` }, draw: 9 })).rejects.toThrow(
      'the name "Bo\uFFFDBerg" contains a control character (U+202E RIGHT-TO-LEFT OVERRIDE); type the name without it',
    );
    expect((await b.api.snapshot()).lastSeq).toBe(before.lastSeq);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('a save from an older version whose name holds an override opens, nothing lost, the name isolated', async () => {
    const old = `Bo${RLO}Berg 12`;
    const file = path.join(host.dataDir, 'events', 'older.podium');
    mkdirSync(path.dirname(file), { recursive: true });
    const commands: Command[] = [
      { type: 'create-event', id: 'older', name: 'Older Open', ruleset: 'mtr', settings: {}, seed: 3, createdAt: '2025-11-01T10:00:00.000Z' },
      { type: 'register-player', player: { id: 'p01', name: old }, draw: 1 },
      { type: 'register-player', player: { id: 'p02', name: 'Ana Archer' }, draw: 2 },
    ];
    writeEventSaveSync(file, commands, { station: 'older-podium' });

    const opened = await b.api.openEvent({ path: file });
    expect(opened.summary?.readOnly).toBe(false);
    expect(opened.notices.filter((n) => n.kind === 'damaged')).toEqual([]);
    expect(opened.state?.players.map((p) => p.name)).toEqual([old, 'Ana Archer']);
    // The old name does not block new commands about that player.
    await b.run({ type: 'edit-player', id: 'p01', changes: { note: 'Leeds' } });

    await renderStation();
    // The list prints it as boards do ("12, Bo…Berg"), the override shut inside the isolate.
    await waitFor(() => expect(isolatedName(screen.getByTestId('player-p01'), '.player-name')).toBe(splitName(old).board));
  });
});

describe('names the station refuses before sending', () => {
  it('a CSV row whose name or note holds a control character shows why and is skipped', async () => {
    const user = userEvent.setup();
    await createWith([]);
    await renderStation();
    await user.click(screen.getByTestId('open-import'));
    await user.click(screen.getByTestId('csv-text'));
    await user.paste(`name,note\nAna Archer,Leeds\nBo\u0007Berg,York\nCy Castro,Hull${RLO}\n`);
    const preview = await screen.findByTestId('csv-preview');
    const line = (n: number): HTMLElement => within(preview).getByText(String(n)).closest('tr') as HTMLElement;
    expect(line(2).className).not.toContain('csv-bad');
    expect(line(3).className).toContain('csv-bad');
    expect(line(3).textContent).toContain('the name "Bo\uFFFDBerg" contains a control character (U+0007); type the name without it');
    expect(line(4).textContent).toContain('the note "Hull\uFFFD" contains a control character (U+202E RIGHT-TO-LEFT OVERRIDE); type the note without it');
    expect(screen.getByTestId('csv-summary').textContent).toContain('1 player ready');
    await user.click(screen.getByTestId('csv-import-button'));
    await waitFor(async () => expect((await b.state()).players.map((p) => p.name)).toEqual(['Ana Archer']));
  });

  it('the registration form says why, keeps the typing and sends nothing', async () => {
    const user = userEvent.setup();
    await createWith([]);
    await renderStation();
    const box = screen.getByTestId('register-name') as HTMLInputElement;
    await user.click(box);
    await user.paste(`Bo${RLO}Berg`);
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The name "Bo\uFFFDBerg" contains a control character (U+202E RIGHT-TO-LEFT OVERRIDE); type the name without it.',
    );
    expect(box.value).toBe(`Bo${RLO}Berg`);
    expect((await b.state()).players).toEqual([]);
  });
});
