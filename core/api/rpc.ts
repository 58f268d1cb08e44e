/**
 * One message protocol for every transport (VS Code's base/parts/ipc idea): requests with ids,
 * responses, and pushes. A transport only has to move these messages (Electron IPC, a WebSocket,
 * or an in-memory pair for tests); the client and the server below are the same everywhere.
 */
import { PodiumError } from '../model/errors.js';
import type { StationPush } from './contract.js';
import { isRequestMethod, REQUEST_METHODS, type HostApi, type StationApi } from './methods.js';
import type { Caller } from './roles.js';

export type RpcMessage =
  | { kind: 'request'; id: number; method: string; params: unknown }
  | { kind: 'response'; id: number; ok: true; result: unknown }
  | { kind: 'response'; id: number; ok: false; error: RpcError }
  | { kind: 'push'; push: StationPush }
  /** The host's sign of life on an idle link (core/api/heartbeat.ts): clients only note that they heard it. */
  | { kind: 'beat'; now: number };

export interface RpcError {
  /** PodiumError codes, plus 'invalid-request' and 'internal'. */
  code: string;
  message: string;
}

/** A bidirectional message pipe. Messages are plain JSON-compatible values. */
export interface RpcChannel {
  send(message: RpcMessage): void;
  onMessage(handler: (message: unknown) => void): () => void;
}

/** The error a client call rejects with: the host's code and words, for the scorekeeper. */
export class StationError extends Error {
  readonly code: string;
  constructor(error: RpcError) {
    super(error.message);
    this.name = 'StationError';
    this.code = error.code;
  }
}

/**
 * The renderer's side: a StationApi over any channel, made from the method table
 * (core/api/methods.ts) as VS Code's ProxyChannel makes its client from a channel: every method of
 * the table is a request, named as it is called; anything else is not there (so a typo is a
 * TypeError, and an awaited client is not taken for a promise).
 */
export function createRpcClient(channel: RpcChannel): StationApi {
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Set<(push: StationPush) => void>();
  channel.onMessage((raw) => {
    const message = raw as RpcMessage;
    if (!message || typeof message !== 'object') return;
    if (message.kind === 'push') {
      for (const listener of listeners) listener(message.push);
    } else if (message.kind === 'response') {
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (message.ok) waiting.resolve(message.result);
      else waiting.reject(new StationError(message.error));
    }
  });
  const call = (method: string, params: unknown): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      channel.send({ kind: 'request', id, method, params: params ?? {} });
    });
  const subscribe = (listener: (push: StationPush) => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  // One function per row of the method table, nothing else (not even Object's own members): a
  // window can spread or wrap the client ({ ...api, dispatch }) and a test can replace a method.
  const api = Object.create(null) as Record<string, unknown>;
  api.subscribe = subscribe;
  for (const method of REQUEST_METHODS) api[method] = (params?: unknown) => call(method, params);
  return api as StationApi;
}

/**
 * The host's side: every request from the channel goes to the host's one entry (`api.call`, where
 * it is parsed once and refused by role: core/api/methods.ts parseRequest) and is answered. Pushes
 * from the services go to this channel until the returned function is called. `onInvalid` hears
 * every request refused as not a request (the host's support log records why). `caller`: who the
 * connection belongs to (a joined device on the venue network; default the local station), passed
 * with every request and subscription.
 */
export function serveRpc(
  api: HostApi,
  channel: RpcChannel,
  options: { onInvalid?: (method: string, message: string) => void; caller?: Caller } = {},
): () => void {
  const caller = options.caller;
  const stopPushes = api.subscribe((push) => channel.send({ kind: 'push', push }), caller);
  const stopMessages = channel.onMessage((raw) => {
    const message = raw as Partial<Extract<RpcMessage, { kind: 'request' }>>;
    if (!message || typeof message !== 'object' || message.kind !== 'request' || typeof message.id !== 'number') return;
    const id = message.id;
    api
      .call(String(message.method), message.params, caller)
      .then((result) => channel.send({ kind: 'response', id, ok: true, result: result ?? null }))
      .catch((error: unknown) => {
        const answer = toRpcError(error);
        if (answer.code === 'invalid-request') options.onInvalid?.(String(message.method).slice(0, 100), answer.message);
        channel.send({ kind: 'response', id, ok: false, error: answer });
      });
  });
  return () => {
    stopPushes();
    stopMessages();
  };
}

export function toRpcError(error: unknown): RpcError {
  if (error instanceof PodiumError) return { code: error.code, message: error.message };
  if (error instanceof StationError) return { code: error.code, message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message: `something went wrong on the station host: ${message}` };
}

/** Two connected in-memory channels (tests, and the in-process host). Delivery is asynchronous. */
export function createMemoryChannelPair(): [RpcChannel, RpcChannel] {
  const handlers: [Set<(m: unknown) => void>, Set<(m: unknown) => void>] = [new Set(), new Set()];
  const make = (self: 0 | 1): RpcChannel => ({
    send(message) {
      // A JSON round trip, as every real transport does: nothing live crosses the boundary.
      const copy: unknown = JSON.parse(JSON.stringify(message));
      queueMicrotask(() => {
        for (const handler of handlers[self === 0 ? 1 : 0]) handler(copy);
      });
    },
    onMessage(handler) {
      handlers[self].add(handler);
      return () => handlers[self].delete(handler);
    },
  });
  return [make(0), make(1)];
}
