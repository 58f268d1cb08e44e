/**
 * Messages from the network, read strictly: a frame as text, JSON with no
 * `__proto__`, `constructor` or `prototype` key at any depth (prototype pollution of whatever
 * copies the object later), and a joined device's RPC request exactly as its client sends one.
 * The transports close the connection on anything else (transport-ws.ts for devices,
 * public-requests.ts for players' phones).
 *
 * Plain Node, no I/O.
 */
import type { RawData } from 'ws';
import type { RpcMessage } from '../../core/api/rpc.js';

/** Keys no message may carry anywhere. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
const REQUEST_KEYS = new Set(['kind', 'id', 'method', 'params']);

export type RpcRequest = Extract<RpcMessage, { kind: 'request' }>;

/** A frame's bytes as text. */
export function frameText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/** JSON text parsed, or why it may not be read: not JSON, or a forbidden key somewhere. */
export function parseStrictJson(data: RawData | string): { ok: true; value: unknown } | { ok: false; reason: string } {
  let forbidden: string | null = null;
  let value: unknown;
  try {
    value = JSON.parse(typeof data === 'string' ? data : frameText(data), (key, inner: unknown) => {
      if (FORBIDDEN_KEYS.has(key)) forbidden = key;
      return inner;
    });
  } catch {
    return { ok: false, reason: 'a message that is not JSON' };
  }
  if (forbidden !== null) return { ok: false, reason: `a message with a "${forbidden}" key` };
  return { ok: true, value };
}

/**
 * A device's frame as an RPC request, or why it is not one: a binary frame, text that is not
 * JSON, JSON that is not exactly a request object (`kind: 'request'`, a whole-number `id`, a
 * `method` name, `params`), or any `__proto__` / `constructor` / `prototype` key at any depth.
 * The transport closes the connection on any of these: a device's own client never sends them.
 */
export function parseDeviceMessage(data: RawData | string, isBinary = false): { ok: true; message: RpcRequest } | { ok: false; reason: string } {
  if (isBinary) return { ok: false, reason: 'a binary message (Podium speaks JSON text)' };
  const parsed = parseStrictJson(data);
  if (!parsed.ok) return parsed;
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reason: 'a message that is not a request object' };
  const message = value as Record<string, unknown>;
  if (message.kind !== 'request') return { ok: false, reason: 'a message that is not a request' };
  for (const key of Object.keys(message)) if (!REQUEST_KEYS.has(key)) return { ok: false, reason: 'a message with an unknown field' };
  if (typeof message.id !== 'number' || !Number.isSafeInteger(message.id) || message.id < 0) return { ok: false, reason: 'a request without a whole-number id' };
  if (typeof message.method !== 'string' || message.method.length === 0 || message.method.length > 64) return { ok: false, reason: 'a request without a method name' };
  return { ok: true, message: { kind: 'request', id: message.id, method: message.method, params: message.params ?? {} } };
}
