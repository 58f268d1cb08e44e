/**
 * The station service as the support log sees it (log.ts): every save opened (or made, taken over,
 * repaired) with its notices, every save closed or copied, every request refused and why, and
 * every unexpected failure with its stack. Whoever calls — a window over IPC or the WebSocket, the
 * shell's menus, the reopening at start-up — goes through here.
 */
import type { BatchAck, EventSummary, Notice, StationSnapshot } from '../../core/api/contract.js';
import { REQUEST_METHODS, type RequestMethod } from '../../core/api/methods.js';
import type { Caller } from '../../core/api/roles.js';
import type { SupportLog } from './log.js';
import type { StationService } from './station-service.js';
import type { InProcessApi } from './station-types.js';

/**
 * A refusal in words carries a Podium code (PodiumError, StationError: 'save-locked',
 * 'invalid-request'); anything else (an errno like ENOENT, 'internal', no code) is a failure.
 */
function codeOf(error: unknown): string | null {
  const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[a-z][a-z-]*$/.test(code) && code !== 'internal' ? code : null;
}

function saveFields(summary: EventSummary): Record<string, unknown> {
  return {
    path: summary.path,
    name: summary.name,
    ruleset: summary.ruleset,
    entries: summary.entries,
    readOnly: summary.readOnly,
    ...(summary.readOnlyReason ? { readOnlyReason: summary.readOnlyReason } : {}),
    ...(summary.heldBy ? { heldBy: summary.heldBy.description } : {}),
  };
}

/** What the log says of each method's success (none: only its refusals and failures), and the fields it names. */
interface LogWay {
  done?: (result: unknown, params: Record<string, unknown>) => void;
  fields?: (params: Record<string, unknown>) => Record<string, unknown>;
}

export function withSupportLog<S extends StationService>(service: S, log: SupportLog): S {
  const refused = (method: string, error: unknown, fields: Record<string, unknown> = {}): void => {
    const code = codeOf(error);
    if (code) log.warn(`Refused ${method}: ${error instanceof Error ? error.message : String(error)}`, { method, code, ...fields });
    else log.error(`${method} failed`, error, { method, ...fields });
  };
  const opened = (what: string) => (result: unknown) => {
    const snapshot = result as StationSnapshot;
    if (!snapshot.summary) return;
    log.info(`${what} ${snapshot.summary.path}`, saveFields(snapshot.summary));
    for (const notice of snapshot.notices) log.warn(`Notice on ${snapshot.summary.path}: ${notice.message}`, noticeFields(notice));
  };
  const pathOf = (params: Record<string, unknown>): Record<string, unknown> => (typeof params.path === 'string' ? { path: params.path } : {});
  const copied = (_: unknown, params: Record<string, unknown>) => log.info(`Saved a copy at ${String(params.path)}`);
  const ways: Partial<Record<RequestMethod | 'saveAsFromDialog', LogWay>> = {
    openEvent: { done: opened('Opened the save'), fields: pathOf },
    createEvent: { done: opened('Made a new save'), fields: pathOf },
    takeOverEvent: { done: opened('Took over the save') },
    saveRepairedCopy: { done: opened('Opened the repaired copy'), fields: pathOf },
    closeEvent: { done: () => log.info('Closed the event') },
    saveAs: { done: copied, fields: pathOf },
    saveAsFromDialog: { done: copied, fields: pathOf },
    dispatch: { fields: (params) => ({ command: (params.command as { type?: unknown } | undefined)?.type }) },
    dispatchBatch: { done: (ack) => log.info(`Wrote a batch of ${(ack as BatchAck).seq - (ack as BatchAck).from + 1} commands`) },
    query: { fields: (params) => ({ query: params.kind }) },
    print: { fields: (params) => ({ doc: params.doc }) },
  };
  // Whatever calls (a window over IPC or the WebSocket, a device, the shell's menus) comes through `call`.
  const logged = async (method: string, run: () => Promise<unknown>, params: unknown): Promise<unknown> => {
    const way = ways[method as RequestMethod] ?? {};
    const given = typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {};
    try {
      const result = await run();
      way.done?.(result, given);
      return result;
    } catch (error) {
      // A snapshot and the like are asked every moment: only what goes wrong with them is worth a line.
      refused(method, error, way.fields?.(given));
      throw error;
    }
  };
  const call: S['call'] = (method, params, caller) => logged(method, () => service.call(method, params, caller), params);
  const inProcess = Object.fromEntries(REQUEST_METHODS.map((method) => [method, (params: unknown, caller?: Caller) => call(method, params, caller)])) as InProcessApi;
  return {
    ...service,
    ...inProcess,
    call,
    saveAsFromDialog: (params) => logged('saveAsFromDialog', () => service.saveAsFromDialog(params), params) as Promise<void>,
  };
}

function noticeFields(notice: Notice): Record<string, unknown> {
  return { notice: notice.kind, ...(notice.line !== undefined ? { line: notice.line } : {}) };
}
