/**
 * The station service as the support log sees it (log.ts): every save opened (or made, taken over,
 * repaired) with its notices, every save closed or copied, every request refused and why, and
 * every unexpected failure with its stack. Whoever calls — a window over IPC or the WebSocket, the
 * shell's menus, the reopening at start-up — goes through here.
 */
import type { EventSummary, Notice, StationSnapshot } from '../../core/api/contract.js';
import type { Caller } from '../../core/api/roles.js';
import type { SupportLog } from './log.js';
import type { StationService } from './station-service.js';

type Method = keyof Omit<StationService, 'subscribe' | 'pushClock' | 'current' | 'dispose' | 'snapshot'>;

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

export function withSupportLog<S extends StationService>(service: S, log: SupportLog): S {
  const refused = (method: Method, error: unknown, fields: Record<string, unknown> = {}): void => {
    const code = codeOf(error);
    if (code) log.warn(`Refused ${method}: ${error instanceof Error ? error.message : String(error)}`, { method, code, ...fields });
    else log.error(`${method} failed`, error, { method, ...fields });
  };
  const logged =
    <P, R>(method: Method, run: (params: P, caller?: Caller) => Promise<R>, done?: (result: R, params: P) => void, fields?: (params: P) => Record<string, unknown>) =>
    async (params: P, caller?: Caller): Promise<R> => {
      try {
        const result = await run(params, caller);
        done?.(result, params);
        return result;
      } catch (error) {
        refused(method, error, fields?.(params));
        throw error;
      }
    };
  const opened = (what: string) => (snapshot: StationSnapshot) => {
    if (!snapshot.summary) return;
    log.info(`${what} ${snapshot.summary.path}`, saveFields(snapshot.summary));
    for (const notice of snapshot.notices) log.warn(`Notice on ${snapshot.summary.path}: ${notice.message}`, noticeFields(notice));
  };
  const pathOf = (params: { path?: string } | undefined): Record<string, unknown> => (params?.path ? { path: params.path } : {});
  return {
    ...service,
    openEvent: logged('openEvent', service.openEvent, opened('Opened the save'), pathOf),
    createEvent: logged('createEvent', service.createEvent, opened('Made a new save'), pathOf),
    takeOverEvent: logged('takeOverEvent', service.takeOverEvent, opened('Took over the save')),
    saveRepairedCopy: logged('saveRepairedCopy', service.saveRepairedCopy, opened('Opened the repaired copy'), pathOf),
    closeEvent: logged('closeEvent', service.closeEvent, () => log.info('Closed the event')),
    saveAs: logged('saveAs', service.saveAs, (_, params) => log.info(`Saved a copy at ${params.path}`), pathOf),
    saveAsFromDialog: logged('saveAsFromDialog', service.saveAsFromDialog, (_, params) => log.info(`Saved a copy at ${params.path}`), pathOf),
    dispatch: logged('dispatch', service.dispatch, undefined, (params) => ({ command: (params as { command?: { type?: unknown } } | undefined)?.command?.type })),
    dispatchBatch: logged('dispatchBatch', service.dispatchBatch, (ack) => log.info(`Wrote a batch of ${ack.seq - ack.from + 1} commands`)),
    undo: logged('undo', service.undo),
    query: logged('query', service.query, undefined, (params) => ({ query: (params as { kind?: unknown } | undefined)?.kind })),
    print: logged('print', service.print, undefined, (params) => ({ doc: (params as { doc?: unknown } | undefined)?.doc })),
  };
}

function noticeFields(notice: Notice): Record<string, unknown> {
  return { notice: notice.kind, ...(notice.line !== undefined ? { line: notice.line } : {}) };
}
