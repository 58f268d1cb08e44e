// @vitest-environment jsdom
/**
 * The round loop as a WER scorekeeper expects it, against a real in-process host: the
 * top bar's "Pair round N" opens the proposal with its check in one step and the proposal survives
 * switching screens; the round pack prints in one click; a drop tick and a no-show key at result
 * entry; fixing tables while the results entered stand; buttons that cannot act say why; an
 * amendment of an earlier round says what was paired on the old result; a draft of nine is one pod;
 * "Post final standings" shows the champion and final standings, on the projector too.
 */
import 'fake-indexeddb/auto';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Command, SettingsPatch } from '../../core/event/commands.js';
import type { EventState, RulesetId, Table } from '../../core/model/types.js';
import { App } from '../../renderer/App.js';
import { useStation } from '../../renderer/store/station.js';
import { resetStation, startRendererHost, type RendererHost } from '../support/renderer-host.js';
import { Builder, NAMES, seatOneWins } from './event-builders.js';

let host: RendererHost;
let build: Builder;

beforeEach(async () => {
  resetStation('players');
  host = await startRendererHost();
  build = new Builder(host);
});

afterEach(async () => {
  cleanup();
  await host.close();
});

async function create(ruleset: RulesetId, players: number, settings: SettingsPatch = {}): Promise<void> {
  await build.create(ruleset, players, settings);
}

async function journal(): Promise<Command[]> {
  const answer = await host.connection.api.query({ kind: 'journal' });
  return answer.kind === 'journal' ? answer.entries.map((e) => e.command) : [];
}

function renderStation(): void {
  render(<App connection={host.connection} view="station" />);
}

const nameOf = (s: EventState, id: string): string => s.players.find((p) => p.id === id)?.name ?? id;

async function tab(user: ReturnType<typeof userEvent.setup>, name: string): Promise<void> {
  await user.click(within(screen.getByRole('navigation', { name: 'Screens' })).getByRole('button', { name }));
}

/** Type a table number, Enter, then `text`, Enter — as at a WER desk. */
async function enter(user: ReturnType<typeof userEvent.setup>, table: number, text: string): Promise<void> {
  const box = await screen.findByTestId('table-box');
  await user.click(box);
  await user.clear(box);
  await user.type(box, `${table}{Enter}`);
  await waitFor(() => expect(document.activeElement?.hasAttribute('data-result-field')).toBe(true));
  await user.keyboard(`${text}{Enter}`);
}

describe('the top bar and the proposal', () => {
  it('"Pair round 1" opens the proposal with its pairing check in one step; it survives switching screens; publishing asks once', async () => {
    await create('mtr', 8);
    const user = userEvent.setup();
    renderStation();
    const primary = await screen.findByTestId('primary-action');
    await waitFor(() => expect(primary.textContent).toBe('Pair round 1'));
    await user.click(primary);
    // One step: the Pairings screen with the proposal and its check — no second "Pair round 1".
    const preview = await screen.findByTestId('pairing-preview');
    expect(within(preview).getByTestId('pairing-check')).toBeTruthy();
    expect(within(preview).getByTestId('seated-count').textContent).toBe('8 of 8 active players seated · 4 tables · no byes');
    const seats = within(preview).getAllByRole('region').length;
    const before = [...preview.querySelectorAll('[data-player]')].map((e) => e.getAttribute('data-player')).join();

    // Away and back: the same proposal, unpublished.
    await tab(user, 'Players');
    await waitFor(() => expect(screen.queryByTestId('pairing-preview')).toBeNull());
    await tab(user, 'Pairings');
    const again = await screen.findByTestId('pairing-preview');
    expect([...again.querySelectorAll('[data-player]')].map((e) => e.getAttribute('data-player')).join()).toBe(before);
    expect(within(again).getAllByRole('region')).toHaveLength(seats);
    // The top bar again keeps it rather than drawing a new one.
    await user.click(screen.getByTestId('primary-action'));
    expect([...(await screen.findByTestId('pairing-preview')).querySelectorAll('[data-player]')].map((e) => e.getAttribute('data-player')).join()).toBe(before);
    expect((await build.state()).rounds).toHaveLength(0);

    // Publishing keeps its one confirmation.
    await user.click(screen.getByTestId('publish'));
    const dialog = await screen.findByTestId('confirm-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Publish round 1' }));
    await screen.findByTestId('published-round');
    expect((await build.state()).rounds).toHaveLength(1);
    expect(useStation.getState().pairingProposal).toBeNull();
    // The round pack is the print the floor needs now: the primary print button.
    const pack = document.querySelector('[data-print="round-pack"]') as HTMLButtonElement;
    expect(pack.textContent).toBe('Print round pack');
    expect(pack.className).toContain('primary');
  });

  it('the round pack prints pairings by name and match slips as one PDF in one click', { timeout: 30_000 }, async () => {
    await create('mtr', 8);
    await build.pairSwiss();
    const user = userEvent.setup();
    let pdf: { doc: string; pages: number } | null = null;
    const real = host.connection.api.print.bind(host.connection.api);
    host.connection.api.print = async (request) => {
      const result = await real(request);
      pdf = { doc: request.doc, pages: result.pages };
      return result;
    };
    useStation.setState({ screen: 'pairings' });
    renderStation();
    const created: string[] = [];
    const createUrl = URL.createObjectURL;
    URL.createObjectURL = () => {
      created.push('pdf');
      return 'blob:pdf';
    };
    try {
      await user.click(await screen.findByRole('button', { name: 'Print round pack' }));
      // The PDF is rendered in the host's print worker: give it time on a busy machine.
      await waitFor(() => expect(pdf).not.toBeNull(), { timeout: 20_000 });
      expect(pdf).toMatchObject({ doc: 'round-pack' });
      // Board (1 page) + slips (4 tables, 4 a page: 1 page).
      expect(pdf!.pages).toBe(2);
      await waitFor(() => expect(created).toHaveLength(1), { timeout: 5000 });
    } finally {
      URL.createObjectURL = createUrl;
    }
  });
});

describe('result entry: the drop box and no-shows (MTR 2.10)', () => {
  it('a drop tick is recorded with the result, in the same journal entry', async () => {
    await create('mtr', 8);
    const s = await build.pairSwiss();
    const table = s.rounds[0]?.tables[0] as Table;
    const user = userEvent.setup();
    useStation.setState({ screen: 'results' });
    renderStation();
    const box = await screen.findByTestId('table-box');
    await user.type(box, `${table.table}{Enter}`);
    await user.click(await screen.findByTestId('drop-2'));
    const field = document.querySelector<HTMLInputElement>('[data-result-field]') as HTMLInputElement;
    await user.click(field);
    await user.keyboard('2-0{Enter}');
    await waitFor(async () => expect((await journal()).at(-1)).toMatchObject({ type: 'record-result', table: table.table, result: { games: [2, 0, 0] }, drop: [table.seats[1]] }));
    const after = await build.state();
    expect(after.players.find((p) => p.id === table.seats[1])?.droppedAfterRound).toBe(1);
  });

  it('one key gives a no-show the match loss; dropped from the next round unless they report in before it', async () => {
    await create('mtr', 8);
    const s = await build.pairSwiss();
    const table = s.rounds[0]?.tables[1] as Table;
    const absent = table.seats[1] as string;
    const user = userEvent.setup();
    useStation.setState({ screen: 'results' });
    renderStation();
    await enter(user, table.table, 'n2');
    await waitFor(async () => expect((await journal()).at(-1)).toMatchObject({ type: 'record-result', table: table.table, result: { games: [2, 0, 0] }, noShow: [absent] }));
    let now = await build.state();
    expect(now.players.find((p) => p.id === absent)?.droppedAfterRound).toBe(1);
    await waitFor(() => expect(screen.getByRole('row', { name: new RegExp(`no-show: \\u2068${nameOf(now, absent)}\\u2069`) })).toBeTruthy());

    // The rest of the round, then the Pairings screen lists the no-show with "Reported in".
    await build.finishRound(seatOneWins);
    await tab(user, 'Pairings');
    const notice = await screen.findByTestId('no-shows');
    expect(notice.textContent).toContain('dropped from round 2 unless they report to the scorekeeper before it is paired (MTR 2.10)');
    expect(notice.textContent).toContain(nameOf(now, absent));
    await user.click(within(notice).getByTestId(`report-in-${absent}`));
    await waitFor(async () => expect((await journal()).at(-1)).toEqual({ type: 'report-in', id: absent }));
    now = await build.state();
    expect(now.players.find((p) => p.id === absent)?.droppedAfterRound).toBeUndefined();
    await waitFor(() => expect(screen.queryByTestId('no-shows')).toBeNull());
    // The loss stands.
    expect(now.rounds[0]?.tables.find((t) => t.table === table.table)?.result).toEqual({ games: [2, 0, 0] });
  });

  it('pods: the no-show key makes a loss in that pod, excluded from a draw', async () => {
    await create('mamtr-2024', 8);
    const s = await build.pairSwiss();
    const table = s.rounds[0]?.tables[0] as Table;
    const user = userEvent.setup();
    useStation.setState({ screen: 'results' });
    renderStation();
    await enter(user, table.table, 'd n4');
    await waitFor(async () =>
      expect((await journal()).at(-1)).toMatchObject({ type: 'record-result', result: { draw: true, excluded: [table.seats[3]] }, noShow: [table.seats[3]] }),
    );
  });

  it('amending a result of an earlier round says which later rounds were paired on the old result', async () => {
    await create('mtr', 8);
    await build.pairSwiss();
    await build.finishRound(seatOneWins);
    await build.pairSwiss();
    await build.finishRound(seatOneWins);
    await build.pairSwiss();
    const user = userEvent.setup();
    useStation.setState({ screen: 'results' });
    renderStation();
    await user.click(await screen.findByRole('button', { name: 'R1' }));
    await user.click(screen.getByRole('button', { name: 'Amend Round 1 table 2' }));
    expect((await screen.findByTestId('paired-on-old-result')).textContent).toBe(
      'Rounds 2 and 3 were paired on the old result and stand as published; standings recompute.',
    );
    await user.keyboard('1-2');
    await user.type(screen.getByLabelText(/Reason for the change/), 'Slip filled in the wrong way round{Enter}');
    await waitFor(() => expect(document.body.textContent).toContain('Rounds 2 and 3 were paired on the old result'));
  });
});

describe('fixing tables without touching the round', () => {
  it('after results: re-pair is disabled with the reason beside it; the tables without results are re-paired with a reason, results standing', async () => {
    await create('mtr', 8);
    await build.pairSwiss();
    await build.finishRound(seatOneWins);
    const s = await build.pairSwiss();
    const done = s.rounds[1]?.tables[0] as Table;
    await build.run({ type: 'record-result', round: 2, table: done.table, result: { games: [2, 1, 0] } });
    const user = userEvent.setup();
    useStation.setState({ screen: 'pairings' });
    renderStation();
    const repair = (await screen.findByTestId('repair')) as HTMLButtonElement;
    expect(repair.disabled).toBe(true);
    expect(screen.getByTestId('repair-why').textContent).toContain('only its tables without a result can be re-paired');
    await user.click(screen.getByTestId('repair-open'));
    const preview = await screen.findByTestId('pairing-preview');
    expect(within(preview).getByRole('heading', { level: 2 }).textContent).toBe('Proposed pairing — round 2 (tables 2, 3, 4, re-paired)');
    // The pairing check runs on the round with the new tables: everyone seated once.
    expect(within(preview).getByTestId('seated-count').textContent).toBe('8 of 8 active players seated · 4 tables · no byes');
    // A reason is required.
    await user.click(within(preview).getByTestId('publish'));
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    await user.type(within(preview).getByTestId('fix-reason'), 'Table 3 seated a father and son (Head Judge)');
    await user.click(within(preview).getByTestId('publish'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Replace tables 2, 3, 4 of round 2?');
    await user.click(within(dialog).getByRole('button', { name: 'Replace these tables' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull(), { timeout: 5000 });
    expect((await journal()).at(-1)).toMatchObject({ type: 'fix-tables', round: 2, reason: 'Table 3 seated a father and son (Head Judge)' });
    const after = await build.state();
    expect(after.rounds[1]?.tables[0]).toEqual({ ...done, result: { games: [2, 1, 0] } });
    expect(after.rounds).toHaveLength(2);
  });

  it('a swap with every table decided is disabled, the reason beside it', async () => {
    await create('mtr', 4);
    await build.pairSwiss();
    await build.finishRound(seatOneWins);
    useStation.setState({ screen: 'pairings' });
    renderStation();
    const swap = (await screen.findByTestId('open-swap')) as HTMLButtonElement;
    expect(swap.disabled).toBe(true);
    expect(screen.getByTestId('swap-why').textContent).toBe('Swap: every table of round 1 has a result: nobody can be moved (amend results on the Results screen).');
  });
});

describe('booster draft and the end of the event', () => {
  it('nine players draft as one pod of 9 (MTR 7.6: a pod size, roughly equal pods)', async () => {
    await create('mtr', 9, { format: 'draft' });
    const user = userEvent.setup();
    useStation.setState({ screen: 'pairings' });
    renderStation();
    expect((await screen.findByTestId('draft-pod-plan')).textContent).toContain('9 active players → one pod of 9');
    await user.click(screen.getByTestId('seat-draft-pods'));
    await waitFor(async () => expect((await build.state()).players.every((p) => p.draftPod === 1)).toBe(true));
  });

  it('"Post final standings" shows the champion and the final standings; the projector shows them too', async () => {
    await create('mtr', 8);
    for (let r = 0; r < 3; r++) {
      await build.pairSwiss();
      await build.finishRound(seatOneWins);
    }
    const cut = await build.api.query({ kind: 'propose-playoff', top: 4 });
    if (cut.kind !== 'propose-playoff') throw new Error('no cut');
    await build.run({ type: 'start-playoff', top: 4, draft: false, seeds: cut.proposal.seeds });
    for (let r = 0; r < 2; r++) {
      const s = await build.state();
      const next = await build.api.query({ kind: 'next-playoff-round' });
      if (next.kind !== 'next-playoff-round' || !next.proposal) throw new Error('no round');
      await build.run({ type: 'pair-round', round: s.rounds.length + 1, stage: 'playoff', tables: next.proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes: [], seed: next.proposal.seed });
      await build.finishRound(seatOneWins);
    }
    const s = await build.state();
    const champion = s.rounds.at(-1)?.tables[0]?.seats[0] as string;
    const user = userEvent.setup();
    useStation.setState({ screen: 'players' });
    renderStation();
    const primary = await screen.findByTestId('primary-action');
    await waitFor(() => expect(primary.textContent).toBe('Post final standings'));
    await user.click(primary);
    const card = await screen.findByTestId('final-standings');
    expect(within(card).getByTestId('final-champion').textContent).toBe(`Champion: ${nameOf(s, champion)}`);
    const rows = within(card).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(8);
    expect(rows[0]?.textContent).toContain('Champion');
    expect(rows[1]?.textContent).toContain('Finalist');
    cleanup();

    render(<App connection={host.connection} view="projector" />);
    const projector = await screen.findByTestId('projector');
    await waitFor(() => expect(projector.getAttribute('data-view')).toBe('final-standings'));
    expect(screen.getByTestId('projector-champion').textContent).toBe(nameOf(s, champion));
    expect(within(screen.getByTestId('projector-final-standings')).getAllByRole('listitem')).toHaveLength(8);
    expect(NAMES).toContain(nameOf(s, champion));
  });
});

// `act` keeps React quiet about store updates made outside a render in these tests.
void act;

describe('the event log names the round loop’s entries', () => {
  it('a drop and a no-show with a result, a report-in, and a table fix with its reason', async () => {
    const { describeJournal } = await import('../../renderer/screens/log/describe.js');
    await create('mtr', 4);
    await build.pairSwiss();
    const s = await build.state();
    const [t1, t2] = s.rounds[0]?.tables as [Table, Table];
    await build.run({ type: 'fix-tables', round: 1, tables: [{ table: t1.table, seats: [t1.seats[0] as string, t2.seats[0] as string] }, { table: t2.table, seats: [t1.seats[1] as string, t2.seats[1] as string] }], reason: 'Siblings (Head Judge)' });
    await build.run({ type: 'record-result', round: 1, table: t1.table, result: { games: [2, 0, 0] }, drop: [t2.seats[0] as string] });
    await build.run({ type: 'record-result', round: 1, table: t2.table, result: { games: [0, 2, 0] }, noShow: [t1.seats[1] as string] });
    await build.run({ type: 'report-in', id: t1.seats[1] as string });
    const answer = await build.api.query({ kind: 'journal' });
    if (answer.kind !== 'journal') throw new Error('no journal');
    const rows = describeJournal(answer.entries, await build.state()).slice(-4);
    const name = (id: string | undefined): string => `\u2068${nameOf(s, id ?? '')}\u2069`;
    expect(rows[0]).toMatchObject({ kind: 'pairings', why: 'Siblings (Head Judge)' });
    expect(rows[0]?.what).toBe(`Round 1: 2 tables changed (table 1: ${name(t1.seats[0])} v ${name(t2.seats[0])}; table 2: ${name(t1.seats[1])} v ${name(t2.seats[1])}); results entered stand`);
    // The result reads the fixed seats.
    expect(rows[1]?.what).toBe(`Result entered: round 1, table 1 — ${name(t1.seats[0])} 2–0 ${name(t2.seats[0])}; ${name(t2.seats[0])} dropped with the result`);
    expect(rows[2]?.what).toContain(`no-show: ${name(t1.seats[1])} (dropped unless they report in)`);
    expect(rows[3]).toMatchObject({ kind: 'drops', what: `${name(t1.seats[1])} reported in after a no-show: not dropped` });
  });
});
