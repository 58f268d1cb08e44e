// @vitest-environment jsdom
/**
 * The MTR playoff at the station as the floor found it, against the real in-process
 * host: a drop after the cut asks first (UX.md) and offers no Reinstate after it (MTR 2.10); the
 * bracket's semifinals are the rule set's next round, not the matches the drop cancelled; the
 * Pairings and Playoffs screens say the same about where playoff results go; "Post final
 * standings" posts them (players' phones and the site), then offers to print them.
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventState } from '../../core/model/types.js';
import { App } from '../../renderer/App.js';
import { useStation } from '../../renderer/store/station.js';
import { startRendererHost, type RendererHost } from '../support/renderer-host.js';
import { Builder, resetStore, seatOneWins } from './event-builders.js';

let host: RendererHost;
let b: Builder;

beforeEach(async () => {
  resetStore('players');
  host = await startRendererHost();
  b = new Builder(host);
});

afterEach(async () => {
  cleanup();
  await host.close();
});

/** 9 players, 3 Swiss rounds, the top 8 cut and its quarterfinals (seat 1 wins each). */
async function quarterfinalsPlayed(): Promise<EventState> {
  await b.create('mtr', 9);
  for (let round = 0; round < 3; round++) {
    await b.pairSwiss();
    await b.finishRound(seatOneWins);
  }
  const answer = await b.api.query({ kind: 'propose-playoff', top: 8, seed: 3 });
  if (answer.kind !== 'propose-playoff') throw new Error('no cut');
  await b.run({ type: 'start-playoff', top: 8, draft: false, seeds: [...answer.proposal.seeds] });
  await b.run({ type: 'pair-round', round: 4, stage: 'playoff', tables: answer.proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes: [], seed: 3 });
  return b.finishRound(seatOneWins);
}

const nameOf = (state: EventState, id: string): string => state.players.find((p) => p.id === id)?.name ?? id;

describe('a drop after the cut (MTR 2.10)', () => {
  it('asks first, offers no Reinstate, and the bracket pairs the semifinal without the player', async () => {
    const user = userEvent.setup();
    const state = await quarterfinalsPlayed();
    const seed = (k: number): string => state.playoff!.seeds[k - 1]!;
    const who = nameOf(state, seed(3));
    render(<App connection={host.connection} view="station" />);

    await user.click(await screen.findByRole('button', { name: `Drop ${who} (${seed(3)})` }));
    const dialog = await screen.findByTestId('confirm-dialog');
    // The name isolated from the words around it (a right-to-left name reads right).
    expect(within(dialog).getByRole('heading').textContent).toBe(`Drop \u2068${who}\u2069 after the cut?`);
    expect(dialog.textContent).toContain('is still in the playoff (seed 3)');
    expect(dialog.textContent).toContain('cannot be reinstated (MTR 2.10)');
    // Cancel leaves the player in.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect((await b.state()).players.find((p) => p.id === seed(3))?.droppedAfterRound).toBeUndefined();

    await user.click(screen.getByRole('button', { name: `Drop ${who} (${seed(3)})` }));
    await user.click(within(await screen.findByRole('dialog')).getByTestId('confirm'));
    await waitFor(async () => expect((await b.state()).players.find((p) => p.id === seed(3))?.droppedAfterRound).toBe(4));
    const row = screen.getByTestId(`player-${seed(3)}`);
    await waitFor(() => expect(within(row).getByTestId('no-reinstating').textContent).toBe('no reinstating after the cut'));
    expect(within(row).queryByRole('button', { name: /Reinstate/ })).toBeNull();

    // The bracket: the semifinals are the bye for seed 1 and 2 v 4 — the proposal's — not 1 v 4 and 2 v 3.
    useStation.getState().setScreen('playoffs');
    const semis = within(await screen.findByTestId('bracket-round-2'));
    expect(semis.getByTestId('match-2-1').textContent).toContain(`Seed 1 — ${nameOf(state, seed(1))}`);
    expect(semis.getByTestId('match-2-1').textContent).toContain('bye (MTR 2.10)');
    expect(semis.getByTestId('match-2-2').textContent).toContain(`Seed 2 — ${nameOf(state, seed(2))}Seed 4 — ${nameOf(state, seed(4))}`);
    expect(screen.getByTestId('bracket-round-2').textContent).not.toContain(`Seed 3 — ${who}`);
    // The quarterfinal the dropped player won says so, and sends nobody on.
    expect(screen.getByTestId('bracket-round-1').textContent).toContain('dropped after round 4: won, not replaced (MTR 2.10)');
  });
});

describe('where playoff results are entered, and the final standings', () => {
  it('both screens say results go on the Results screen; results offer no draw; Post final standings posts them', async () => {
    const user = userEvent.setup();
    let state = await quarterfinalsPlayed();
    render(<App connection={host.connection} view="station" />);
    useStation.getState().setScreen('playoffs');
    const where = 'Playoff rounds are paired on the Playoffs screen; their results are entered on the Results screen, like every round’s.';
    expect((await screen.findByTestId('playoff-work-places')).textContent).toBe(where);

    // Semifinals, then the final, published from the Playoffs screen.
    for (const round of [5, 6]) {
      await user.click(await screen.findByTestId('publish-playoff-round'));
      state = await (async () => {
        await waitFor(async () => expect((await b.state()).rounds).toHaveLength(round));
        return b.state();
      })();
      if (round === 5) {
        useStation.getState().setScreen('pairings');
        await waitFor(() => expect(screen.getByTestId('playoff-work-places').textContent).toBe(`${where} Shown here read-only.`));
        // The Results screen's quick results for a playoff match name a winner.
        useStation.getState().setScreen('results');
        const box = await screen.findByTestId('table-box');
        await user.type(box, '1{Enter}');
        await screen.findByRole('button', { name: '2-1' });
        expect(screen.queryByRole('button', { name: '1-1-1' })).toBeNull();
        expect(screen.queryByRole('button', { name: 'ID' })).toBeNull();
        useStation.getState().setScreen('playoffs');
      }
      await b.finishRound(seatOneWins);
    }

    const primary = screen.getByTestId('primary-action');
    await waitFor(() => expect(primary.textContent).toBe('Post final standings'));
    await user.click(primary);
    await waitFor(async () => expect((await b.state()).publishedStandings).toBe(6));
    expect(useStation.getState().screen).toBe('playoffs');
    await waitFor(() => expect(screen.getByTestId('final-posted').textContent).toContain('Posted: players’ phones and the published site show these final standings.'));
    await waitFor(() => expect(primary.textContent).toBe('Print final standings'));
  });
});
