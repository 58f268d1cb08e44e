/**
 * Helpers for player-real-host.test.ts: phones (one browser context each: their own localStorage)
 * at 360×640 with touch against a real browser-mode host, what they send and receive on `/public`,
 * and the host's rounds and table codes read through the station API's snapshot.
 */
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { NewCommand } from '../../core/event/commands.js';
import { publishCommand } from '../../core/event/commands.js';
import type { EventState, Round } from '../../core/model/types.js';
import { tableCode } from '../../core/public/table-codes.js';
import type { PublicPush, PublicRequest } from '../../core/public/types.js';
import type { StationService } from '../../electron/host/station-service.js';
import { eventually } from '../support/e2e.js';

export const SHOTS = '/tmp/real-host-shots';
export const PHONE = { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 } as const;
export const DESK = { viewport: { width: 1366, height: 768 } } as const;
export const WAIT = { timeout: 15_000 } as const;

/** A player as registered, and what a phone types to find them (part of the family or given name). */
export interface Person {
  id: string;
  name: string;
  family: string;
  given: string;
}

export const person = (id: string, name: string, given: string, family: string): Person => ({ id, name, given, family });

/** A phone: its page, and the `/public` frames it sent and received (parsed). */
export interface Phone {
  page: Page;
  context: BrowserContext;
  sent: PublicRequest[];
  received: PublicPush[];
}

/** Where every page's problems go (console errors and warnings, uncaught errors). */
export function watch(page: Page, label: string, problems: string[]): void {
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${label}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${label}: ${error.message}`));
}

/**
 * A new phone (its own browser context) at `url`, its `/public` traffic recorded. `fakeClock`:
 * the page's timers run on Playwright's clock (time still flows; a test can run it on at once).
 */
export async function openPhone(browser: Browser, url: string, label: string, problems: string[], fakeClock = false): Promise<Phone> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  if (fakeClock) await page.clock.install();
  const phone: Phone = { page, context, sent: [], received: [] };
  watch(page, label, problems);
  page.on('websocket', (ws) => {
    if (new URL(ws.url()).pathname !== '/public') return;
    ws.on('framesent', (frame) => phone.sent.push(JSON.parse(String(frame.payload)) as PublicRequest));
    ws.on('framereceived', (frame) => {
      // The first view comes gzip-compressed in a binary frame (the page asks `?z=gzip`).
      const text = typeof frame.payload === 'string' ? frame.payload : gunzipSync(frame.payload).toString('utf8');
      const message = JSON.parse(text) as PublicPush | { kind: 'answer' };
      if (!('kind' in message)) phone.received.push(message);
    });
  });
  await page.goto(url);
  return phone;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "Find me": tap the box, type `typed` (part of a name) letter by letter, tap the player. */
export async function findMe(page: Page, typed: string, name: string): Promise<void> {
  const search = page.getByLabel('Type a few letters of your family or given name');
  await search.waitFor(WAIT);
  await search.tap();
  await search.pressSequentially(typed);
  const match = page.getByRole('list', { name: 'Matches' }).getByRole('button', { name: new RegExp(`^${escape(name)}`) });
  await match.waitFor(WAIT);
  await match.tap();
}

/** The text of `locator` once it shows (waited for). */
export async function textOf(locator: Locator): Promise<string> {
  await locator.waitFor(WAIT);
  return (await locator.textContent()) ?? '';
}

/** The phone's alert (a refusal in words), once it says `expected`. */
export async function refused(page: Page, expected: string | RegExp): Promise<void> {
  await eventually(async () => ((await page.getByRole('alert').count()) > 0 ? await page.getByRole('alert').first().textContent() : null)).toMatch(expected);
}

/**
 * The host's event state as the host holds it (in-process): with each round's report key, which no
 * window is sent (core/api/views.ts) and the slips print their codes from.
 */
export async function stateOf(service: StationService): Promise<EventState> {
  const state = service.current()?.state;
  if (!state) throw new Error('no event is open');
  return state;
}

export async function roundOf(service: StationService, number: number): Promise<Round> {
  const round = (await stateOf(service)).rounds[number - 1];
  if (!round) throw new Error(`round ${number} is not published`);
  return round;
}

/** The code on a table's slip: the host's report key of that round, as the slip prints it. */
export function codeOf(round: Round, table: number): string {
  if (!round.reportKey) throw new Error(`round ${round.number} has no report key`);
  return tableCode(round.reportKey, round.number, table);
}

export function seatsOf(round: Round, table: number): string[] {
  const found = round.tables.find((t) => t.table === table);
  if (!found) throw new Error(`round ${round.number} has no table ${table}`);
  return found.seats;
}

export function tableOf(round: Round, player: string): number {
  const found = round.tables.find((t) => t.seats.includes(player));
  if (!found) throw new Error(`${player} has no table in round ${round.number}`);
  return found.table;
}

/** Create an event, register `people` and publish round 1 through the station API. */
export async function pairedEvent(service: StationService, event: { name: string; ruleset: 'mtr' | 'mstr-2022'; settings?: Record<string, unknown>; seed: number }, people: readonly Person[]): Promise<Round> {
  await service.createEvent({ name: event.name, ruleset: event.ruleset, settings: event.settings ?? {}, seed: event.seed });
  await service.dispatchBatch({ commands: people.map((p, draw): NewCommand => ({ type: 'register-player', player: { id: p.id, name: p.name }, draw })) });
  const proposed = await service.query({ kind: 'propose-pairing', seed: event.seed });
  if (proposed.kind !== 'propose-pairing') throw new Error('no proposal');
  await service.dispatch({ command: publishCommand(1, 'swiss', proposed.proposal) });
  return roundOf(service, 1);
}

export const shotPath = (name: string): string => path.join(SHOTS, `${name}.png`);
