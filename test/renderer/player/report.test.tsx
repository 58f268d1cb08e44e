// @vitest-environment jsdom
/**
 * Self-reported results on the player page (the phone's half): the table's code
 * (typed and checked with `look`, or from a slip's QR code), the rule set's own result form drawn
 * for a thumb, a drop tick per player, the `report` request it makes (head-to-head games; a pod's
 * winner or draw), the host's refusal in its own words, and confirming or disputing the pending
 * report of the table (`look`, then `confirm`), with the answers and the status said in words.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicReport, PublicRequest, PublicView } from '../../../core/public/types.js';
import { codeKey, LEGACY_CODE_KEY, PHONE_KEY, SLIP_KEY } from '../../../renderer/player/memory.js';
import { openPage, plain, textOf } from './page.js';
import { memoryStore, mtrView, podView, type FakeHost } from './support.js';

afterEach(() => cleanup());

/** A phone that holds `code` for `table` of round 3 of `event` (the views' events: ev-mtr, ev-mstr-2022, …), and its own id. */
function phoneWithCode(table: number, code = 'K7PM-Q2XD', event = 'ev-mtr') {
  return memoryStore({ [codeKey(event)]: JSON.stringify({ round: 3, table, code }), [PHONE_KEY]: 'phone-test' });
}

/** The last request of `kind` the host got (waits for it). */
async function lastRequest<K extends PublicRequest['kind']>(host: FakeHost, kind: K): Promise<Extract<PublicRequest, { kind: K }>> {
  let found: PublicRequest | undefined;
  await waitFor(() => {
    found = [...host.requests].reverse().find((r) => r.kind === kind);
    expect(found).toBeDefined();
  });
  return found as Extract<PublicRequest, { kind: K }>;
}

function pending(view: PublicView, table: number): PublicView {
  const t = view.round?.tables.find((x) => x.table === table);
  if (t) t.reportPending = true;
  return view;
}

describe('reporting a result', () => {
  it('head-to-head: asks for the code, checks it, then the games from the rule set’s buttons and a drop tick → report', async () => {
    const user = userEvent.setup();
    const { host } = openPage(mtrView(), { me: 'p1', store: memoryStore({ [PHONE_KEY]: 'phone-test' }) });
    await user.click(await screen.findByRole('button', { name: 'Report the result' }));
    await user.type(await screen.findByLabelText(/Type the code printed on your match slip/), ' K7PM-Q2XD ');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const look = await lastRequest(host, 'look');
    expect(look).toEqual({ kind: 'look', id: look.id, code: 'K7PM-Q2XD', round: 3, table: 1 });
    act(() => host.answer(look, { ok: true }));

    // The rule set's common results, each saying what it means.
    const twoOne = await screen.findByRole('button', { name: /^2-1/ });
    expect(plain(twoOne.textContent)).toBe('2-1Ana Archer 2-1 Bo Brandt');
    await user.click(twoOne);
    expect(twoOne.getAttribute('aria-pressed')).toBe('true');
    expect(await textOf('report-preview')).toBe('You are reporting: Ana Archer wins 2–1');
    await user.click(screen.getByRole('checkbox', { name: /Drop Bo Brandt/ }));
    await user.click(screen.getByRole('button', { name: 'Send the result' }));
    const report = await lastRequest(host, 'report');
    expect(report).toEqual({ kind: 'report', id: report.id, phone: 'phone-test', code: 'K7PM-Q2XD', round: 3, table: 1, player: 'p1', result: { games: [2, 1, 0] }, drop: ['p2'] });
  });

  it('a result typed in the box is read and checked by the rule set first', async () => {
    const user = userEvent.setup();
    const { host } = openPage(mtrView(), { me: 'p2', store: phoneWithCode(1) });
    await user.click(await screen.findByRole('button', { name: 'Report the result' }));
    const box = await screen.findByLabelText('Or type it');
    await user.type(box, '3-0');
    expect(screen.getByRole('button', { name: 'Send the result' }).hasAttribute('disabled')).toBe(true);
    expect(plain(document.querySelector('.pl-warning')?.textContent)).toMatch(/^[A-Z].*3/);
    await user.clear(box);
    await user.type(box, '0-2');
    await user.click(screen.getByRole('button', { name: 'Send the result' }));
    const report = await lastRequest(host, 'report');
    expect(report).toMatchObject({ code: 'K7PM-Q2XD', table: 1, player: 'p2', result: { games: [0, 2, 0] } });
    expect(report.drop).toBeUndefined();
  });

  it('a pod (MSTR): the winner’s seat from the rule set’s form → report { winner }', async () => {
    const user = userEvent.setup();
    const { host } = openPage(podView('mstr-2022'), { me: 'p3', store: phoneWithCode(5, 'K7PM-Q2XD', 'ev-mstr-2022') });
    await user.click(await screen.findByRole('button', { name: 'Report the result' }));
    // One tap on the winner's seat (the rule set's quick results for a pod).
    await user.click(await screen.findByRole('button', { name: /^2\s*Ana Archer wins$/ }));
    expect(await textOf('report-preview')).toBe('You are reporting: Ana Archer wins');
    await user.click(screen.getByRole('button', { name: 'Send the result' }));
    const report = await lastRequest(host, 'report');
    expect(report).toEqual({ kind: 'report', id: report.id, phone: 'phone-test', code: 'K7PM-Q2XD', round: 3, table: 5, player: 'p3', result: { winner: 'p1' } });
  });

  it('a pod (MAMTR): a draw with a player excluded', async () => {
    const user = userEvent.setup();
    const { host } = openPage(podView('mamtr-2024'), { me: 'p1', store: phoneWithCode(5, 'K7PM-Q2XD', 'ev-mamtr-2024') });
    await user.click(await screen.findByRole('button', { name: 'Report the result' }));
    await user.click(screen.getByRole('button', { name: /^d\s*a draw$/ }));
    await user.click(screen.getByRole('checkbox', { name: /Seat 4 — María de la Cruz/ }));
    await user.click(screen.getByRole('button', { name: 'Send the result' }));
    const report = await lastRequest(host, 'report');
    expect(report).toMatchObject({ table: 5, player: 'p1', result: { draw: true, excluded: ['p4'] } });
  });

  it('a refusal is shown in the host’s words, and the code can be typed again', async () => {
    const user = userEvent.setup();
    const { host } = openPage(mtrView(), { me: 'p1', store: phoneWithCode(1, 'OLD-CODE') });
    await user.click(await screen.findByRole('button', { name: 'Report the result' }));
    await user.click(screen.getByRole('button', { name: /^2-0/ }));
    await user.click(screen.getByRole('button', { name: 'Send the result' }));
    act(() => host.answer(host.requests[host.requests.length - 1] as PublicRequest, { ok: false, message: 'that code is from round 2: this is round 3' }));
    expect(plain((await screen.findByRole('alert')).textContent)).toBe('That code is from round 2: this is round 3');
    await user.click(screen.getByRole('button', { name: 'Type the table’s code again' }));
    expect(screen.getByLabelText(/Type the code printed on your match slip/)).toBeTruthy();
  });

  it('a wrong code is refused before the form, in the host’s words', async () => {
    const user = userEvent.setup();
    const { host } = openPage(mtrView(), { me: 'p1' });
    await user.click(await screen.findByRole('button', { name: 'Report the result' }));
    await user.type(screen.getByLabelText(/Type the code printed on your match slip/), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    act(() => host.answer(host.requests[0] as PublicRequest, { ok: false, message: 'that is not the code of table 1' }));
    expect(plain((await screen.findByRole('alert')).textContent)).toBe('That is not the code of table 1');
    expect(screen.queryByRole('button', { name: 'Send the result' })).toBeNull();
  });

  it('offline, nothing is sent and it says so', async () => {
    const user = userEvent.setup();
    const { host } = openPage(mtrView(), { me: 'p1', store: phoneWithCode(1) });
    await user.click(await screen.findByRole('button', { name: 'Report the result' }));
    await user.click(screen.getByRole('button', { name: /^2-0/ }));
    act(() => host.last.drop());
    await user.click(screen.getByRole('button', { name: 'Send the result' }));
    expect(plain((await screen.findByRole('alert')).textContent)).toMatch(/^Not sent: this phone is offline/);
    expect(host.requests.filter((r) => r.kind === 'report')).toEqual([]);
  });

  it('a slip’s QR code: after Find me, straight to the result form with its code', async () => {
    const user = userEvent.setup();
    const store = memoryStore({ [PHONE_KEY]: 'phone-test', [SLIP_KEY]: JSON.stringify({ round: 3, table: 1, code: 'QR-77', at: 0 }) });
    const { host } = openPage(mtrView(), { store, slip: { round: 3, table: 1, code: 'QR-77' } });
    await user.type(await screen.findByLabelText('Type a few letters of your family or given name'), 'brandt');
    await user.click(screen.getByRole('button', { name: /Bo Brandt/ }));
    await user.click(await screen.findByRole('button', { name: /^1-2/ }));
    await user.click(screen.getByRole('button', { name: 'Send the result' }));
    expect(await lastRequest(host, 'report')).toMatchObject({ code: 'QR-77', table: 1, player: 'p2', result: { games: [1, 2, 0] } });
    // The slip's code is kept for this event only; the slip itself is no longer held.
    expect(JSON.parse(store.getItem(codeKey('ev-mtr')) ?? 'null')).toEqual({ round: 3, table: 1, code: 'QR-77' });
    expect(store.getItem(SLIP_KEY)).toBeNull();
  });

  it('a QR code for another table says so and reports nothing', async () => {
    const store = memoryStore();
    openPage(mtrView(), { me: 'p1', slip: { round: 3, table: 2, code: 'QR-2' }, store });
    expect(await textOf('notice')).toBe('That QR code is for table 2, which is not your table in round 3. Yours is table 1.');
    expect(await textOf('table-number')).toBe('1');
    expect(screen.queryByLabelText(/Type the code printed on your match slip/)).toBeNull();
  });

  it('a slip of an earlier round says so (before and after Find me), and its code is never kept', async () => {
    const user = userEvent.setup();
    const store = memoryStore({ [PHONE_KEY]: 'phone-test' });
    const { host } = openPage(mtrView(), { store, slip: { round: 2, table: 1, code: 'OLD-2' } });
    const words = 'This slip is from round 2; round 3 is being played — report round 3 with its own slip, and find your table for round 3 here.';
    expect(await textOf('notice')).toBe(words);
    await user.type(screen.getByLabelText('Type a few letters of your family or given name'), 'archer');
    await user.click(screen.getByRole('button', { name: /Ana Archer/ }));
    expect(await textOf('table-number')).toBe('1');
    expect(await textOf('notice')).toBe(words);
    expect(store.getItem(codeKey('ev-mtr'))).toBeNull();
    // Reporting this round asks for this round's code.
    await user.click(screen.getByRole('button', { name: 'Report the result' }));
    expect(await screen.findByLabelText(/Type the code printed on your match slip/)).toBeTruthy();
    expect(host.requests).toEqual([]);
  });

  it('a slip of a round not published yet says so', async () => {
    openPage(mtrView(), { me: 'p1', slip: { round: 4, table: 1, code: 'NEXT-4' } });
    expect(await textOf('notice')).toBe('This slip is for round 4, which is not published yet: round 3 is being played.');
  });

  it('a code remembered at one event is never offered at another (same round and table numbers)', async () => {
    const user = userEvent.setup();
    // Last week: round 3, table 1 of another event; and a code kept the way older pages kept it.
    const store = memoryStore({
      [PHONE_KEY]: 'phone-test',
      [codeKey('ev-last-week')]: JSON.stringify({ round: 3, table: 1, code: 'LASTWK' }),
      [LEGACY_CODE_KEY]: JSON.stringify({ round: 3, table: 1, code: 'LEGACY' }),
    });
    const { host } = openPage(mtrView(), { me: 'p1', store });
    await user.click(await screen.findByRole('button', { name: 'Report the result' }));
    // Asked for this event's code: nothing held is offered or sent.
    await user.type(await screen.findByLabelText(/Type the code printed on your match slip/), 'K7PM-Q2XD');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const look = await lastRequest(host, 'look');
    expect(look.code).toBe('K7PM-Q2XD');
    expect(host.requests.some((r) => 'code' in r && (r.code === 'LASTWK' || r.code === 'LEGACY'))).toBe(false);
    act(() => host.answer(look, { ok: true }));
    await screen.findByRole('button', { name: /^2-1/ });
    // Kept for this event, beside last week's.
    expect(JSON.parse(store.getItem(codeKey('ev-mtr')) ?? 'null')).toEqual({ round: 3, table: 1, code: 'K7PM-Q2XD' });
    expect(JSON.parse(store.getItem(codeKey('ev-last-week')) ?? 'null')).toMatchObject({ code: 'LASTWK' });
  });

  it('a report the scorekeeper rejected is said in words, and the table may report again', async () => {
    const view = mtrView();
    const table = view.round?.tables.find((t) => t.table === 1);
    if (table) table.reportRejected = true;
    openPage(view, { me: 'p1' });
    expect(await textOf('report-rejected')).toBe('The scorekeeper did not accept the result reported for this table. Agree on it with your opponent and report it again, or go to the scorekeeper’s desk.');
    expect(screen.getByRole('button', { name: 'Report the result' })).toBeTruthy();
  });

  it('no reporting when the scorekeeper has it off: the page tells the player to bring the slip to the desk', async () => {
    openPage({ ...mtrView(), selfReports: 'off' }, { me: 'p1' });
    expect(await textOf('table-number')).toBe('1');
    expect(screen.queryByRole('button', { name: 'Report the result' })).toBeNull();
    expect(await textOf('report-at-desk')).toBe('Results are not reported from phones at this event: fill in your match slip with your opponent, sign it, and bring it to the scorekeeper’s desk.');
  });

  it('with reporting off, a pod is told the same, with the other players', async () => {
    openPage({ ...podView('mstr-2022'), selfReports: 'off' }, { me: 'p3' });
    expect(await textOf('report-at-desk')).toBe('Results are not reported from phones at this event: fill in your match slip with the other players, sign it, and bring it to the scorekeeper’s desk.');
  });
});

const ANA_REPORTED: PublicReport = {
  round: 3,
  table: 1,
  reporter: 'p1',
  result: { games: [2, 1, 0] },
  resultText: '\u2068Ana Archer\u2069 wins 2–1',
  drops: [],
  answers: {},
  status: 'waiting',
};

describe('confirming a reported result', () => {
  it('shows the pending report and agrees → confirm { agree: true }; then the answers and the status in words', async () => {
    const user = userEvent.setup();
    const { host } = openPage(pending(mtrView(), 1), { me: 'p2', store: phoneWithCode(1) });
    await user.click(await screen.findByRole('button', { name: 'See it and confirm' }));
    const look = await lastRequest(host, 'look');
    expect(look).toMatchObject({ code: 'K7PM-Q2XD', round: 3, table: 1 });
    act(() => host.answer(look, { ok: true, report: ANA_REPORTED }));
    expect(await textOf('reported')).toBe('Ana Archer reported: Ana Archer wins 2–1 — is that right?');
    expect(await textOf('report-status')).toBe('Waiting for you to answer.');
    await user.click(screen.getByRole('button', { name: 'Yes, that is right' }));
    const confirm = await lastRequest(host, 'confirm');
    expect(confirm).toEqual({ kind: 'confirm', id: confirm.id, phone: 'phone-test', code: 'K7PM-Q2XD', round: 3, table: 1, player: 'p2', agree: true });
    act(() => host.answer(confirm, { ok: true, report: { ...ANA_REPORTED, answers: { p2: { agree: true } }, status: 'agreed' } }));
    expect(await textOf('report-status')).toBe('Everyone agreed: the scorekeeper records it at the desk.');
    expect(plain(screen.getByRole('list', { name: 'Answers so far' }).textContent)).toBe('You: agreed');
    expect(screen.queryByRole('button', { name: 'Yes, that is right' })).toBeNull();
  });

  it('disputes, saying what it was on the same form → confirm { agree: false, result }', async () => {
    const user = userEvent.setup();
    const { host } = openPage(pending(mtrView(), 1), { me: 'p2', store: phoneWithCode(1) });
    await user.click(await screen.findByRole('button', { name: 'See it and confirm' }));
    act(() => host.answer(host.requests[0] as PublicRequest, { ok: true, report: ANA_REPORTED }));
    await user.click(await screen.findByRole('button', { name: 'No — dispute it' }));
    await user.click(screen.getByRole('button', { name: /^1-2/ }));
    await user.click(screen.getByRole('button', { name: 'Send: that is not right' }));
    const confirm = await lastRequest(host, 'confirm');
    expect(confirm).toMatchObject({ kind: 'confirm', player: 'p2', agree: false, result: { games: [1, 2, 0] } });
    act(() =>
      host.answer(confirm, { ok: true, report: { ...ANA_REPORTED, answers: { p2: { agree: false, result: { games: [1, 2, 0] }, resultText: 'Bo Brandt wins 2–1' } }, status: 'disputed' } }),
    );
    expect(await textOf('report-status')).toBe('Disputed: the scorekeeper decides at the desk. A judge can help if you need one.');
    expect(plain(screen.getByRole('list', { name: 'Answers so far' }).textContent)).toBe('You: disputed — says Bo Brandt wins 2–1');
  });

  it('a pod: the reporter sees who has still to answer', async () => {
    const user = userEvent.setup();
    const { host } = openPage(pending(podView('mstr-2022'), 5), { me: 'p1', store: phoneWithCode(5, 'K7PM-Q2XD', 'ev-mstr-2022') });
    await user.click(await screen.findByRole('button', { name: 'See it and confirm' }));
    act(() =>
      host.answer(host.requests[0] as PublicRequest, {
        ok: true,
        report: { round: 3, table: 5, reporter: 'p1', result: { winner: 'p1' }, resultText: 'Ana Archer wins', drops: ['p4'], answers: { p2: { agree: true } }, status: 'waiting' },
      }),
    );
    expect(await textOf('reported')).toBe('You reported: Ana Archer wins');
    expect(await textOf('report-status')).toBe('Waiting for José Núñez and María de la Cruz to answer.');
    expect(screen.getByText('Dropping: María de la Cruz')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Yes, that is right' })).toBeNull();
  });

  it('a pod’s confirmation screen follows the other seats’ answers as they come, without being opened again', async () => {
    const user = userEvent.setup();
    const view = pending(podView('mstr-2022'), 5);
    const { host } = openPage(view, { me: 'p1', store: phoneWithCode(5, 'K7PM-Q2XD', 'ev-mstr-2022') });
    const waiting = (answers: PublicReport['answers']): PublicReport => ({ round: 3, table: 5, reporter: 'p1', result: { winner: 'p1' }, resultText: 'Ana Archer wins', drops: [], answers, status: 'waiting' });
    await user.click(await screen.findByRole('button', { name: 'See it and confirm' }));
    act(() => host.answer(host.requests[0] as PublicRequest, { ok: true, report: waiting({}) }));
    expect(await textOf('report-status')).toBe('Waiting for Bo Brandt, José Núñez and María de la Cruz to answer.');

    // A result at the other pod changes the event, not this table: nothing is asked.
    const before = host.requests.length;
    act(() => host.last.push({ type: 'patch', from: 1, to: 2, ops: [{ op: 'add', path: '/round/tables/1/result', value: { winner: 'p5' } }] }));
    expect(host.requests).toHaveLength(before);

    // Bo answers on his phone: the host's view counts one answer, and this screen asks again.
    act(() => host.last.push({ type: 'patch', from: 2, to: 3, ops: [{ op: 'add', path: '/round/tables/0/reportAnswers', value: 1 }] }));
    const again = await lastRequest(host, 'look');
    expect(host.requests).toHaveLength(before + 1);
    act(() => host.answer(again, { ok: true, report: waiting({ p2: { agree: true } }) }));
    expect(await textOf('report-status')).toBe('Waiting for José Núñez and María de la Cruz to answer.');
    expect(plain(screen.getByRole('list', { name: 'Answers so far' }).textContent)).toContain('Bo Brandt: agreed');

    // José disputes: the screen says so.
    act(() => host.last.push({ type: 'patch', from: 3, to: 4, ops: [{ op: 'replace', path: '/round/tables/0/reportAnswers', value: 2 }] }));
    await waitFor(() => expect(host.requests).toHaveLength(before + 2));
    act(() => host.answer(host.requests[before + 1] as PublicRequest, { ok: true, report: { ...waiting({ p2: { agree: true }, p3: { agree: false } }), status: 'disputed' } }));
    expect(await textOf('report-status')).toBe('Disputed: the scorekeeper decides at the desk. A judge can help if you need one.');
  });

  it('a reported table asks for its code first when the phone has none', async () => {
    const user = userEvent.setup();
    const { host } = openPage(pending(mtrView(), 1), { me: 'p2' });
    await user.click(await screen.findByRole('button', { name: 'See it and confirm' }));
    await user.type(screen.getByLabelText(/Type the code printed on your match slip/), 'K7PM');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    act(() => host.answer(host.requests[0] as PublicRequest, { ok: true, report: ANA_REPORTED }));
    // The code checks out: the Confirm screen asks for the report with it.
    const look = await waitFor(() => {
      const looks = host.requests.filter((r) => r.kind === 'look');
      expect(looks).toHaveLength(2);
      return looks[1] as PublicRequest;
    });
    act(() => host.answer(look, { ok: true, report: ANA_REPORTED }));
    expect(await textOf('reported')).toBe('Ana Archer reported: Ana Archer wins 2–1 — is that right?');
  });
});
