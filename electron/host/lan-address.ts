/**
 * Which of this computer's addresses the venue network listens on: a laptop with
 * Wi-Fi and a cable, or a VPN, has several, and the devices must be told the one they can reach.
 *
 * - Given when the host starts (`--lan-address ADDR`, or `PODIUM_LAN_ADDRESS`): checked here, before
 *   anything listens — an IPv4 address, not the station's own door (127.0.0.1), and one this
 *   computer can listen on (a bind to it, so a loopback alias such as 127.0.0.2, which Linux answers
 *   without setup, counts; an address of another machine does not) — and refused in words otherwise.
 * - Chosen in the Venue network panel among this computer's addresses, and remembered in the
 *   station folder (`network.json`: `{"version": 1, "address": "192.168.1.20"}`, or `null` for every
 *   address), so the next start listens where the last one did.
 *
 * Plain Node: no `electron` import.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { mkdirPrivate, writeFileDurable } from './fs-safe.js';
import { listen } from './listen.js';

export const NETWORK_SETTINGS_FILE = 'network.json';

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** The station's own door: never the venue network's address. */
const LOCAL_DOOR = '127.0.0.1';

export function isIpv4(text: string): boolean {
  return IPV4.test(text);
}

/** Why `address` cannot be the venue network's address by its form alone, or null. */
export function addressFormProblem(address: string): string | null {
  if (!isIpv4(address)) return `${JSON.stringify(address.slice(0, 60))} is not an IPv4 address such as 192.168.1.20`;
  if (address === LOCAL_DOOR) return `${LOCAL_DOOR} is the station's own door on this computer, which devices cannot reach: give the address devices on the venue network reach, such as 192.168.1.20`;
  if (address === '0.0.0.0') return '0.0.0.0 is every address at once: give one address of this computer, or leave the option out to listen on every one';
  return null;
}

/**
 * Check an address given when the host starts (`source` names where: "--lan-address",
 * "PODIUM_LAN_ADDRESS"): throws an Error in words when it is not one to listen on here. `known` is
 * this computer's addresses, for the message.
 */
export async function checkGivenAddress(address: string, source: string, known: readonly string[]): Promise<void> {
  const formProblem = addressFormProblem(address);
  if (formProblem) throw new Error(`${source}: ${formProblem}`);
  const probe = createServer();
  try {
    await listen(probe, 0, address);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    const theirs = known.length > 0 ? `its addresses: ${known.join(', ')}` : 'it has no network address now';
    if (code === 'EADDRNOTAVAIL') throw new Error(`${source}: ${address} is not an address of this computer (${theirs})`);
    throw new Error(`${source}: Podium cannot listen on ${address} (${code ?? (error instanceof Error ? error.message : String(error))})`);
  } finally {
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  }
}

/** The address chosen before (null: every address; undefined: never chosen, or a file that cannot be read). */
export function readAddressChoice(dataDir: string): string | null | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path.join(dataDir, NETWORK_SETTINGS_FILE), 'utf8'));
  } catch {
    return undefined;
  }
  const address = (parsed as { address?: unknown } | null)?.address;
  if (address === null) return null;
  return typeof address === 'string' && addressFormProblem(address) === null ? address : undefined;
}

/** Remember the choice (durably, 0600 like every station file). */
export async function writeAddressChoice(dataDir: string, address: string | null): Promise<void> {
  await mkdirPrivate(dataDir);
  await writeFileDurable(path.join(dataDir, NETWORK_SETTINGS_FILE), `${JSON.stringify({ version: 1, address }, null, 2)}\n`);
}
