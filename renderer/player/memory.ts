/**
 * What the phone remembers (localStorage; a phone that refuses storage just forgets): who its
 * player is, per event ("Find me" once, then every round); the table code it holds (from a slip's
 * QR code or typed), per event and valid for that round and table only — a code of one event is
 * never offered in another, whose tables and rounds have the same numbers; and the phone's own
 * random id, which the host's journal records with each report ("which phone said what").
 *
 * A slip's QR code does not name its event: the page holds the slip it was opened with (through a
 * reload, for a few hours) until the host's view says which event is open, and keeps its code for
 * that event only if the slip is of the round being played.
 */
import { PLAYER_PAGE_PATH } from '../../core/public/types.js';

export interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The page's localStorage, or a memory of this page's life when the phone refuses storage. */
export function pageStorage(): KeyValue {
  const fallback = new Map<string, string>();
  const local = (): Storage | null => {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  };
  return {
    getItem: (key) => {
      try {
        return local()?.getItem(key) ?? fallback.get(key) ?? null;
      } catch {
        return fallback.get(key) ?? null;
      }
    },
    setItem: (key, value) => {
      fallback.set(key, value);
      try {
        local()?.setItem(key, value);
      } catch {
        // Private browsing with storage refused: remembered for this page only.
      }
    },
    removeItem: (key) => {
      fallback.delete(key);
      try {
        local()?.removeItem(key);
      } catch {
        // As above.
      }
    },
  };
}

export const meKey = (eventId: string): string => `podium.player.${eventId}.me`;
export const codeKey = (eventId: string): string => `podium.player.${eventId}.code`;
/** The slip the page was opened with, until the host's view says which event it is for. */
export const SLIP_KEY = 'podium.player.slip';
/** Where a code was kept before codes were kept per event: never read (it could be another event's), removed. */
export const LEGACY_CODE_KEY = 'podium.player.code';
export const PHONE_KEY = 'podium.player.phone';

/** A slip held longer than this (a phone opened at another event, days later) is not used. */
export const SLIP_HELD_MS = 3 * 60 * 60 * 1000;

/** The player this phone found for `eventId`, if any. */
export function rememberedMe(store: KeyValue, eventId: string): string | null {
  return store.getItem(meKey(eventId));
}

export function rememberMe(store: KeyValue, eventId: string, id: string | null): void {
  if (id === null) store.removeItem(meKey(eventId));
  else store.setItem(meKey(eventId), id);
}

/** A table's code for one round (what a slip's QR code carries). */
export interface TableCode {
  round: number;
  table: number;
  code: string;
}

function readCode(text: string | null): TableCode | null {
  try {
    const held = JSON.parse(text ?? 'null') as Partial<TableCode> | null;
    if (!held || typeof held.code !== 'string' || !Number.isInteger(held.round) || !Number.isInteger(held.table)) return null;
    return { round: held.round as number, table: held.table as number, code: held.code };
  } catch {
    return null;
  }
}

/** Keep `code` for `eventId` (the one code this phone holds for that event). */
export function rememberCode(store: KeyValue, eventId: string, code: TableCode): void {
  store.setItem(codeKey(eventId), JSON.stringify(code));
}

/** The code this phone holds for `table` of `round` of `eventId`, or null. */
export function codeFor(store: KeyValue, eventId: string, round: number, table: number): string | null {
  const held = readCode(store.getItem(codeKey(eventId)));
  return held && held.round === round && held.table === table ? held.code : null;
}

/** Hold the slip the page was opened with (`now`: this phone's time), until the view says its event. */
export function holdSlip(store: KeyValue, slip: TableCode, now: number): void {
  store.setItem(SLIP_KEY, JSON.stringify({ ...slip, at: now }));
}

/** The slip held from a page opened less than SLIP_HELD_MS ago, or null. */
export function heldSlip(store: KeyValue, now: number): TableCode | null {
  const text = store.getItem(SLIP_KEY);
  const slip = readCode(text);
  let at = Number.NaN;
  try {
    at = Number((JSON.parse(text ?? 'null') as { at?: unknown } | null)?.at);
  } catch {
    at = Number.NaN;
  }
  if (!slip || !(now - at >= 0 && now - at < SLIP_HELD_MS)) {
    if (text !== null) store.removeItem(SLIP_KEY);
    return null;
  }
  return slip;
}

export function dropHeldSlip(store: KeyValue): void {
  store.removeItem(SLIP_KEY);
}

/** Forget what older pages kept (a code not tied to its event). */
export function forgetLegacy(store: KeyValue): void {
  store.removeItem(LEGACY_CODE_KEY);
}

/** This phone's own id (made once). */
export function phoneId(store: KeyValue, random: () => string = randomId): string {
  const held = store.getItem(PHONE_KEY);
  if (held) return held;
  const made = `phone-${random()}`;
  store.setItem(PHONE_KEY, made);
  return made;
}

function randomId(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The table and code a slip's QR code opened the page with (`/p?r=3&t=12&c=…`), or null. */
export function slipLink(search: string): TableCode | null {
  const params = new URLSearchParams(search);
  const round = Number(params.get('r'));
  const table = Number(params.get('t'));
  const code = params.get('c')?.trim() ?? '';
  if (!Number.isInteger(round) || round < 1 || !Number.isInteger(table) || table < 1 || code === '') return null;
  return { round, table, code };
}

/** The page's address without a slip's query (so the code is not left in the address bar). */
export const PAGE_PATH = PLAYER_PAGE_PATH;

/**
 * This phone's claim of its player in one event (ARCHITECTURE "A player is who their phone
 * claimed"): the player and the token the host gave it, sent with each report and answer. Kept per
 * event, like the table code: a token of one event is never offered in another.
 */
export interface Claim {
  player: string;
  token: string;
}

export const claimKey = (eventId: string): string => `podium.player.${eventId}.claim`;
/** A player card's code the page was opened with (`/p#claim=…`), held through the page's start (read once). */
export const CLAIM_CODE_KEY = 'podium.player.claim-code';

export function rememberedClaim(store: KeyValue, eventId: string): Claim | null {
  try {
    const held = JSON.parse(store.getItem(claimKey(eventId)) ?? 'null') as Partial<Claim> | null;
    return held && typeof held.player === 'string' && typeof held.token === 'string' ? { player: held.player, token: held.token } : null;
  } catch {
    return null;
  }
}

export function rememberClaim(store: KeyValue, eventId: string, claim: Claim | null): void {
  if (claim === null) store.removeItem(claimKey(eventId));
  else store.setItem(claimKey(eventId), JSON.stringify(claim));
}

/** The token to send when speaking for `player` in `eventId`: only that player's, only that event's. */
export function tokenFor(store: KeyValue, eventId: string, player: string): string | undefined {
  const claim = rememberedClaim(store, eventId);
  return claim && claim.player === player ? claim.token : undefined;
}

/** The personal code a player card's QR code opened the page with (`#claim=KPMQ7XDR`), or null. */
export function claimLink(hash: string): string | null {
  const code = /^#claim=([A-Za-z0-9-]{4,32})$/.exec(hash)?.[1];
  return code ?? null;
}

/** The card's code held for the page's next start (a card scanned while the page was open), once. */
export function takeClaimCode(store: KeyValue): string | null {
  const code = store.getItem(CLAIM_CODE_KEY);
  if (code !== null) store.removeItem(CLAIM_CODE_KEY);
  return code;
}
