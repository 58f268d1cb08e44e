/**
 * One message protocol for every transport (VS Code's base/parts/ipc idea): requests with ids,
 * responses, and pushes. A transport only has to move these messages (Electron IPC, a WebSocket,
 * or an in-memory pair for tests); the client and the server below are the same everywhere.
 */
import { PodiumError } from '../model/errors.js';
import { validateRequest, type HostApi, type RequestMethod, type StationApi, type StationPush } from './contract.js';
import type { Caller } from './roles.js';

export type RpcMessage =
  | { kind: 'request'; id: number; method: string; params: unknown }
  | { kind: 'response'; id: number; ok: true; result: unknown }
  | { kind: 'response'; id: number; ok: false; error: RpcError }
  | { kind: 'push'; push: StationPush };

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

type RequestHandlers = Omit<HostApi, 'subscribe'>;

/** The renderer's side: a StationApi over any channel. */
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
  const call = (method: RequestMethod, params: unknown): Promise<never> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      channel.send({ kind: 'request', id, method, params: params ?? {} });
    });
  return {
    snapshot: () => call('snapshot', {}),
    createEvent: (params) => call('createEvent', params),
    openEvent: (params) => call('openEvent', params),
    closeEvent: () => call('closeEvent', {}),
    takeOverEvent: () => call('takeOverEvent', {}),
    saveAs: (params) => call('saveAs', params),
    saveRepairedCopy: (params) => call('saveRepairedCopy', params),
    dispatch: (params) => call('dispatch', params),
    dispatchBatch: (params) => call('dispatchBatch', params),
    undo: (params) => call('undo', params),
    query: (params) => call('query', params),
    print: (params) => call('print', params),
    whoami: () => call('whoami', {}),
    networkStatus: () => call('networkStatus', {}),
    setNetwork: (params) => call('setNetwork', params),
    newJoinCode: (params) => call('newJoinCode', params),
    revokeDevice: (params) => call('revokeDevice', params),
    publishSite: (params) => call('publishSite', params),
    siteStatus: () => call('siteStatus', {}),
    newStationKey: () => call('newStationKey', {}),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Requests serveRpc has validated, by their params: the object the parse produced, which goes to
 * the handler and nowhere else, so no other caller can hold one. The one parse of a request is at
 * the edge that receives it: here for a window (IPC, WebSocket), in the station service for an
 * in-process caller (the shell's menus, tests), which parses whatever is not marked here.
 */
const parsedHere = new WeakMap<object, RequestMethod>();

/** Did serveRpc parse `params` as the params of `method` (so the service need not parse them again)? */
export function parsedAtEdge(method: RequestMethod, params: unknown): boolean {
  return typeof params === 'object' && params !== null && parsedHere.get(params) === method;
}

/**
 * The host's side: validate every request from the channel (the one parse of it), run it on the
 * real services, answer. Pushes from the services go to this channel until the returned function
 * is called. `onInvalid` hears every request refused here, before it reached the services (the
 * host's support log records why). `caller`: who the connection belongs to (a joined device on
 * the venue network; default the local station), passed with every request and subscription so
 * the service refuses what the caller's role may not do and keeps the station's own pushes to it.
 */
export function serveRpc(
  api: HostApi,
  channel: RpcChannel,
  options: { onInvalid?: (method: string, message: string) => void; caller?: Caller } = {},
): () => void {
  const handlers: RequestHandlers = api;
  const caller = options.caller;
  const stopPushes = api.subscribe((push) => channel.send({ kind: 'push', push }), caller);
  const stopMessages = channel.onMessage((raw) => {
    const message = raw as Partial<Extract<RpcMessage, { kind: 'request' }>>;
    if (!message || typeof message !== 'object' || message.kind !== 'request' || typeof message.id !== 'number') return;
    const id = message.id;
    const checked = validateRequest(message.method, message.params);
    if (!checked.ok) {
      options.onInvalid?.(String(message.method).slice(0, 100), checked.message);
      channel.send({ kind: 'response', id, ok: false, error: { code: 'invalid-request', message: checked.message } });
      return;
    }
    const handler = handlers[checked.method] as (params: unknown, caller?: Caller) => Promise<unknown>;
    if (typeof checked.params === 'object' && checked.params !== null) parsedHere.set(checked.params, checked.method);
    handler
      .call(api, checked.params, caller)
      .then((result) => channel.send({ kind: 'response', id, ok: true, result: result ?? null }))
      .catch((error: unknown) => channel.send({ kind: 'response', id, ok: false, error: toRpcError(error) }));
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
