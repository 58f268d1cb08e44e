// @vitest-environment jsdom
/**
 * The penalty form's infraction type-ahead: what is recorded is the name the judge
 * took from the list — by Tab, Enter or a click — never the letters typed before it ("Tardi"); Esc
 * keeps the judge's own words. The names offered are the rule set's: the Infraction Procedure
 * Guide's for a Magic event, none for Lightseekers (its documents name no infractions), plus those
 * already recorded at the event.
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RulesetId } from '../../core/model/types.js';
import { typeAheadMatches } from '../../renderer/components/TypeAhead.js';
import { App } from '../../renderer/App.js';
import { useStation } from '../../renderer/store/station.js';
import type { RendererHost } from '../support/renderer-host.js';
import { Builder, stationPerTest } from './event-builders.js';

let host: RendererHost;
let b: Builder;
stationPerTest((h, builder) => {
  host = h;
  b = builder;
});

async function penaltyFormOnTable1(ruleset: RulesetId, players: number) {
  await b.create(ruleset, players);
  await b.pairSwiss();
  useStation.setState({ screen: 'results' });
  const user = userEvent.setup();
  render(<App connection={host.connection} view="station" />);
  await user.type(await screen.findByTestId('table-box'), '1');
  await user.click(screen.getByTestId('penalty-open'));
  await user.click(within(screen.getByTestId('penalty-candidates')).getAllByRole('radio')[0] as HTMLElement);
  await user.type(screen.getByTestId('penalty-judge'), 'Kim Lee');
  return user;
}

const infraction = (): HTMLInputElement => screen.getByTestId('penalty-infraction') as HTMLInputElement;
const penalties = async () => (await b.state()).penalties ?? [];

describe('the infraction type-ahead', () => {
  it('Tab takes the name listed first, and that name is recorded', async () => {
    const user = await penaltyFormOnTable1('mtr', 8);
    await user.click(infraction());
    await user.keyboard('Tardi');
    expect(within(screen.getByTestId('penalty-infraction-suggestions')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Tardiness']);
    await user.keyboard('{Tab}');
    expect(infraction().value).toBe('Tardiness');
    // Tab moved on, as it does.
    expect(document.activeElement).toBe(screen.getByTestId('penalty-kind'));
    await user.click(screen.getByTestId('penalty-record'));
    await waitFor(async () => expect((await penalties()).map((p) => p.infraction)).toEqual(['Tardiness']));
  });

  it('Enter takes the marked name (↓ marks the next) and a second Enter records; a click takes any', async () => {
    const user = await penaltyFormOnTable1('mtr', 8);
    await user.click(infraction());
    await user.keyboard('unsporting');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(infraction().value).toBe('Unsporting Conduct — Minor');
    expect(await penalties()).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(async () => expect((await penalties()).map((p) => p.infraction)).toEqual(['Unsporting Conduct — Minor']));

    await user.click(screen.getByTestId('penalty-player'));
    await user.keyboard('1');
    await user.click(within(screen.getByTestId('penalty-candidates')).getAllByRole('radio')[1] as HTMLElement);
    await user.click(infraction());
    await user.keyboard('slow');
    await user.click(within(screen.getByTestId('penalty-infraction-suggestions')).getByRole('option', { name: 'Slow Play' }));
    expect(infraction().value).toBe('Slow Play');
  });

  it('Esc keeps the judge’s own words', async () => {
    const user = await penaltyFormOnTable1('mtr', 8);
    await user.click(infraction());
    await user.keyboard('Cheat');
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('penalty-infraction-suggestions')).toBeNull();
    await user.keyboard('{Enter}');
    await waitFor(async () => expect((await penalties()).map((p) => p.infraction)).toEqual(['Cheat']));
  });

  it('a Lightseekers event offers no Magic infraction, only what was recorded before', async () => {
    const user = await penaltyFormOnTable1('lightseekers-competitive', 8);
    await user.click(infraction());
    await user.keyboard('tard');
    expect(screen.queryByTestId('penalty-infraction-suggestions')).toBeNull();
    expect(infraction().placeholder).toBe('what happened, in your words');
    await user.keyboard('y hero placement{Enter}');
    await waitFor(async () => expect((await penalties()).map((p) => p.infraction)).toEqual(['tardy hero placement']));
    await user.click(screen.getByTestId('penalty-player'));
    await user.keyboard('1');
    await user.click(within(screen.getByTestId('penalty-candidates')).getAllByRole('radio')[1] as HTMLElement);
    await user.click(infraction());
    await user.keyboard('tardy');
    expect(within(screen.getByTestId('penalty-infraction-suggestions')).getAllByRole('option').map((o) => o.textContent)).toEqual(['tardy hero placement']);
  });
});

describe('typeAheadMatches', () => {
  it('lists names holding the text, those starting with it first; nothing once a name is typed in full', () => {
    const names = ['Slow Play', 'Game Play Error', 'Game Play Error — Missed Trigger', 'Tardiness'];
    expect(typeAheadMatches(names, 'play')).toEqual(['Slow Play', 'Game Play Error', 'Game Play Error — Missed Trigger']);
    expect(typeAheadMatches(names, 'game')).toEqual(['Game Play Error', 'Game Play Error — Missed Trigger']);
    expect(typeAheadMatches(names, 'game play error')).toEqual([]);
    expect(typeAheadMatches(names, 'TARDÍ')).toEqual(['Tardiness']);
    expect(typeAheadMatches(names, '  ')).toEqual([]);
  });
});
