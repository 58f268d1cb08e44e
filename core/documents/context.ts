/**
 * What a printed document is made from: the options it was asked with, the event state and its
 * rule set (DocContext), and the event's facts every document names — players' names (with the
 * tags that tell two of one name apart), teams, house rules, the round's title.
 */
import { fail } from '../model/errors.js';
import { type EventState, type Player, type PlayerId, type Round, type TeamMember } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import { type Ruleset } from '../rulesets/ruleset.js';
import { sameNameTags } from '../model/person-names.js';
import { type PageSize } from './types.js';

// ---------------------------------------------------------------------------------------------
// Options and context

/** One line of the deck-check and time-extension log (see extensions-log.ts). */
export interface ExtensionLogEntry {
  table: number;
  /** The players' names as they should print. */
  players: string[];
  judge?: string;
  /** Start and end of the deck check or pause, as the floor writes them ("14:05"). */
  start?: string;
  end?: string;
  /** Minutes added to the table's clock (seconds as a fraction; the log prints m:ss). */
  minutes: number;
  /**
   * 'round-start': not a row but the round clock's start (`start`, table 0), which the log fills
   * into its "Start" box — the time is formatted by the host, as every entry's is.
   */
  reason: 'deck-check' | 'judge-pause' | 'other' | 'round-start';
  /** Free text: what happened, who decided. */
  note?: string;
  /** Where the table was at end of round ("turn 3 of 5", "last turn", "finished"). */
  endOfRound?: string;
}

export interface DocumentOptions {
  /** The round to print (default: the latest; standings: after the latest). */
  round?: number;
  pageSize: PageSize;
  /** Pairings by name: split the board into two sheets at this letter ("L": A–K and L–Z). */
  splitAtLetter?: string;
  /** When the document was printed, as the host formats it (core has no clock). */
  generatedAt: string;
  /** The extensions log's entries; empty or absent: a blank log to fill in by hand. */
  extensions?: readonly ExtensionLogEntry[];
  /** Locale of the name collator (default "en"). */
  locale?: string;
  /** The station's IANA time zone ("Europe/Dublin"), for times printed from the journal's instants (default: UTC). */
  timeZone?: string;
  /** The player page's base URL while the venue network is on ("http://192.168.1.20:8080/"): slips and boards get QR codes (qr.ts). */
  playerPage?: string;
  /** The decklist print: this player's registered list (MTR 2.7); absent: every registered list. */
  player?: PlayerId;
}

export interface DocContext {
  state: EventState;
  ruleset: Ruleset;
  options: DocumentOptions;
  players: Map<PlayerId, Player>;
  /** The round the document is about (undefined: no round paired yet). */
  round: Round | undefined;
}

export function createContext(state: EventState, options: DocumentOptions): DocContext {
  const ruleset = getRuleset(state.ruleset);
  let round: Round | undefined;
  if (options.round !== undefined) {
    round = state.rounds.find((r) => r.number === options.round);
    if (!round)
      fail(
        'invalid-input',
        state.rounds.length === 0
          ? `there is no round ${options.round}: no round has been paired yet`
          : `there is no round ${options.round} (rounds 1 to ${state.rounds.length})`,
      );
  } else round = state.rounds[state.rounds.length - 1];
  return { state, ruleset, options, players: new Map(state.players.map((p) => [p.id, p])), round };
}

/** The registered name as printed: with its tag (nameTags) when it needs one. */
export function nameOf(ctx: DocContext, id: PlayerId): string {
  const name = ctx.players.get(id)?.name ?? id;
  const tag = nameTags(ctx).get(id);
  return tag ? `${name} (${tag})` : name;
}

/** The registered name, untagged (sorting, and layouts that print the tag apart). */
export function rawNameOf(ctx: DocContext, id: PlayerId): string {
  return ctx.players.get(id)?.name ?? id;
}

/**
 * Scripts the document font (DejaVu Sans Condensed, assets/fonts) draws. A name with a character of
 * any other script (CJK, Thai, Devanagari, ...) prints with empty boxes for those characters.
 */
const COVERED_SCRIPTS =
  /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Armenian}\p{Script=Georgian}\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Common}\p{Script=Inherited}]*$/u;

export function isFullyCovered(name: string): boolean {
  return COVERED_SCRIPTS.test(name);
}

/**
 * Tags printed beside a name so that every player can be told apart on paper (UX.md "Names are
 * people's names"): players who share their name with another player (their note, else their id),
 * and players whose name has characters the font cannot draw (their note or id beside the boxes).
 */
export function nameTags(ctx: DocContext): Map<PlayerId, string> {
  const cached = tagCache.get(ctx);
  if (cached) return cached;
  const tags = sameNameTags(ctx.state.players);
  for (const p of ctx.state.players) if (!isFullyCovered(p.name)) tags.set(p.id, p.note?.trim() || p.id);
  tagCache.set(ctx, tags);
  return tags;
}
const tagCache = new WeakMap<DocContext, Map<PlayerId, string>>();

/**
 * The organiser's house rules (pod rule sets: odd counts, points), in one line, where they differ
 * from the documents ("House rules: pods of 5 for odd counts; 4 points a win, 1 a draw, bye 3"):
 * printed on standings, pairing boards and match slips alike, so a player reads the same rules on
 * every sheet; undefined when the event follows the documents.
 */
export function houseRulesOf(ctx: DocContext): string | undefined {
  return ctx.ruleset.presentation.houseRules?.(ctx.state.settings);
}

/** Team events (MTR 8 teams of 2 or 3, MTR 9 Two-Headed Giant): each competitor is a team of people. */
export function isTeamEvent(ctx: DocContext): boolean {
  return ctx.state.settings.teamSize > 1 || ctx.state.settings.twoHeadedGiant;
}

/** A team's members in seat order (A first); empty for a player. */
export function membersOf(ctx: DocContext, id: PlayerId): TeamMember[] {
  const members = ctx.players.get(id)?.members ?? [];
  return [...members].sort((a, b) => (a.seat < b.seat ? -1 : a.seat > b.seat ? 1 : 0));
}

/** "A Ana Costa · B Bo Berg": a team's members as one line (empty for a player). */
export function membersLine(ctx: DocContext, id: PlayerId): string {
  return membersOf(ctx, id)
    .map((m) => `${m.seat} ${m.name}`)
    .join(' · ');
}

/** "Round 3", "Playoff round 1" — how documents name a round. */
export function roundTitle(state: EventState, round: Round | undefined): string {
  if (!round) return 'Before round 1';
  if (round.stage === 'swiss') return `Round ${round.number}`;
  const playoffRounds = state.rounds.filter((r) => r.stage === 'playoff');
  const index = playoffRounds.findIndex((r) => r.number === round.number);
  return `Playoff round ${index + 1} (round ${round.number})`;
}
