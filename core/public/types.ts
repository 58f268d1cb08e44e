/**
 * What players and the world may see of an event: the published view, the small
 * updates phones get, and the protocol of the public page. Everything here is derived from the
 * event state by core/public/view.ts and nothing else: a player's phone, the projector's QR code
 * page and the static site never see the journal, notes, reasons, decklists or an unpublished
 * pairing proposal (a round exists in the state only once its pairing was published).
 *
 * Pure types: no I/O.
 */
import type { RulesetId, Settings, Stage, TableResult } from '../model/types.js';

/**
 * The rule set's words for a table, a seat and points (Ruleset.presentation), as data: the player
 * page shows "Pod 4", "Seat 2 of 4 — seat 1 plays first" and "9 points" from these alone and loads
 * the rule set itself only to take a result.
 */
export interface PublicWords {
  /** A playoff table: "Table" / "Pod". */
  playoffTable: string;
  /** Are a table's seats numbered (pods: seat 1 plays first), rather than a pair? */
  seatsNumbered: boolean;
  /** What seat 1 means at a playoff pair, where it means something ("chooses to play first"). */
  seatOne?: string;
  /** The standings' points column ("Points", "Wins") and its unit ("point", "win"). */
  points: string;
  pointUnit: string;
}

/** A competitor as the public sees them: the name only (never the note, never a team's private data). */
export interface PublicPlayer {
  id: string;
  name: string;
  /** The family name boards sort by (core/model/person-names.ts), for "find me" and pairings by name. */
  sortName: string;
  /** Dropped after this round (0: before round 1). */
  droppedAfterRound?: number;
  /** Disqualified (RULES 4): in this round. */
  disqualifiedInRound?: number;
  /** A team's members with their seats (MTR 8), by name only: each finds the team by their own name. */
  members?: { seat: string; name: string }[];
}

/** A table of a published round. Seat order: seat 1 first. */
export interface PublicTable {
  table: number;
  seats: string[];
  /** The seat that plays first, where not seat 1 (Table.firstSeat; core/model/seats.ts). */
  firstSeat?: number;
  /** The result once it is final (entered at a station, or a self-report accepted). */
  result?: TableResult;
  /** The result in words for the board ("Ana Archer 2–1", "Winner: Bo Brandt"), from the rule set's presentation. */
  resultText?: string;
  /**
   * A self-report for this table is waiting (for the other players or the scorekeeper). Its content
   * is not in the view: a phone holding the table's code asks for it (`look`).
   */
  reportPending?: boolean;
  /**
   * How many of the table's other players have answered the waiting report (not what they said):
   * it changes with each answer, so a phone showing the report asks for it again (a pod's
   * confirmation screen follows the other seats' answers).
   */
  reportAnswers?: number;
  /** The players' last report for this table was rejected by the scorekeeper (no report or result since). */
  reportRejected?: boolean;
  /** Extra minutes this table has (extensions, deck checks), for its own countdown. */
  extensionMs?: number;
}

export interface PublicRound {
  number: number;
  stage: Stage;
  tables: PublicTable[];
  byes: { player: string; kind: 'pairing' | 'awarded' | 'playoff' }[];
  /** Each seated player's points before this round ("3–0, 9 points"), by player id. */
  pointsBefore: Record<string, number>;
}

/** Standings as the scorekeeper published them (after a round), never computed live for the public. */
export interface PublicStandings {
  /** The standings are after this round. */
  afterRound: number;
  /**
   * The final standings ("Post final standings"): the playoff was over after `afterRound`; the rows
   * are in final order (the playoff players by how far they got, the rule set says how) and a
   * "Playoff" column says how far each got.
   */
  final?: boolean;
  /** The column heads, as the rule set names them ("Points", "OMW", ...). */
  columns: string[];
  rows: PublicStandingRow[];
}

/** A line of published standings, marked as the printed standings mark it (core/documents/standings.ts standingMark). */
export interface PublicStandingRow {
  rank: number;
  player: string;
  values: string[];
  /** Dropped (struck through: they keep their record and still count as opponents). */
  dropped?: true;
  /** Disqualified (RULES 4): "DQ" beside the name. */
  dq?: true;
  /** The printed line under the name: "dropped after round 2", "DQ — disqualified in round 3". */
  note?: string;
}

/** The round clock as a phone needs it to count down by itself between ticks. */
export interface PublicClock {
  round: number;
  /** Host epoch ms when the round's time ends (pauses and adjustments included); null: not started or paused. */
  endsAt: number | null;
  /** Paused: the remaining ms, frozen. */
  pausedRemainingMs?: number;
  /** Words for the end of round once time is up ("Time — 5 extra turns", "LAST TURN"), from the rule set. */
  atTime: string;
  /** Words for what the round clock is doing now when a phone cannot tell by counting ("Round 4 has not started"). */
  status: string;
}

export interface PublicView {
  /** Changes whenever the view does: a phone asks for the whole view again when it missed one. */
  version: number;
  /**
   * The event and its settings (nothing private in them): the page asks the rule set
   * (getRuleset(ruleset).presentation) for its words and its result entry form, as a station does.
   */
  event: {
    id: string;
    name: string;
    ruleset: RulesetId;
    rulesetName: string;
    settings: Settings;
    /** The organiser's house rules in words, where they differ from the document (pod rule sets). */
    houseRules?: string;
    /** The rule set's words the page's first screens speak, so a phone draws them before (or without) loading the rule set's code. */
    words: PublicWords;
  };
  players: PublicPlayer[];
  /**
   * The latest published round (Swiss or playoff), null before round 1. Only the latest: a phone
   * on the venue Wi-Fi needs where to sit now, not the whole history.
   */
  round: PublicRound | null;
  /** How many rounds have been published (Swiss and playoff). */
  roundsPublished: number;
  standings?: PublicStandings;
  /** The playoff bracket's rounds, as the bracket document draws them (core/documents/bracket.ts). */
  bracket?: { round: number; tables: { table: number; seats: string[]; winner?: string }[] }[];
  clock?: PublicClock;
  /** The self-report setting, so the page knows whether to offer reporting. */
  selfReports: 'off' | 'queue' | 'auto';
  /** When the view was made (host epoch ms; the static site prints it). */
  madeAt: number;
}

/**
 * What the host pushes to a phone on `/public` (a WebSocket, no token):
 * - `view`: the whole published view (on connect, and when a change is too large to patch);
 * - `patch`: RFC 6902 operations from `from` to `to` (a result: a few hundred bytes);
 * - `tick`: the host's time, on connect and every 3 s, its heartbeat (core/api/heartbeat.ts; the phone counts the clock from `clock.endsAt`);
 * - `no-event`: no event is open at the station; a `view` follows once one is.
 */
export type PublicPush =
  | { type: 'view'; view: PublicView }
  | { type: 'patch'; from: number; to: number; ops: unknown[] }
  | { type: 'tick'; now: number }
  /** No event is open at the station (yet, or any more): nothing to show but these words. */
  | { type: 'no-event'; message: string };

/**
 * What a phone sends on `/public`. A report needs the table's code from its printed slip (valid for
 * that table in that round only); `phone` is the phone's own random id (kept on the phone), so the
 * journal can say which phone reported what.
 */
export type PublicRequest =
  /** The pending report of a table (to confirm it), if any. */
  | { kind: 'look'; id: number; code: string; round: number; table: number }
  /**
   * `player` reports the table's result (and which players drop). `token`: what the host gave this
   * phone when it claimed `player` with their personal code (`claim`), where it did.
   */
  | { kind: 'report'; id: number; phone: string; code: string; round: number; table: number; player: string; result: TableResult; drop?: string[]; token?: string }
  /** Another player of the table agrees with the pending report, or disputes it (optionally saying what they think it was). */
  | { kind: 'confirm'; id: number; phone: string; code: string; round: number; table: number; player: string; agree: boolean; result?: TableResult; token?: string }
  /**
   * This phone claims the player whose personal code (from their player card) this is: answered
   * with the player and a token, which the phone keeps for this event and sends with each report
   * and answer (ARCHITECTURE "A player is who their phone claimed").
   */
  | { kind: 'claim'; id: number; phone: string; code: string };

/** A self-report as the phones of its table see it (with the code) and the Results screen's queue shows it. */
export interface PublicReport {
  round: number;
  table: number;
  /** The player who reported, and what. */
  reporter: string;
  result: TableResult;
  /** In words, from the rule set ("Ana Archer won 2–1"). */
  resultText: string;
  drops: string[];
  /** The table's other players' answers so far: agree, or dispute with what they say instead. */
  answers: Record<string, { agree: boolean; result?: TableResult; resultText?: string }>;
  /**
   * waiting: not every other player has answered; agreed: all agreed, waiting for the scorekeeper
   * (the setting `selfReports` is 'queue'); disputed: someone disputed (always the scorekeeper's).
   */
  status: 'waiting' | 'agreed' | 'disputed';
}

export type PublicAnswer =
  | { kind: 'answer'; id: number; ok: true; report?: PublicReport; accepted?: boolean; claim?: { player: string; token: string } }
  | { kind: 'answer'; id: number; ok: false; message: string };

/** Where the player page lives on the host, and the `/public` socket it connects to. */
export const PLAYER_PAGE_PATH = '/p';
export const PUBLIC_SOCKET_PATH = '/public';

/** The URL a player card's QR code holds: the player page, which claims the player with `code` as it opens. */
export function claimUrl(base: string, code: string): string {
  const url = new URL(PLAYER_PAGE_PATH, base);
  url.hash = `claim=${code}`;
  return url.toString();
}

/** The URL a slip's QR code holds: the player page with the table's round, number and code filled in. */
export function reportUrl(base: string, round: number, table: number, code: string): string {
  const url = new URL(PLAYER_PAGE_PATH, base);
  url.searchParams.set('r', String(round));
  url.searchParams.set('t', String(table));
  url.searchParams.set('c', code);
  return url.toString();
}
