/**
 * The StationApi as one table (ARCHITECTURE "The StationApi"): each row is a request method — the
 * schema of its params, the type of its answer, and who may call it. Everything else is derived
 * from the table: the `StationApi` type the windows call, the host's request validation and its
 * refusals by role (`parseRequest`, the one parse of every request, whichever door it came
 * through), the screens' `mayCall`, and the client (core/api/rpc.ts: one function per row, as VS
 * Code's ProxyChannel). Who may send which journal command sits beside the command's schema
 * (core/event/commands.ts COMMAND_SENDERS).
 *
 * Adding a method is one row here and its handler in the host (electron/host/station-service.ts
 * HANDLERS): README "Adding a method".
 */
import { z } from 'zod';
import { commandRefusal, newCommandSchema, newEventNameSchema, settingsPatchSchema, type NewCommand } from '../event/commands.js';
import { PodiumError } from '../model/errors.js';
import { RULESET_IDS } from '../model/types.js';
import { zodMessage } from '../model/zod-words.js';
import type {
  BatchAck,
  DispatchAck,
  NetworkStatus,
  PrintResult,
  QueryResult,
  SitePublished,
  SiteStatus,
  StationPush,
  StationSnapshot,
  WhoAmI,
} from './contract.js';
import { DOCUMENT_NAMES, MAX_BATCH } from './contract.js';
import { DEVICE_ROLES, ROLE_LABELS, type Caller, type Who } from './roles.js';

/** A row: the params' schema, who may call it, a finer check on the parsed params, and (as a type only) the answer. */
interface Row<S extends z.ZodType, A> {
  params: S;
  callers: readonly Who[];
  /** Why `who` may not make this request with these params, in words (after `callers` let it through), or null. */
  refuse?: (who: Who, params: z.output<S>) => string | null;
  /** Never set: carries the answer's type. */
  readonly answer?: A;
}

/** A row answering `A` (the answer's type given, the params' inferred). */
const answers =
  <A>() =>
  <S extends z.ZodType>(params: S, callers: readonly Who[], refuse?: (who: Who, params: z.output<S>) => string | null): Row<S, A> =>
    refuse ? { params, callers, refuse } : { params, callers };

/** Everyone: the head-judge station's windows and every joined device. */
const EVERYONE: readonly Who[] = ['local', 'station', 'judge', 'display'];
/** The scorekeeper's desks: the head-judge station and a second station. */
const DESKS: readonly Who[] = ['local', 'station'];
/** Who works the floor: the desks and judges. */
const FLOOR: readonly Who[] = ['local', 'station', 'judge'];
/** The head-judge station alone: the host's files, the open event, the network's door. */
const LOCAL: readonly Who[] = ['local'];

const none = z.object({}).strict();
const path = z.string().min(1).max(4096);
const seed = z.number().int().optional();
const cid = z.string().min(1).max(64).optional();
/** When the command was typed (ISO, on the host's clock as the window knows it): the event log shows it beside when it arrived. */
const typedAt = z
  .string()
  .max(40)
  .refine((text) => !Number.isNaN(Date.parse(text)), { error: 'typedAt is not a time (an ISO date and time, such as 2026-05-02T14:02:00.000Z)' })
  .optional();

const querySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('standings') }).strict(),
  /** `replace`: a new pairing for the current round (re-pair before any result), not the next one. */
  z.object({ kind: z.literal('propose-pairing'), seed, replace: z.boolean().optional() }).strict(),
  z.object({ kind: z.literal('propose-playoff'), top: z.number().int().min(2).max(64), draft: z.boolean().optional(), seed }).strict(),
  z.object({ kind: z.literal('next-playoff-round'), seed }).strict(),
  z.object({ kind: z.literal('journal'), from: z.number().int().min(0).optional() }).strict(),
  z.object({ kind: z.literal('recent-events') }).strict(),
]);

/** What a display may ask (it shows what is published; it proposes nothing), and what only the head-judge station may. */
function queryRefusal(who: Who, query: z.output<typeof querySchema>): string | null {
  // The saves on this computer (paths, other events' names) are the head-judge station's alone.
  if (query.kind === 'recent-events' && who !== 'local') return 'cannot list the saves on the head-judge station';
  if (who === 'display' && query.kind !== 'standings') return `is read only: it cannot ask for ${query.kind}`;
  return null;
}

/** Each command of a dispatch by its senders (core/event/commands.ts COMMAND_SENDERS). */
function commandsRefusal(who: Who, commands: readonly NewCommand[]): string | null {
  for (const command of commands) {
    const refused = commandRefusal(who, command.type);
    if (refused) return refused;
  }
  return null;
}

export const METHODS = {
  snapshot: answers<StationSnapshot>()(none, EVERYONE),
  createEvent: answers<StationSnapshot>()(
    z.object({ name: newEventNameSchema, ruleset: z.enum(RULESET_IDS), settings: settingsPatchSchema, path: path.optional(), seed }).strict(),
    LOCAL,
  ),
  openEvent: answers<StationSnapshot>()(z.object({ path }).strict(), LOCAL),
  closeEvent: answers<void>()(none, LOCAL),
  /**
   * For a save open read-only because another Podium held it: open it for writing here, now that
   * the holder has let go (refused in words while it still holds it).
   */
  takeOverEvent: answers<StationSnapshot>()(none, LOCAL),
  /** A copy of the open save; an existing file is replaced only with `overwrite` (the user confirmed it). */
  saveAs: answers<void>()(z.object({ path, overwrite: z.boolean().optional() }).strict(), LOCAL),
  /** For a damaged save: write everything before the damage to a new file and open that. */
  saveRepairedCopy: answers<StationSnapshot>()(z.object({ path }).strict(), LOCAL),
  /**
   * The host stamps the time (`at`) of clock commands and results: a window leaves it out. `cid`,
   * the client's own id for the command: sent again (after a dropped connection) it is answered
   * with the first sending's ack and never written twice. New commands' names refuse control
   * characters (core/model/names.ts); the journal reader does not. `typedAt`: when it was typed
   * (a command that waited offline arrives later), kept with its entry.
   */
  dispatch: answers<DispatchAck>()(z.object({ command: newCommandSchema, cid, typedAt }).strict(), FLOOR, (who, p) => commandsRefusal(who, [p.command])),
  /**
   * Several commands, all or nothing, written and pushed at once (a CSV import): each is checked
   * against the state the ones before it leave; a refusal names the command's place. No undo or
   * pairing in a batch.
   */
  dispatchBatch: answers<BatchAck>()(z.object({ commands: z.array(newCommandSchema).min(1).max(MAX_BATCH), cid, typedAt }).strict(), FLOOR, (who, p) => commandsRefusal(who, p.commands)),
  undo: answers<DispatchAck>()(z.object({ seq: z.number().int().min(0), reason: z.string().max(500).optional() }).strict(), DESKS),
  query: answers<QueryResult>()(querySchema, EVERYONE, queryRefusal),
  print: answers<PrintResult>()(
    z
      .object({
        doc: z.enum(DOCUMENT_NAMES),
        round: z.number().int().min(1).optional(),
        pageSize: z.enum(['A4', 'LETTER']).optional(),
        splitAtLetter: z.string().regex(/^\p{L}$/u, 'one letter, such as L').optional(),
        player: z.string().min(1, 'a player id cannot be empty').max(64, 'a player id has at most 64 characters').optional(),
      })
      .strict(),
    DESKS,
  ),
  whoami: answers<WhoAmI>()(none, EVERYONE),
  /**
   * A player's personal code ("KPMQ-7XDR"), for the desk to show once at registration or to tell a
   * player who lost their card (the desks only: a judge, a display or a phone never learns one). The
   * host draws the event's claim secret when first asked. Refused in words with claims off.
   */
  personalCode: answers<{ player: string; code: string }>()(z.object({ player: z.string().min(1, 'a player id cannot be empty').max(64, 'a player id has at most 64 characters') }).strict(), DESKS),
  /** The venue network (local station only): its state, on and off, a new join code, revoking a device. */
  networkStatus: answers<NetworkStatus>()(none, LOCAL),
  /** On or off; `address`: listen on that one of the computer's addresses only (null: every one), remembered. */
  setNetwork: answers<NetworkStatus>()(z.object({ on: z.boolean(), address: z.string().min(1).max(64).nullable().optional() }).strict(), LOCAL),
  newJoinCode: answers<NetworkStatus>()(z.object({ role: z.enum(DEVICE_ROLES) }).strict(), LOCAL),
  revokeDevice: answers<NetworkStatus>()(z.object({ id: z.string().min(1).max(64) }).strict(), LOCAL),
  /**
   * The published site (local station only): write the open event's static site now into `folder`
   * (default: the one it was last published to), and remember the folder and `auto` (re-publish by
   * itself) for this event. Refused in words when there is no folder yet, the folder is gone or
   * cannot be written, or is the station's own folder; nothing is left half-written. A folder holding
   * another event's site, or files Podium did not write, is refused with the code
   * `site-folder-taken` unless `replace` (the organiser confirmed replacing what is there).
   */
  publishSite: answers<SitePublished>()(z.object({ folder: path.optional(), auto: z.boolean().optional(), replace: z.boolean().optional() }).strict(), LOCAL),
  /** The open event's site settings and how its last publish went (local station only). */
  siteStatus: answers<SiteStatus>()(none, LOCAL),
  /**
   * Browser mode (local station only): replace the station key — kept across restarts — with a
   * new one, answered to the window that asked (which already holds the old one); every other
   * window with the old key is closed and must open the new address. Refused in words where the
   * station has no key (the desktop app's windows need none).
   */
  newStationKey: answers<{ key: string }>()(none, LOCAL),
} as const;

type Methods = typeof METHODS;
export type RequestMethod = keyof Methods;
export const REQUEST_METHODS = Object.keys(METHODS) as RequestMethod[];

/** What a window sends as a method's params. */
export type ParamsOf<M extends RequestMethod> = z.input<Methods[M]['params']>;
/** A method's params once parsed: what its handler gets. */
export type ParsedParams<M extends RequestMethod> = z.output<Methods[M]['params']>;
export type AnswerOf<M extends RequestMethod> = Exclude<Methods[M]['answer'], undefined>;

/** A method as a window calls it: no params where it takes none. */
type Call<M extends RequestMethod> = Record<string, never> extends ParamsOf<M> ? (params?: ParamsOf<M>) => Promise<AnswerOf<M>> : (params: ParamsOf<M>) => Promise<AnswerOf<M>>;

/** The StationApi: every method of the table, and the host's pushes. */
export type StationApi = { [M in RequestMethod]: Call<M> } & {
  subscribe(listener: (push: StationPush) => void): () => void;
};

/**
 * The host side, as every transport serves it (core/api/rpc.ts serveRpc): one entry for every
 * request — validated, refused by role, answered — and the pushes, each with who is asking.
 */
export interface HostApi {
  call(method: string, params: unknown, caller?: Caller): Promise<unknown>;
  subscribe(listener: (push: StationPush) => void, caller?: Caller): () => void;
}

export function isRequestMethod(method: unknown): method is RequestMethod {
  return typeof method === 'string' && Object.hasOwn(METHODS, method);
}

function whoOf(caller: Caller): Who {
  return caller.kind === 'local' ? 'local' : caller.role;
}

/**
 * Why `caller` may not call `method` with these (already parsed) params, in words, or null when
 * it may.
 */
export function refusalFor<M extends RequestMethod>(caller: Caller, method: M, params: ParsedParams<M>): string | null {
  const row = METHODS[method] as Row<z.ZodType, unknown>;
  const who = whoOf(caller);
  const named = caller.kind === 'local' ? 'the head-judge station' : `${caller.name} (${ROLE_LABELS[caller.role]})`;
  if (!row.callers.includes(who)) {
    if (row.callers.length === 1) return `${named} cannot do this from a device: only the head-judge station can (${method})`;
    if (who === 'display') return `${named} is read only: it cannot change the event`;
    return `${named} cannot do this from a ${ROLE_LABELS[who as Exclude<Who, 'local'>]} device: ask the scorekeeper (${method})`;
  }
  const refused = row.refuse?.(who, params);
  return refused ? `${named} ${refused}` : null;
}

/**
 * The one parse of a request, wherever it came from (a window over IPC or a WebSocket, a device,
 * an in-process caller): the method known, its params as its schema says, and the caller allowed.
 * Throws a PodiumError in words: 'invalid-request' for what is not a request, 'not-allowed' for
 * what the caller's role may not do.
 */
export function parseRequest<M extends RequestMethod>(method: M | string, params: unknown, caller: Caller): { method: M; params: ParsedParams<M> } {
  const checked = validateRequest(method, params);
  if (!checked.ok) throw new PodiumError('invalid-request', checked.message);
  const refusal = refusalFor(caller, checked.method, checked.params as ParsedParams<RequestMethod>);
  if (refusal !== null) throw new PodiumError('not-allowed', refusal);
  return { method: checked.method as M, params: checked.params as ParsedParams<M> };
}

/** The method and its params as its schema reads them, or why not in one line (the roles aside). */
export function validateRequest(method: unknown, params: unknown): { ok: true; method: RequestMethod; params: unknown } | { ok: false; message: string } {
  if (!isRequestMethod(method)) return { ok: false, message: `unknown method ${String(JSON.stringify(method)).slice(0, 80)}` };
  const parsed = METHODS[method].params.safeParse(params ?? {});
  if (!parsed.success) return { ok: false, message: zodMessage(parsed.error, `${method}: invalid request`) };
  return { ok: true, method, params: parsed.data };
}

/** May `caller` call `method` at all (the screens hide what it may not)? */
export function mayCall(caller: Caller, method: RequestMethod): boolean {
  return (METHODS[method] as Row<z.ZodType, unknown>).callers.includes(whoOf(caller));
}

/** May `caller` send a command of this type (the screens hide what is refused)? */
export function mayDispatch(caller: Caller, commandType: string): boolean {
  return mayCall(caller, 'dispatch') && commandRefusal(whoOf(caller), commandType) === null;
}
