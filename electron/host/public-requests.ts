/**
 * What a player's phone may ask on `/public` (2), read strictly and answered: `look` (a
 * table's waiting report, for the code's holder), `report` (a result) and `confirm` (agree or
 * dispute). Every message is parsed here before anything reads it: JSON text, no `__proto__`,
 * `constructor` or `prototype` key anywhere, exactly one of the three shapes (zod, strict); the
 * first that is not closes the connection (public-door.ts). A phone can never reach the StationApi:
 * nothing here names one of its methods.
 *
 * A report or an answer is written through the station service's change queue like every other
 * command (StationService.phoneCommand): the table code is checked against the state when its turn
 * comes, the fold checks the rest and words its refusals ("Table 12's result is already final").
 *
 * Plain Node, no I/O.
 */
import type { RawData } from 'ws';
import { z } from 'zod';
import type { SenderRef } from '../../core/api/roles.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState } from '../../core/model/types.js';
import { firstIssue } from '../../core/model/zod-words.js';
import { publicReport } from '../../core/public/reports.js';
import { checkPhoneFor } from '../../core/public/claims.js';
import { tableCodeRefusal } from '../../core/public/table-codes.js';
import type { PublicAnswer, PublicRequest } from '../../core/public/types.js';
import type { OpenEvent } from './public-feed.js';
import type { PhoneClaim, PhoneCommand } from './station-types.js';
import { parseStrictJson } from './strict-messages.js';

const number = z.int().min(1).max(1_000_000);
const where = {
  id: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
  code: z.string().min(1).max(32),
  round: number,
  table: number,
};
const phone = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
const player = z.string().min(1).max(64);
/** A claimed phone's token (station-claims.ts: 24 random bytes, base64url). */
const token = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
/** A result's shape is the rule set's (the fold checks it); here only that it is an object. */
const result = z.record(z.string().max(64), z.unknown());

export const publicRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('look'), ...where }),
  z.strictObject({ kind: z.literal('report'), ...where, phone, player, result, drop: z.array(player).min(1).max(8).optional(), token: token.optional() }),
  z.strictObject({ kind: z.literal('confirm'), ...where, phone, player, agree: z.boolean(), result: result.optional(), token: token.optional() }),
  z.strictObject({ kind: z.literal('claim'), id: where.id, phone, code: where.code }),
]);

/** A phone's message as a request, or why it is not one (the door closes the connection). */
export function parsePublicRequest(data: RawData | string, isBinary = false): { ok: true; request: PublicRequest } | { ok: false; reason: string } {
  if (isBinary) return { ok: false, reason: 'a binary message (the player page speaks JSON text)' };
  const json = parseStrictJson(data);
  if (!json.ok) return json;
  const value = json.value;
  const parsed = publicRequestSchema.safeParse(value);
  if (!parsed.success) {
    const { path, message } = firstIssue(parsed.error);
    return { ok: false, reason: `a message that is not a player page request (${path ? `${path}: ` : ''}${message})`.slice(0, 100) };
  }
  return { ok: true, request: parsed.data as PublicRequest };
}

/** What answering needs of the host: the open event, and the one writer's queue. */
export interface PhoneService {
  current: OpenEvent;
  phoneCommand(request: PhoneCommand): Promise<{ seq: number; state: EventState }>;
  phoneClaim(request: PhoneClaim): Promise<{ player: string; token: string }>;
}

/**
 * Wrong codes from one address, and for one table from anywhere: the door's throttle (so 887 million
 * codes cannot be tried one by one, nor by many addresses together against one table).
 */
export interface CodeGuard {
  /** Why this address may not try a code for this table now (too many wrong ones), or null. */
  refusal(round: number, table: number): string | null;
  /** A code for this table was wrong. */
  wrong(round: number, table: number): void;
  /** Why this address may not try a personal code now (too many wrong codes), or null. */
  claimRefusal(): string | null;
  /** A personal code was wrong. */
  wrongClaim(): void;
}

/** The journal's name for a phone: "Ana Archer's phone" (at most 80 characters, as a journal line's `by`). */
export function phoneSender(state: EventState | undefined, phoneId: string, playerId: string): SenderRef {
  const name = state?.players.find((p) => p.id === playerId)?.name ?? playerId;
  const suffix = "'s phone";
  return { id: phoneId, name: `${name.slice(0, 80 - suffix.length)}${suffix}`, role: 'player' };
}

const NO_EVENT = 'no event is open at the station: ask a judge';
const FAILED = 'the station could not record this: try again, or tell a judge';

function refused(id: number, message: string): PublicAnswer {
  return { kind: 'answer', id, ok: false, message };
}

/** The command a report or a confirmation writes. */
function commandOf(request: Extract<PublicRequest, { kind: 'report' | 'confirm' }>): unknown {
  const { round, table, player: who, phone: by } = request;
  if (request.kind === 'report')
    return { type: 'report-result', round, table, player: who, phone: by, result: request.result, ...(request.drop ? { drop: request.drop } : {}) };
  return { type: 'confirm-report', round, table, player: who, phone: by, agree: request.agree, ...(request.result ? { result: request.result } : {}) };
}

/**
 * The answer to a phone's request. `onFailure`: told of anything that is not a refusal in words
 * (a bug, a disk that cannot be written), which the phone hears of only as "could not record".
 */
export async function answerPublicRequest(service: PhoneService, request: PublicRequest, guard: CodeGuard, onFailure: (error: unknown) => void): Promise<PublicAnswer> {
  if (request.kind === 'claim') return answerClaim(service, request, guard, onFailure);
  const { id, round, table, code } = request;
  const slowDown = guard.refusal(round, table);
  if (slowDown !== null) return refused(id, slowDown);
  const open = service.current();
  if (!open) return refused(id, NO_EVENT);
  const wrongNow = tableCodeRefusal(open.state, round, table, code);
  if (wrongNow !== null) {
    guard.wrong(round, table);
    return refused(id, wrongNow);
  }
  if (request.kind === 'look') {
    const report = publicReport(open.state, round, table);
    return { kind: 'answer', id, ok: true, ...(report ? { report } : {}) };
  }
  try {
    const { state } = await service.phoneCommand({
      command: commandOf(request),
      by: phoneSender(open.state, request.phone, request.player),
      // Again in the queue: a round paired meanwhile makes this code a dead one; a claim reset
      // meanwhile makes this phone's token a dead one.
      refusal: (now) => {
        const wrong = tableCodeRefusal(now, round, table, code);
        if (wrong !== null) return wrong;
        const check = checkPhoneFor(now, request.player, request.phone, request.token, { round, table });
        return check.ok ? null : check.message;
      },
      claimed: (now) => {
        const check = checkPhoneFor(now, request.player, request.phone, request.token, { round, table });
        return check.ok && check.claimed;
      },
    });
    const report = publicReport(state, round, table);
    const accepted = state.rounds[round - 1]?.tables.find((t) => t.table === table)?.result !== undefined;
    return { kind: 'answer', id, ok: true, ...(report ? { report } : {}), ...(accepted ? { accepted: true } : {}) };
  } catch (error) {
    if (error instanceof PodiumError) return refused(id, error.message);
    onFailure(error);
    return refused(id, FAILED);
  }
}

/** A phone claims a player with their personal code: the token goes to this phone alone, in this answer. */
async function answerClaim(service: PhoneService, request: Extract<PublicRequest, { kind: 'claim' }>, guard: CodeGuard, onFailure: (error: unknown) => void): Promise<PublicAnswer> {
  const { id } = request;
  const slowDown = guard.claimRefusal();
  if (slowDown !== null) return refused(id, slowDown);
  if (!service.current()) return refused(id, NO_EVENT);
  try {
    const claim = await service.phoneClaim({ code: request.code, phone: request.phone });
    return { kind: 'answer', id, ok: true, claim };
  } catch (error) {
    if (error instanceof PodiumError) {
      if (/not the personal code/.test(error.message)) guard.wrongClaim();
      return refused(id, error.message);
    }
    onFailure(error);
    return refused(id, FAILED);
  }
}
