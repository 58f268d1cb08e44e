/**
 * The venue network's `POST /join` (issue 15, 3), split from lan-door.ts: `{"code", "name"}` as
 * JSON answers `{"token", "device"}`. Joining is rate-limited per address, and wrong codes across
 * the whole network, so a code of 40 random bits cannot be found by trying; the body is read up to
 * a small limit and parsed strictly (no `__proto__` key, exactly the two fields).
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

/** A request's body, or null when it is longer than `max` (reading stops there) or breaks off. */
function readBody(request: IncomingMessage, max: number): Promise<string | null> {
  return new Promise((resolve) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > max) return resolve(null);
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (value: string | null): void => {
      if (done) return;
      done = true;
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

/** `POST /join`: `{code, name}` → `{token, device}`, rate-limited per address and for wrong codes. */
export function joinEndpoint(options: LanDoorOptions, limits: DoorLimits, replyJson: ReplyJson): JoinHandler {
  const joins = new KeyedBuckets(limits.joinsPerAddress, 1024, options.clock);
  const wrongCodes = new TokenBucket(limits.wrongCodes, options.clock);
  return async (request, response, served) => {
    const fail = (status: number, error: string, extra: Record<string, string> = {}): void => replyJson(response, served, status, { error }, extra);
    // Limited before anything is read: while limited, even the right code learns nothing.
    const mine = joins.get(request.socket.remoteAddress ?? 'unknown');
    if (!mine.take()) {
      const wait = mine.secondsUntilNext();
      return fail(429, `too many tries to join from this device: wait ${wait} seconds, then try again`, { 'Retry-After': String(wait) });
    }
    if (!wrongCodes.has()) {
      const wait = wrongCodes.secondsUntilNext();
      return fail(429, `too many wrong join codes were tried on this network: wait ${wait} seconds, then try again`, { 'Retry-After': String(wait) });
    }
    const type = String(request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') return fail(415, 'send the join code and the name as JSON (Content-Type: application/json)');
    const body = await readBody(request, limits.joinBodyBytes);
    if (body === null) return fail(413, 'that request is far too long for a join code and a name', { Connection: 'close' });
    const json = parsePlainJson(body);
    if ('problem' in json) return fail(400, json.problem);
    const parsed = joinSchema.safeParse(json.value);
    if (!parsed.success) return fail(400, joinProblem(parsed.error));
    const role = options.roleForCode(parsed.data.code);
    if (role === null) {
      wrongCodes.take();
      return fail(403, 'that join code is not right (or the scorekeeper has made a new one): type the code the station shows now');
    }
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
