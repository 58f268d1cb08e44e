// @vitest-environment jsdom
/**
 * Organisers' pod policies at the station: the new-event form shows the house-rule
 * controls for the pod rule sets only — because their SettingsForm lists them, never a rule-family
 * test in the screen — with the document's value for an empty one, the house rules in words once
 * they differ from the document, and the event created with them; the standings breakdown says them.
 */
import 'fake-indexeddb/auto';
import { cleanup, configure, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apply } from '../../core/event/apply.js';
import type { EventState } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { App } from '../../renderer/App.js';
import { forgetDirectorySession } from '../../renderer/screens/PlayersScreen.js';
import { Breakdown } from '../../renderer/screens/standings/Breakdown.js';
import { clearStationMemory } from '../../renderer/store/directory.js';
import { resetStation, startRendererHost, type RendererHost } from '../support/renderer-host.js';

configure({ asyncUtilTimeout: 5000 });

const POLICY_FIELDS = ['setting-oddCounts', 'setting-winPoints', 'setting-drawPoints', 'setting-byePoints'];

describe('the new-event form: house rules for pod rule sets', () => {
  let host: RendererHost;

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

  it('shows the policy controls for mstr-2022 and mamtr-2024 only, and creates the event with them', async () => {
    const user = userEvent.setup();
    render(<App connection={host.connection} view="station" />);
    await user.type(await screen.findByTestId('event-name'), 'Commander Night');

    // The head-to-head and Lightseekers rule sets have no house rules to set.
    for (const id of POLICY_FIELDS) expect(screen.queryByTestId(id)).toBeNull();
    await user.selectOptions(screen.getByTestId('ruleset'), 'lightseekers-competitive');
    for (const id of POLICY_FIELDS) expect(screen.queryByTestId(id)).toBeNull();

    await user.selectOptions(screen.getByTestId('ruleset'), 'mstr-2022');
    for (const id of POLICY_FIELDS) expect(screen.getByTestId(id)).toBeTruthy();
    // Empty: the document's rules, said with the number each stands for.
    const odd = screen.getByTestId('setting-oddCounts') as HTMLSelectElement;
    expect(odd.value).toBe('');
    expect(odd.options[0]?.textContent).toBe('As the rules say: smaller pods at the bottom (MSTR 10.4A)');
    expect([...odd.options].map((o) => o.textContent)).toContain('House rule: pods of 5');
    expect((screen.getByTestId('setting-winPoints') as HTMLInputElement).placeholder).toBe('5');
    expect(screen.getByTestId('setting-winPoints').parentElement?.textContent).toContain('Empty: 5 (MSTR App. C: 4 + 1)');
    expect((screen.getByTestId('setting-drawPoints') as HTMLInputElement).placeholder).toBe('1');
    expect(screen.queryByTestId('house-rules')).toBeNull();

    // At Competitive REL the MSTR's own way is byes.
    await user.selectOptions(screen.getByTestId('setting-rel'), 'competitive');
    expect((screen.getByTestId('setting-oddCounts') as HTMLSelectElement).options[0]?.textContent).toBe('As the rules say: byes, to the fewest byes so far, then the lowest-ranked (MSTR 10.4A)');
    await user.selectOptions(screen.getByTestId('setting-rel'), 'regular');

    await user.selectOptions(odd, 'larger-pods');
    await user.type(screen.getByTestId('setting-winPoints'), '4');
    // A bye left empty is worth the organiser's win.
    expect((screen.getByTestId('setting-byePoints') as HTMLInputElement).placeholder).toBe('4');
    await user.type(screen.getByTestId('setting-byePoints'), '3');
    expect(screen.getByTestId('house-rules').textContent).toBe('House rules: pods of 5 for odd counts; 4 points a win, 1 a draw, bye 3');

    // A number out of range is said so, and not taken.
    await user.type(screen.getByTestId('setting-drawPoints'), 'x');
    expect(screen.getByTestId('setting-drawPoints').getAttribute('aria-invalid')).toBe('true');
    await user.clear(screen.getByTestId('setting-drawPoints'));

    await user.click(screen.getByTestId('create-event'));
    await screen.findByText('Register a player');
    const state = (await host.connection.api.snapshot()).state;
    expect(state?.ruleset).toBe('mstr-2022');
    expect(state?.settings).toMatchObject({ oddCounts: 'larger-pods', winPoints: 4, byePoints: 3 });
    expect(state?.settings.drawPoints).toBeUndefined();
  });

  it('mamtr-2024 offers them too, with its own numbers (2n − 1)', async () => {
    const user = userEvent.setup();
    render(<App connection={host.connection} view="station" />);
    await user.type(await screen.findByTestId('event-name'), 'Commander League');
    await user.selectOptions(screen.getByTestId('ruleset'), 'mamtr-2024');
    expect((screen.getByTestId('setting-winPoints') as HTMLInputElement).placeholder).toBe('7');
    await user.selectOptions(screen.getByTestId('setting-podSize'), '5');
    expect((screen.getByTestId('setting-winPoints') as HTMLInputElement).placeholder).toBe('9');
    expect([...(screen.getByTestId('setting-oddCounts') as HTMLSelectElement).options].map((o) => o.textContent)).toContain('House rule: pods of 6');
    await user.selectOptions(screen.getByTestId('setting-oddCounts'), 'byes');
    expect(screen.getByTestId('house-rules').textContent).toBe('House rules: byes for odd counts');
  });
});

describe("the station's standings breakdown", () => {
  afterEach(() => cleanup());

  function houseEvent(): EventState {
    let state = apply(undefined, {
      type: 'create-event',
      id: 'ev',
      name: 'Commander Night',
      ruleset: 'mamtr-2024',
      settings: { oddCounts: 'larger-pods', winPoints: 4, byePoints: 3 },
      seed: 1,
      createdAt: '2026-02-01T18:00:00.000Z',
    });
    const ids = ['a', 'b', 'c', 'd', 'e'];
    ids.forEach((id, i) => (state = apply(state, { type: 'register-player', player: { id, name: `Player ${id.toUpperCase()}` }, draw: i })));
    state = apply(state, { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ids }], byes: [], seed: 1 });
    return apply(state, { type: 'record-result', round: 1, table: 1, result: { winner: 'c' } });
  }

  it('says the house rules and works the points with them', () => {
    const state = houseEvent();
    const standing = getRuleset('mamtr-2024').standings(state)[0];
    if (!standing) throw new Error('no standings');
    render(<Breakdown state={state} standing={standing} nameOf={(id) => `Player ${id.toUpperCase()}`} onClose={() => undefined} />);
    expect(screen.getByTestId('house-rules').textContent).toBe('House rules: pods of 5 for odd counts; 4 points a win, 1 a draw, bye 3');
    expect(screen.getByTestId('breakdown').textContent).toContain('Points per win (PPW): 4 by house rules (MAMTR App. C for pods of 4: 2 × 4 − 1 = 7)');
    expect(screen.getByTestId('pod-mwp-formula').textContent).toContain('MWP = (4 − 0 × 3) / (1 × 4) = 1');
  });
});
