// @vitest-environment jsdom
/**
 * The cut screen's words: the recommended cut says why (the rules' row for the count
 * registered now, late entries included); a team event says teams; the booster-draft top 8 is
 * offered only where the players drafted.
 */
import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

function showPlayoffs(): void {
  useStation.setState({ screen: 'playoffs' });
  render(<App connection={host.connection} view="station" />);
}

describe('the cut screen', () => {
  it('MAMTR with 41 registered: top 16, and why it is not the top 13 of 40', async () => {
    await b.create('mamtr-2024', 41);
    showPlayoffs();
    const why = await screen.findByTestId('cut-recommended');
    // MAMTR App. E: 41 players make 3 smaller pods a round, each an invisible player: read as 44.
    expect(why.textContent).toBe(
      'Recommended: top 16, the rules’ row for 44 players. 41 players in pods of 4 make 8 pods of 4 and 3 pods of 3 a round: 3 smaller pods, each counting one invisible player (App. E). Read as 44 players. The recommendation follows the 41 players registered now, late entries included, so it can differ from the one made when the event was created.',
    );
    expect(screen.getByRole('radio', { name: /Top 16/ }).closest('label')?.textContent).toContain('(recommended)');
  });

  it('a team event speaks of teams', async () => {
    await b.api.createEvent({ name: 'Team Open', ruleset: 'mtr', settings: { teamSize: 2 }, seed: 7 });
    for (let i = 0; i < 12; i++)
      await b.run({ type: 'register-player', player: { id: `t${String(i + 1).padStart(2, '0')}`, name: `Team ${i + 1}`, members: [{ seat: 'A', name: `A${i} Person` }, { seat: 'B', name: `B${i} Person` }] }, draw: i + 1 });
    showPlayoffs();
    expect((await screen.findByTestId('cut-plan')).textContent).toMatch(/12 teams have not dropped\.$/);
    expect(screen.getByTestId('cut-recommended').textContent).toMatch(/^Recommended: top \d, the rules’ row for 12 teams\. .*The recommendation follows the 12 teams registered now/);
  });

  it('sealed: no booster-draft top 8; draft: offered', async () => {
    await b.create('mtr', 9, { format: 'sealed' });
    showPlayoffs();
    await screen.findByTestId('cut-planner');
    expect(screen.queryByTestId('draft-top8')).toBeNull();
  });

  it('draft: the booster-draft top 8 is offered', async () => {
    await b.create('mtr', 9, { format: 'draft' });
    showPlayoffs();
    expect(await screen.findByTestId('draft-top8')).toBeTruthy();
  });
});
