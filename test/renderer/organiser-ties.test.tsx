// @vitest-environment jsdom
/**
 * The Standings screen's control for a tie the organiser decides (RULES 3: "a tie 'the
 * organiser decides' has no control to decide it"): each undecided tie listed, its players moved,
 * the order recorded with how it was decided (journaled), and the standings following it.
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../renderer/App.js';
import { useStation } from '../../renderer/store/station.js';
import type { RendererHost } from '../support/renderer-host.js';
import { Builder, lightseekersSeatOrder, seatOneWins, stationPerTest } from './event-builders.js';

let host: RendererHost;
let b: Builder;
stationPerTest((h, builder) => {
  host = h;
  b = builder;
});

describe('ties the organiser decides', () => {
  it('records the organiser’s order for a Lightseekers tie; the standings follow it', async () => {
    const user = userEvent.setup();
    await b.create('lightseekers-competitive', 8);
    await b.pairSwiss();
    // The same result by seat at both tables: the two winners are equal on every criterion.
    const state = await b.finishRound(lightseekersSeatOrder);
    const winners = state.rounds[0]!.tables.map((t) => t.seats[0]!);
    useStation.setState({ screen: 'standings' });
    render(<App connection={host.connection} view="station" />);
    const panel = await screen.findByTestId('organiser-ties');
    await user.click(within(panel).getByText(/ties the organiser decides/));
    const tie = within(panel).getAllByTestId('organiser-tie')[0]!;
    const shown = within(tie).getAllByRole('listitem').map((li) => li.getAttribute('data-player'));
    expect([...shown].sort()).toEqual([...winners].sort());
    // The second goes first, by a tiebreaker game.
    const second = state.players.find((p) => p.id === shown[1])!.name;
    await user.click(within(tie).getByRole('button', { name: `Move ${second} up` }));
    await user.click(within(tie).getByTestId('tie-record'));
    expect(within(tie).getByRole('alert').textContent).toMatch(/^Say how the tie was decided/);
    await user.type(within(tie).getByTestId('tie-reason'), `tiebreaker game won by ${second}`);
    await user.click(within(tie).getByTestId('tie-record'));
    await waitFor(async () => expect((await b.state()).tieDecisions).toEqual([{ players: [shown[1], shown[0]], reason: `tiebreaker game won by ${second}`, afterRound: 1 }]));
    const table = screen.getByTestId('standings-table');
    await waitFor(() => expect(table.querySelector('tbody tr')?.getAttribute('data-player')).toBe(shown[1]));
    expect(within(table.querySelector('tbody tr') as HTMLElement).getByTestId('tie-decided').textContent).toBe('tie — decided by the organiser');
    // The tie is no longer listed as undecided.
    await waitFor(() => expect(within(screen.getByTestId('organiser-ties')).getAllByTestId('organiser-tie').some((t) => t.textContent?.includes(second))).toBe(false));
  });

  it('a Magic event has no such ties: no panel', async () => {
    await b.create('mtr', 8);
    await b.pairSwiss();
    await b.finishRound(seatOneWins);
    useStation.setState({ screen: 'standings' });
    render(<App connection={host.connection} view="station" />);
    await screen.findByTestId('standings-table');
    expect(screen.queryByTestId('organiser-ties')).toBeNull();
  });
});
