// @vitest-environment jsdom
/**
 * A disqualified player on the projector's standings (RULES 4): the final standings the hall reads
 * mark them "DQ", with the words the station's standings use for it, and nobody else; the station's
 * final standings mark them the same way. A dropped player is struck through with the round, as the
 * printed standings do (core/documents/standings.ts standingMark).
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EventState } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { App } from '../../renderer/App.js';
import { useStation } from '../../renderer/store/station.js';
import type { RendererHost } from '../support/renderer-host.js';
import { Builder, seatOneWins, stationPerTest } from './event-builders.js';

let host: RendererHost;
let b: Builder;
stationPerTest((h, builder) => {
  host = h;
  b = builder;
});

const nameOf = (state: EventState, id: string): string => state.players.find((p) => p.id === id)?.name ?? id;

/** 8 players, 3 Swiss rounds; the loser of round 3's table 2 disqualified, the last in the standings dropped; a top 4 played to its final. */
async function finishedEventWithDq(): Promise<{ state: EventState; dq: string; dropped: string }> {
  await b.create('mtr', 8, { rel: 'competitive' });
  for (let r = 0; r < 3; r++) {
    await b.pairSwiss();
    await b.finishRound(seatOneWins);
  }
  const table = (await b.state()).rounds[2]?.tables.find((t) => t.table === 2);
  const dq = table?.seats[1] as string;
  await b.run({ type: 'record-penalty', round: 3, table: 2, player: dq, infraction: 'Cheating', penalty: 'disqualification', judge: 'Ana Head Judge' });
  const last = getRuleset('mtr').standings(await b.state()).filter((s) => s.id !== dq);
  const dropped = last[last.length - 1]?.id as string;
  await b.run({ type: 'drop-player', id: dropped });
  const cut = await b.api.query({ kind: 'propose-playoff', top: 4 });
  if (cut.kind !== 'propose-playoff') throw new Error('no cut');
  await b.run({ type: 'start-playoff', top: 4, draft: false, seeds: cut.proposal.seeds });
  for (let r = 0; r < 2; r++) {
    const s = await b.state();
    const next = await b.api.query({ kind: 'next-playoff-round' });
    if (next.kind !== 'next-playoff-round' || !next.proposal) throw new Error('no playoff round');
    const tables = next.proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] }));
    await b.run({ type: 'pair-round', round: s.rounds.length + 1, stage: 'playoff', tables, byes: [], seed: next.proposal.seed });
    await b.finishRound(seatOneWins);
  }
  return { state: await b.state(), dq, dropped };
}

describe('the projector marks a disqualified player', () => {
  it('"DQ" beside their name in the final standings, with the station\'s words, and only theirs', { timeout: 30_000 }, async () => {
    const { state, dq, dropped } = await finishedEventWithDq();
    render(<App connection={host.connection} view="projector" />);
    const projector = await screen.findByTestId('projector');
    await waitFor(() => expect(projector.getAttribute('data-view')).toBe('final-standings'));
    const list = screen.getByTestId('projector-final-standings');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(8);
    const marked = within(list).getAllByTestId('projector-dq');
    expect(marked).toHaveLength(1);
    expect(marked[0]?.textContent).toBe('DQ');
    expect(marked[0]?.getAttribute('title')).toBe('Disqualified: keeps the record, paired no more');
    // On the disqualified player's own row, after the name.
    const row = marked[0]?.closest('li') as HTMLElement;
    expect(row.textContent).toContain(`${nameOf(state, dq)}DQ`);
    // Struck through, with the round, as the printed standings mark it; so is the player who dropped.
    expect(row.className).toContain('pj-dropped');
    expect(row.querySelector('.pj-entry-detail')?.textContent).toMatch(/^(.* · )?DQ — disqualified in round 3 · \d+ points? · /);
    const droppedRow = list.querySelector(`li[data-player="${dropped}"]`) as HTMLElement;
    expect(droppedRow.className).toContain('pj-dropped');
    expect(droppedRow.querySelector('.pj-entry-detail')?.textContent).toMatch(/^(.* · )?dropped after round 3 · \d+ points? · /);
    expect(within(droppedRow).queryByTestId('projector-dq')).toBeNull();
    expect(rows.filter((r) => r.className.includes('pj-dropped'))).toHaveLength(2);
    cleanup();

    // The station's standings say it with the same words.
    useStation.setState({ screen: 'standings' });
    render(<App connection={host.connection} view="station" />);
    const tags = await screen.findAllByTestId('dq-tag');
    expect(tags.map((t) => t.getAttribute('title'))).toContain(marked[0]?.getAttribute('title'));
  });

  it('no mark when nobody is disqualified', { timeout: 30_000 }, async () => {
    await b.create('mtr', 4, { rel: 'competitive' });
    for (let r = 0; r < 2; r++) {
      await b.pairSwiss();
      await b.finishRound(seatOneWins);
    }
    const cut = await b.api.query({ kind: 'propose-playoff', top: 2 });
    if (cut.kind !== 'propose-playoff') throw new Error('no cut');
    await b.run({ type: 'start-playoff', top: 2, draft: false, seeds: cut.proposal.seeds });
    const next = await b.api.query({ kind: 'next-playoff-round' });
    if (next.kind !== 'next-playoff-round' || !next.proposal) throw new Error('no playoff round');
    await b.run({ type: 'pair-round', round: 3, stage: 'playoff', tables: next.proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes: [], seed: next.proposal.seed });
    await b.finishRound(seatOneWins);
    render(<App connection={host.connection} view="projector" />);
    const list = await screen.findByTestId('projector-final-standings');
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(within(list).queryByTestId('projector-dq')).toBeNull();
  });
});
