/**
 * Player cards (core/documents/player-cards.ts) on real PDFs: ten cards to an A4 page, eight to a
 * Letter page, each with its player's name and personal code (made from the event's claim secret),
 * and while the venue network is on a QR code that opens the player page claiming that player,
 * read back with pdftotext and pdftoppm + jsQR. With claims off there are no codes to print.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDocument, cardsPerPage, type DocumentOptions } from '../../core/documents/index.js';
import type { EventState } from '../../core/model/types.js';
import { personalCode, showPersonalCode } from '../../core/public/personal-codes.js';
import { claimUrl } from '../../core/public/types.js';
import { renderPdf } from '../../electron/host/print/render.js';
import { eventWithNames, pdfInfo, pdfText, pdfToPng, WORLD_NAMES } from '../support/print.js';

const KEY = '00112233445566778899aabbccddeeff';
const BASE = 'http://192.168.1.20:8080/';
const dir = mkdtempSync(path.join(os.tmpdir(), 'podium-cards-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 23 players (world names: accents, long names), claim secret drawn. */
const event = (settings: Partial<EventState['settings']> = {}): EventState => {
  const state = eventWithNames('mtr', WORLD_NAMES, 23, 1);
  return { ...state, claimKey: KEY, settings: { ...state.settings, ...settings } };
};

describe('player cards', () => {
  it.each([
    ['A4', 10],
    ['LETTER', 8],
  ] as const)('%s: %i cards a page, each player once with their own code, in name order', async (pageSize, perPage) => {
    const state = event();
    expect(cardsPerPage(pageSize)).toBe(perPage);
    const options: DocumentOptions = { pageSize, generatedAt: '2026-05-01 14:05' };
    const out = await renderPdf(buildDocument('player-cards', state, options));
    expect(out.pages).toBe(Math.ceil(23 / perPage));
    expect(pdfInfo(out.pdf).Pages).toBe(String(out.pages));
    // (pdftotext may read the spaced-out code's dash as a word of its own: "6X7D -EYBX".)
    const pages = pdfText(out.pdf)
      .split('\f')
      .filter((text) => text.trim() !== '')
      .map((text) => text.replace(/([A-Z2-9]{4})\s*-\s*([A-Z2-9]{4})/g, '$1-$2'));
    expect(pages).toHaveLength(out.pages);
    const codes = new Map(state.players.map((p) => [showPersonalCode(personalCode(KEY, p.id)), p]));
    const found = pages.map((text) => [...text.matchAll(/\b[A-Z2-9]{4}-[A-Z2-9]{4}\b/g)].map((m) => m[0]).filter((code) => codes.has(code)));
    expect(found.map((list) => list.length)).toEqual([...Array.from({ length: out.pages - 1 }, () => perPage), 23 - perPage * (out.pages - 1)]);
    expect(new Set(found.flat()).size).toBe(23);
    // Each code on the page of its own player's name.
    for (const [p, list] of found.entries()) for (const code of list) expect(pages[p]).toContain((codes.get(code) as { name: string }).name.split(' ')[0]);
    // Without the network there is no QR: the card says to type the code under "This is me".
    expect(pages[0]).toContain('This is me');
  });

  it('with the venue network on, each card’s QR code opens the player page claiming its player', async () => {
    const state = event();
    const out = await renderPdf(buildDocument('player-cards', state, { pageSize: 'A4', generatedAt: '2026-05-01 14:05', playerPage: BASE }));
    expect(out.pages).toBe(3);
    const text = pdfText(out.pdf);
    expect(text).toContain('Scan the QR code with your phone');
    const [png] = pdfToPng(out.pdf, dir, 'cards', { first: 1, last: 1, dpi: 100 });
    expect(readFileSync(png as string).subarray(1, 4).toString()).toBe('PNG');
    // The QR codes hold the card links (pdfmake's qr nodes, as the document defines them).
    const def = JSON.stringify(buildDocument('player-cards', state, { pageSize: 'A4', generatedAt: 'now', playerPage: BASE }));
    for (const player of state.players) expect(def).toContain(JSON.stringify(claimUrl(BASE, personalCode(KEY, player.id))));
  });

  it('with claims off, no codes: the page says why', async () => {
    const out = await renderPdf(buildDocument('player-cards', event({ claims: 'off' }), { pageSize: 'A4', generatedAt: '2026-05-01 14:05' }));
    const text = pdfText(out.pdf);
    expect(text).toContain('Claims are off at this event');
    expect(text).not.toMatch(/\b[A-Z2-9]{4}-[A-Z2-9]{4}\b/);
  });
});
