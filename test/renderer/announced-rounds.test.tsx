// @vitest-environment jsdom
/**
 * MTR 10.2 at the station: the number of Swiss rounds is announced before round 1 — fixed, or
 * variable with its criterion — on the new-event form or the Pairings screen's Rounds card, journaled
 * as a setting; once round 1 is paired the card says it cannot change (and why) and offers no control;
 * after the named round the criterion's outcome is said in words, the top bar shows it and the primary
 * button follows it ("Pair round 5" or "Cut to the playoff").
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Command } from '../../core/event/commands.js';
import type { VariableRounds } from '../../core/model/types.js';
import { App } from '../../renderer/App.js';
import { useStation } from '../../renderer/store/station.js';
import { startRendererHost, type RendererHost } from '../support/renderer-host.js';
import { Builder, resetStore, seatOneWins } from './event-builders.js';

let host: RendererHost;
let b: Builder;

const FIVE_UNLESS: VariableRounds = { afterRound: 4, compare: 'exactly', players: 1, matchWins: 4, then: 'stop' };

beforeEach(async () => {
  resetStore('pairings');
  host = await startRendererHost();
  b = new Builder(host);
});

afterEach(async () => {
  cleanup();
  await host.close();
});

async function journal(): Promise<Command[]> {
  const answer = await host.connection.api.query({ kind: 'journal' });
  return answer.kind === 'journal' ? answer.entries.map((e) => e.command) : [];
}

async function playRounds(n: number): Promise<void> {
  for (let r = 0; r < n; r++) {
    await b.pairSwiss();
    await b.finishRound(seatOneWins);
  }
}

describe('announcing the rounds before round 1', () => {
  it('the new-event form announces a variable number with its criterion', async () => {
    resetStore('players');
    const user = userEvent.setup();
    render(<App connection={host.connection} view="station" />);
    await user.type(await screen.findByTestId('event-name'), 'Saturday Open');
    await user.type(screen.getByTestId('swiss-rounds'), '5');
    await user.click(screen.getByTestId('variable-rounds'));
    // The MTR's own example, shaped for 5 rounds.
    const criterion = screen.getByTestId('criterion');
    expect((within(criterion).getByTestId('criterion-afterRound') as HTMLInputElement).value).toBe('4');
    await user.click(screen.getByRole('button', { name: /Create/ }));
    await waitFor(() => expect(useStation.getState().snapshot?.state?.settings).toMatchObject({ swissRounds: 5, variableRounds: FIVE_UNLESS }));
  });

  it('the Rounds card announces and journals it; once round 1 is paired it shows what was announced and cannot change', async () => {
    await b.create('mtr', 16);
    const user = userEvent.setup();
    render(<App connection={host.connection} view="station" />);
    useStation.getState().setScreen('pairings');
    const card = await screen.findByTestId('rounds-card');
    await user.type(within(card).getByTestId('rounds-number'), '5');
    await user.click(within(card).getByTestId('rounds-variable'));
    // A criterion that does not hold together is said before anything is sent.
    await user.clear(within(card).getByTestId('criterion-afterRound'));
    await user.type(within(card).getByTestId('criterion-afterRound'), '5');
    expect(within(card).getByTestId('rounds-problem').textContent).toBe('The criterion ends the Swiss after round 5, which must come before the announced 5 rounds.');
    expect((within(card).getByTestId('rounds-announce') as HTMLButtonElement).disabled).toBe(true);
    await user.clear(within(card).getByTestId('criterion-afterRound'));
    await user.type(within(card).getByTestId('criterion-afterRound'), '4');
    expect(within(card).getByTestId('rounds-words').textContent).toBe(
      '5 Swiss rounds, unless exactly 1 player has 4 match wins or more after round 4: then the Swiss ends after round 4.',
    );
    await user.click(within(card).getByTestId('rounds-announce'));
    await waitFor(async () => expect((await journal()).pop()).toEqual({ type: 'set-settings', settings: { swissRounds: 5, variableRounds: FIVE_UNLESS } }));

    await b.pairSwiss();
    const locked = await screen.findByTestId('rounds-locked');
    expect(locked.textContent).toBe('The number cannot change now that round 1 has begun (MTR 10.2: once announced, it cannot be changed).');
    const after = screen.getByTestId('rounds-card');
    expect(within(after).queryByRole('textbox')).toBeNull();
    expect(within(after).queryByRole('button')).toBeNull();
    expect(within(after).getByTestId('rounds-announced').textContent).toContain(
      'Swiss rounds: 5 Swiss rounds, unless exactly 1 player has 4 match wins or more after round 4: then the Swiss ends after round 4 (announced before round 1).',
    );
    expect(within(after).getByTestId('rounds-pending').textContent).toBe('The criterion is read once round 4 has every result.');
  });
});

describe('the criterion, evaluated and said (MTR 10.2: "five rounds unless only one player has four match wins after four rounds")', () => {
  it('16 players: one has four wins after round 4 — the Swiss ends, the button cuts to the playoff', async () => {
    await b.create('mtr', 16, { swissRounds: 5, variableRounds: FIVE_UNLESS });
    await playRounds(4);
    render(<App connection={host.connection} view="station" />);
    useStation.getState().setScreen('pairings');
    expect((await screen.findByTestId('primary-action')).textContent).toBe('Cut to the playoff');
    const decision = screen.getByTestId('rounds-decision');
    expect(decision.textContent).toBe(' · 4 Swiss rounds (MTR 10.2)');
    expect(decision.title).toBe('After round 4, 1 player has 4 match wins or more (exactly 1, as announced): the Swiss ends after round 4 (MTR 10.2).');
    expect((await screen.findByTestId('rounds-decided')).textContent).toBe(decision.title);
    expect(screen.getByTestId('pair-next').textContent).toBe('Pair round 5 (extra round)');
  });

  it('24 players: more than one has four wins — round 5 is played, and the button says so', async () => {
    await b.create('mtr', 24, { swissRounds: 5, variableRounds: FIVE_UNLESS });
    await playRounds(4);
    render(<App connection={host.connection} view="station" />);
    useStation.getState().setScreen('pairings');
    expect((await screen.findByTestId('primary-action')).textContent).toBe('Pair round 5');
    expect(screen.getByTestId('rounds-decision').textContent).toBe(' · 5 Swiss rounds (MTR 10.2)');
    expect((await screen.findByTestId('rounds-decided')).textContent).toMatch(/^After round 4, \d+ players have 4 match wins or more \(not exactly 1\): all 5 Swiss rounds are played \(MTR 10\.2\)\.$/);
  });
});
