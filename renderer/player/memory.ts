/**
 * What the phone remembers (localStorage; a phone that refuses storage just forgets): who its
 * player is, per event ("Find me" once, then every round); the table code it holds (from a slip's
 * QR code or typed), valid for that round and table only; and the phone's own random id, which the
 * host's journal records with each report ("which phone said what").
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
export const CODE_KEY = 'podium.player.code';
export const PHONE_KEY = 'podium.player.phone';

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

export function rememberCode(store: KeyValue, code: TableCode): void {
  store.setItem(CODE_KEY, JSON.stringify(code));
}

/** The code this phone holds for `table` of `round`, or null. */
export function codeFor(store: KeyValue, round: number, table: number): string | null {
  try {
    const held = JSON.parse(store.getItem(CODE_KEY) ?? 'null') as Partial<TableCode> | null;
    return held && held.round === round && held.table === table && typeof held.code === 'string' ? held.code : null;
  } catch {
    return null;
  }
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
