/**
 * Printed documents (ARCHITECTURE.md "Printing"): state in, a pdfmake document definition out, as
 * plain data (types.ts). Pure and deterministic: the print time comes in as `generatedAt`. The
 * host's print service renders definitions to PDF (electron/host/print/).
 */
import type { DocumentName } from '../api/contract.js';
import { fail } from '../model/errors.js';
import type { EventState, PlayerId } from '../model/types.js';
import { bracket } from './bracket.js';
import { deckCheckSheet } from './deck-check-sheet.js';
import { decklist } from './decklist.js';
import { extensionsLog } from './extensions-log.js';
import { type DocContext, type DocumentOptions, createContext } from './context.js';
import { matchSlips } from './match-slips.js';
import { opponentDecklists } from './opponent-decklists.js';
import { pairingsByName } from './pairings-by-name.js';
import { pairingsByTable } from './pairings-by-table.js';
import { penaltyReport } from './penalty-report.js';
import { playerCards } from './player-cards.js';
import { isWebAddress } from './qr.js';
import { roundPack } from './round-pack.js';
import { seating } from './seating.js';
import { standingsDocument } from './standings.js';
import type { DocDefinition } from './types.js';

export type { DocumentOptions, ExtensionLogEntry } from './context.js';
export { ASCII_WIDTHS, textWidth } from './geometry.js';
export { boardEntries, THREE_COLUMNS_FROM } from './pairings-by-name.js';
export { cutStackOrder, slipsPerPage } from './match-slips.js';
export { cardsPerPage } from './player-cards.js';
export { BOARD_QR_MIN, qrCode, SLIP_QR_MIN } from './qr.js';
export { distinguishedNames, personName, sortByFamilyName, splitName } from '../model/person-names.js';
export { extensionLogEntries } from './extension-entries.js';
export { opponentDecklistRefusals, type OpponentDecklistRefusal } from '../decklists/opponents.js';
export type { PersonName } from '../model/person-names.js';
export * from './types.js';

const BUILDERS: Record<DocumentName, (ctx: DocContext) => DocDefinition> = {
  'pairings-by-name': pairingsByName,
  'pairings-by-table': pairingsByTable,
  'match-slips': matchSlips,
  seating,
  standings: standingsDocument,
  'extensions-log': extensionsLog,
  bracket,
  'round-pack': roundPack,
  'penalty-report': penaltyReport,
  'deck-check-sheet': deckCheckSheet,
  decklist,
  'opponent-decklists': opponentDecklists,
  'player-cards': playerCards,
};

/** What each document is called on screen and in file names. */
export const DOCUMENT_TITLES: Record<DocumentName, string> = {
  'pairings-by-name': 'Pairings by name',
  'pairings-by-table': 'Pairings by table',
  'match-slips': 'Match slips',
  seating: 'Seating cards and seating by name',
  standings: 'Standings',
  'extensions-log': 'Deck-check and time-extension log',
  bracket: 'Playoff bracket',
  'round-pack': 'Round pack: pairings by name, match slips and seating',
  'penalty-report': 'Penalty report (a round, or the event without a round)',
  'deck-check-sheet': 'Deck-check sheets: the lists of the players checked in the round',
  decklist: "Registered decklist: a player's own list (or every registered list), as registered and corrected",
  'opponent-decklists': "Opponents' decklists: a playoff round's, a page for each player (Professional REL)",
  'player-cards': 'Player cards: each player’s personal code, and a QR code that makes their phone theirs',
};

export function isDocumentName(name: string): name is DocumentName {
  return Object.hasOwn(BUILDERS, name);
}

/** The document definition for `name` (PodiumError 'invalid-input' for an unknown name or round). */
export function buildDocument(name: string, state: EventState, options: DocumentOptions): DocDefinition {
  if (!isDocumentName(name)) fail('invalid-input', `unknown document "${name}" (documents: ${Object.keys(BUILDERS).join(', ')})`);
  if (options.pageSize !== 'A4' && options.pageSize !== 'LETTER') fail('invalid-input', `unknown page size "${String(options.pageSize)}" (A4 or LETTER)`);
  if (options.playerPage !== undefined && !isWebAddress(options.playerPage))
    fail('invalid-input', `the player page's address "${options.playerPage}" is not an http:// or https:// address`);
  if (options.player !== undefined && name !== 'decklist') fail('invalid-input', `only the decklist print names a player ("${name}" is printed for the whole event)`);
  return BUILDERS[name](createContext(state, options));
}

function fileSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** "spring-open-round-3-pairings-by-name.pdf"; one player's list: "spring-open-round-3-decklist-ana-archer.pdf". */
export function documentFileName(name: DocumentName, state: EventState, round?: number, player?: PlayerId): string {
  const slug = fileSlug(state.name) || 'event';
  // The bracket is the whole playoff; asked without a round, the penalty report is the event's and a
  // decklist is the player's whole list: none of them is a round's.
  const roundless = name === 'bracket' || name === 'player-cards' || (round === undefined && (name === 'penalty-report' || name === 'decklist'));
  const r = round ?? state.rounds[state.rounds.length - 1]?.number;
  const where = roundless ? '' : r !== undefined ? `-round-${r}` : '';
  const whose = player === undefined ? '' : `-${fileSlug(state.players.find((p) => p.id === player)?.name ?? '') || fileSlug(player) || 'player'}`;
  return `${slug}${where}-${name}${whose}.pdf`;
}
