/**
 * Joining the venue network: the join page sends the code it was given (the QR code's
 * `/join?code=…`) and the name the device is to go by to `POST /join` on the host that served it;
 * the host answers with a device token bound to that name (`{ token, device }`), which the page
 * keeps (api/index.ts rememberJoin) and connects with from then on.
 *
 * Every way it can fail is said in words: a wrong or replaced code, a name the host refuses, a host
 * that cannot be reached (the device is not on the venue's Wi-Fi, or the network was turned off).
 */
import { DEVICE_ROLES, type DeviceRef } from '../../core/api/roles.js';
import { sentence } from '../lib/format.js';

/** Where the host takes joins (electron/host: the venue network's listener). */
export const JOIN_PATH = '/join';

/** `about`: what to change before trying again (the code, the name), when it is one of them. */
export type JoinOutcome = { ok: true; token: string; device: DeviceRef } | { ok: false; problem: string; about?: 'code' | 'name' };

interface JoinReply {
  status: number;
  text(): Promise<string>;
}

export type JoinFetch = (url: string, init: { method: 'POST'; headers: Record<string, string>; body: string; cache: 'no-store' }) => Promise<JoinReply>;

/** "k7pm q2xd" → "K7PM-Q2XD": a code as people type it, in the form the station shows it. */
export function normaliseJoinCode(text: string): string {
  const plain = text.toUpperCase().replace(/[\s_]+/g, '');
  return /^[A-Z0-9]{8}$/.test(plain) ? `${plain.slice(0, 4)}-${plain.slice(4)}` : plain;
}

/** The host's words in a reply body: `{ "error": "…" }`, `{ "message": "…" }`, or plain text. */
function hostWords(body: string): string | null {
  const text = body.trim();
  if (text === '') return null;
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value === 'string') return value.trim() || null;
    if (value && typeof value === 'object') {
      const fields = value as { error?: unknown; message?: unknown };
      const words = typeof fields.error === 'string' ? fields.error : typeof fields.message === 'string' ? fields.message : null;
      if (words === null && fields.error && typeof fields.error === 'object') {
        const nested = (fields.error as { message?: unknown }).message;
        return typeof nested === 'string' && nested.trim() ? nested.trim() : null;
      }
      return words?.trim() || null;
    }
    return null;
  } catch {
    // Plain text (never a whole HTML page).
    return text.startsWith('<') ? null : text.slice(0, 300);
  }
}

function isDevice(value: unknown): value is DeviceRef {
  const device = value as Partial<DeviceRef> | null;
  return !!device && typeof device.id === 'string' && typeof device.name === 'string' && (DEVICE_ROLES as readonly unknown[]).includes(device.role);
}

export const WRONG_CODE =
  'This join code is not (or no longer) valid: the scorekeeper may have made a new one. Scan the code on the station’s Venue network panel again, or type the one it shows.';
export const UNREACHABLE =
  'The station cannot be reached. Check that this device is on the venue’s Wi-Fi and that the station’s venue network is on, then try again.';

/** Ask the host that served this page to let this device join. */
export async function joinVenue(fetchFn: JoinFetch, origin: string, request: { code: string; name: string }): Promise<JoinOutcome> {
  let reply: JoinReply;
  let body: string;
  try {
    reply = await fetchFn(`${origin}${JOIN_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: request.code, name: request.name }),
      cache: 'no-store',
    });
    body = await reply.text();
  } catch {
    return { ok: false, problem: UNREACHABLE };
  }
  if (reply.status >= 200 && reply.status < 300) {
    try {
      const value = JSON.parse(body) as { token?: unknown; device?: unknown };
      if (typeof value.token === 'string' && value.token !== '' && isDevice(value.device)) return { ok: true, token: value.token, device: value.device };
    } catch {
      // Falls through: not an answer this page understands.
    }
    return { ok: false, problem: 'The station answered in a way this page does not understand (is it running another version of Podium?). Reload the page and try again.' };
  }
  const words = hostWords(body);
  // A wrong, replaced or unknown code: the host tells unknown devices nothing but that a code is needed.
  if (reply.status === 401 || reply.status === 403 || reply.status === 404 || reply.status === 410) {
    return { ok: false, problem: words && reply.status !== 404 ? sentence(words) : WRONG_CODE, about: 'code' };
  }
  if (reply.status === 429) return { ok: false, problem: words ? sentence(words) : 'Too many tries from this device: wait a minute, then try again.' };
  if (reply.status === 400 || reply.status === 422) {
    const problem = words ? sentence(words) : 'The station refused this name: use letters and digits, such as “Judge Ana” or “Desk 2”.';
    return { ok: false, problem, about: /\bcode\b/i.test(problem) ? 'code' : 'name' };
  }
  if (reply.status === 405 || reply.status === 501) return { ok: false, problem: 'This station does not take devices: its venue network is off. Ask the scorekeeper to turn it on.' };
  return { ok: false, problem: words ? sentence(`The station could not let this device join: ${words}`) : UNREACHABLE };
}
