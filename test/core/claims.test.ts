/**
 * A player is who their phone claimed (ARCHITECTURE; core/event/apply-claims.ts,
 * core/public/personal-codes.ts): personal codes made from the event's own secret, one phone per
 * player until the desk resets it, and a report accepted by itself only when every player of the
 * table answered from their own claimed phone.
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import type { EventState, Round } from '../../core/model/types.js';
import { PERSONAL_CODE_LENGTH, personalCode, playerOfCode, showPersonalCode, tokenHash } from '../../core/public/personal-codes.js';
import { CODE_ALPHABET } from '../../core/public/table-codes.js';

const KEY_A = '0f'.repeat(16);
const KEY_B = 'f0'.repeat(16);
const HASH = 'ab'.repeat(32);

function event(settings: Record<string, unknown> = {}): EventState {
  let state = apply(undefined, { type: 'create-event', id: 'claims', name: 'Claims Cup', ruleset: 'mtr', settings, seed: 2, createdAt: '2026-01-01T10:00:00.000Z' });
  for (const [i, name] of ['Ana Archer', 'Bo Brandt', 'Cy Clay', 'Di Dunn'].entries()) state = apply(state, { type: 'register-player', player: { id: `p${i + 1}`, name }, draw: i });
  state = apply(state, { type: 'draw-claim-key', claimKey: KEY_A });
  return apply(state, { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ['p1', 'p2'] }, { table: 2, seats: ['p3', 'p4'] }], byes: [], seed: 1 });
}

const run = (state: EventState, ...commands: Command[]): EventState => commands.reduce((s, c) => apply(s, c), state);
const round1 = (state: EventState): Round => state.rounds[0] as Round;

describe('personal codes', () => {
  it('eight unambiguous letters and digits, the same for the same secret and player, another for another event', () => {
    const code = personalCode(KEY_A, 'p1');
    expect(code).toHaveLength(PERSONAL_CODE_LENGTH);
    expect([...code].every((c) => CODE_ALPHABET.includes(c))).toBe(true);
    expect(personalCode(KEY_A, 'p1')).toBe(code);
    expect(personalCode(KEY_A, 'p2')).not.toBe(code);
    expect(personalCode(KEY_B, 'p1')).not.toBe(code);
    expect(showPersonalCode(code)).toBe(`${code.slice(0, 4)}-${code.slice(4)}`);
  });

  it('finds the player a typed code belongs to, in any case and with spaces or a dash; not another event’s', () => {
    const players = [{ id: 'p1' }, { id: 'p2' }, { id: 'p3' }];
    const code = personalCode(KEY_A, 'p2');
    expect(playerOfCode(KEY_A, players, code)).toBe('p2');
    expect(playerOfCode(KEY_A, players, ` ${showPersonalCode(code).toLowerCase()} `)).toBe('p2');
    expect(playerOfCode(KEY_B, players, code)).toBeNull();
    expect(playerOfCode(KEY_A, players, 'ABCD')).toBeNull();
  });

  it('the journal keeps a token’s hash, never the token', () => {
    expect(tokenHash('t0ken')).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash('t0ken')).not.toContain('t0ken');
    expect(tokenHash('t0ken')).toBe(tokenHash('t0ken'));
  });
});

describe('claiming in the fold', () => {
  it('a phone claims a player once; another claim is refused in words until the desk resets it', () => {
    let state = run(event(), { type: 'claim-player', player: 'p1', phone: 'phone-ana-1', tokenHash: HASH });
    expect(state.claims).toEqual({ p1: { phone: 'phone-ana-1', tokenHash: HASH } });
    expect(() => apply(state, { type: 'claim-player', player: 'p1', phone: 'phone-thief-9', tokenHash: HASH })).toThrow(
      'Ana Archer is claimed by another phone already: if that was not you, or your phone was lost, ask the scorekeeper to reset it',
    );
    state = apply(state, { type: 'reset-claim', player: 'p1', reason: 'lost phone' });
    expect(state.claims).toEqual({});
    expect(apply(state, { type: 'claim-player', player: 'p1', phone: 'phone-ana-2', tokenHash: HASH }).claims).toEqual({ p1: { phone: 'phone-ana-2', tokenHash: HASH } });
    expect(() => apply(state, { type: 'reset-claim', player: 'p2' })).toThrow('Bo Brandt has no phone claiming them: nothing to reset');
  });

  it('claims can be turned off for a casual event; the secret is drawn once', () => {
    expect(() => apply(event({ claims: 'off' }), { type: 'claim-player', player: 'p1', phone: 'phone-ana-1', tokenHash: HASH })).toThrow(/do not claim players at this event/);
    expect(() => apply(event(), { type: 'draw-claim-key', claimKey: KEY_B })).toThrow(/claim secret already/);
  });
});

describe('accepted by itself only from claimed phones (selfReports auto)', () => {
  const report = (claimed: boolean): Command => ({ type: 'report-result', round: 1, table: 1, player: 'p1', phone: 'phone-ana-1', result: { games: [2, 1, 0] }, ...(claimed ? { claimed: true } : {}) });
  const agree = (claimed: boolean): Command => ({ type: 'confirm-report', round: 1, table: 1, player: 'p2', phone: 'phone-bo-1', agree: true, ...(claimed ? { claimed: true } : {}) });

  it('both from their claimed phones: the result is recorded', () => {
    const state = run(event({ selfReports: 'auto' }), report(true), agree(true));
    expect(round1(state).tables[0]?.result).toEqual({ games: [2, 1, 0] });
  });

  it('an answer not from a claimed phone: agreed, but waiting for the scorekeeper, who sees which phones were claimed', () => {
    for (const [r, a] of [
      [true, false],
      [false, true],
      [false, false],
    ] as const) {
      const state = run(event({ selfReports: 'auto' }), report(r), agree(a));
      expect(round1(state).tables[0]?.result, `report ${r}, answer ${a}`).toBeUndefined();
      const waiting = round1(state).reports?.[0];
      expect(waiting?.status).toBe('agreed');
      expect(waiting?.claimed === true).toBe(r);
      expect(waiting?.answers.p2?.claimed === true).toBe(a);
    }
  });

  it('with claims off, a table’s code is enough again (today’s behaviour for a casual event)', () => {
    const state = run(event({ selfReports: 'auto', claims: 'off' }), report(false), agree(false));
    expect(round1(state).tables[0]?.result).toEqual({ games: [2, 1, 0] });
  });
});
