/**
 * The venue network's `POST /join`, split from lan-door.ts: `{"code", "name"}` as
 * JSON answers `{"token", "device"}`; the body is read up to a small limit, within a few seconds,
 * and parsed strictly (no `__proto__` key, exactly the two fields).
 *
 * Guessing is slowed without ever refusing the right code to anyone else (guessing
 * from many addresses had made 8 of 11 honest joins fail):
 * - per address, wrong codes (and requests that are no join at all) have a budget; an address out
 *   of it is refused before its code is read, so it learns nothing while it waits;
 * - across the network, wrong codes have a budget too, but it is counted after the code is checked:
 *   the right code always joins, and a wrong one past the network's budget is refused and puts its
 *   address on a long wait (a minute) — so many addresses guessing together each get one guess a
 *   minute, while a device that has not been guessing joins at once.
 *
 * Plain Node: no `electron` import.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { PodiumError } from '../../core/model/errors.js';
import { nameProblem } from '../../core/model/names.js';
import { firstIssue } from '../../core/model/zod-words.js';
import { DEVICE_NAME_MAX } from './device-registry.js';
import type { DoorLimits, LanDoorOptions, Served } from './lan-door.js';
import { KeyedBuckets, TokenBucket } from './rate-limit.js';

/** How the door answers in JSON (with its security headers for the listener). */
export type ReplyJson = (response: ServerResponse, served: Served, status: number, body: unknown, extra?: Record<string, string>) => void;

const joinSchema = z
  .object({
    code: z.string({ error: 'the join code is missing: type the code the station shows' }).max(32, 'that is not a join code: it has 8 letters and digits, such as K7PM-Q2XD'),
    name: z
      .string({ error: 'a name for this device is needed, such as "Judge Ana" or "Desk 2"' })
      .trim()
      .min(1, 'a name for this device is needed, such as "Judge Ana" or "Desk 2"')
      .max(DEVICE_NAME_MAX, `the name may have at most ${DEVICE_NAME_MAX} characters`)
      .superRefine((name, ctx) => {
        const problem = nameProblem(name, "device's name");
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  })
  .strict();

/** How long a join request's body may take to arrive (it is a few dozen bytes). */
const BODY_MS = 5000;

/** A request's body, or null when it is longer than `max` (reading stops there), breaks off, or dribbles in past BODY_MS. */
function readBody(request: IncomingMessage, max: number): Promise<string | null> {
  return new Promise((resolve) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > max) return resolve(null);
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const timer = setTimeout(() => finish(null), BODY_MS);
    timer.unref();
    const finish = (value: string | null): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(value);
    };
    request.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > max) finish(null);
      else chunks.push(chunk);
    });
    request.once('end', () => finish(Buffer.concat(chunks).toString('utf8')));
    request.once('error', () => finish(null));
  });
}

/** JSON with no `__proto__`, `constructor` or `prototype` key anywhere, or why the text is not that. */
function parsePlainJson(text: string): { value: unknown } | { problem: string } {
  let forbidden = false;
  try {
    const value: unknown = JSON.parse(text, (key, inner: unknown) => {
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') forbidden = true;
      return inner;
    });
    return forbidden ? { problem: 'that request has a field a join request never has' } : { value };
  } catch {
    return { problem: 'that request is not JSON: send {"code": "K7PM-Q2XD", "name": "Judge Ana"}' };
  }
}

/** The first problem of a join request, in words. */
function joinProblem(error: Parameters<typeof firstIssue>[0]): string {
  const { path, message } = firstIssue(error);
  return path === '' || message.startsWith('the ') || message.startsWith('a ') ? message : `${path}: ${message}`;
}

// ---------------------------------------------------------------------------------------------
// POST /join

export type JoinHandler = (request: IncomingMessage, response: ServerResponse, served: Served) => Promise<void>;

/** How long an address that guessed while the whole network was past its budget waits. */
const GUESSING_WAIT_S = 60;

/** `POST /join`: `{code, name}` → `{token, device}`; wrong codes slowed per address and across the network, the right one never refused. */
export function joinEndpoint(options: LanDoorOptions, limits: DoorLimits, replyJson: ReplyJson): JoinHandler {
  const wrongByAddress = new KeyedBuckets(limits.wrongCodesPerAddress, 4096, options.clock);
  const wrongCodes = new TokenBucket(limits.wrongCodes, options.clock);
  return async (request, response, served) => {
    const fail = (status: number, error: string, extra: Record<string, string> = {}): void => replyJson(response, served, status, { error }, extra);
    // An address out of its budget is refused before anything is read: it learns nothing meanwhile.
    // Each request takes its token at once (so many at the same time from one address cannot all
    // pass), and the right code gives it back.
    const mine = wrongByAddress.get(request.socket.remoteAddress ?? 'unknown');
    if (!mine.take()) {
      const wait = mine.secondsUntilNext();
      return fail(429, `too many wrong join codes from this device: wait ${wait} seconds, then type the code the station shows`, { 'Retry-After': String(wait) });
    }
    /** A request that is no join: its token stays spent. */
    const misused = fail;
    const type = String(request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') return misused(415, 'send the join code and the name as JSON (Content-Type: application/json)');
    const body = await readBody(request, limits.joinBodyBytes);
    if (body === null) return misused(413, 'that request is far too long (or too slow) for a join code and a name', { Connection: 'close' });
    const json = parsePlainJson(body);
    if ('problem' in json) return misused(400, json.problem);
    const parsed = joinSchema.safeParse(json.value);
    if (!parsed.success) return misused(400, joinProblem(parsed.error));
    const role = options.roleForCode(parsed.data.code);
    if (role === null) {
      if (!wrongCodes.take()) {
        // Many addresses guessing together: each one that guessed waits long (the right code still joins from anywhere else).
        mine.penalise(GUESSING_WAIT_S);
        const wait = mine.secondsUntilNext();
        return fail(429, `that join code is not right, and too many wrong codes were tried on this network: wait ${wait} seconds, then type the code the station shows`, {
          'Retry-After': String(wait),
        });
      }
      return fail(403, 'that join code is not right (or the scorekeeper has made a new one): type the code the station shows now');
    }
    mine.refund();
    try {
      const { token, device } = await options.registry.add(parsed.data.name, role);
      options.log?.info(`${device.name} joined the venue network as a ${role} device`, { device: device.id, role });
      options.onChange();
      replyJson(response, served, 200, { token, device: { id: device.id, name: device.name, role: device.role } });
    } catch (error) {
      if (error instanceof PodiumError) return fail(403, error.message);
      options.log?.warn(`A device could not join: ${error instanceof Error ? error.message : String(error)}`);
      fail(500, 'the station could not record this device (its folder cannot be written): tell the scorekeeper');
    }
  };
}
