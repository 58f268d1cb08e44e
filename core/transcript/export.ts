/**
 * Event state → transcript version 2 (shared/conformance/README.md "Version 2"), so that save →
 * transcript → save gives the same standings, pairings and final standings.
 *
 * - Settings: every setting the event has that the settings schema takes (core/event/commands.ts
 *   settingsPatchSchema — a setting added there is written too), so the transcript does not depend
 *   on defaults that may change between versions. A value the schema refuses is one the rule set
 *   fixes itself (mtr's pod size 2), so it is left out.
 * - Players in registration order, with `family`, `note`, `draw`, `entersRound`, `awardedByes`,
 *   `draftPod` and `members` where the player has them.
 * - Results in the README's forms (team matches as `seatGames`); byes of every kind; drops in the
 *   round after which the player dropped (a playoff round too).
 * - The seed, always: it seeds the next round's pairing and the draft seats.
 * - Podium's own fields (schema.ts) only when the rest cannot say it: replaying the transcript
 *   without them must give the same groups, cut and waiting seeds, else they are added; a table's
 *   no-shows whenever it has some.
 * - The penalty log (`penalties`), in the order recorded, when there is one (not the time each was
 *   recorded: the README has no field for it). Results and drops already show what the penalties did.
 * - Fixed places (`fixedTable`, `fixedSeat`) where a player has them, and the registered decklists
 *   (`decklists`) when there are any: with the save's journal, every correction with its round and
 *   reason; from the state alone, each list as it stands (decklists.ts). An event without them is
 *   written exactly as before they existed.
 * - Not written (a save has no other place for them, or they are the journal's, not the event's):
 *   each round's pairing seed, the clock and its logs, amendment reasons and undo history, the
 *   event's name, id and creation time.
 */
import { type SettingsPatch, settingsPatchSchema } from '../event/commands.js';
import type { EventState, Penalty, Player } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import { type JournalEntries, transcriptDecklists } from './decklists.js';
import { transcriptToState } from './load.js';
import { resultToTranscript } from './results.js';
import { TRANSCRIPT_VERSION, type Transcript, type TranscriptPenalty, type TranscriptPlayer, type TranscriptRound } from './schema.js';
import { firstSeatField } from '../model/seats.js';

/**
 * The transcript of an event. `journal`: the save's entries (undos included) the state was folded
 * from, for the decklists' corrections (decklists.ts); without it, what the state holds.
 */
export function stateToTranscript(state: EventState, journal?: JournalEntries): Transcript {
  const decklists = transcriptDecklists(state, journal);
  const transcript = { ...plainTranscript(state), ...(decklists ? { decklists } : {}) };
  if (!state.playoff && !getRuleset(state.ruleset).presentation.groups) return transcript;
  return withPodiumFields(state, transcript);
}

/** The README's fields only. */
function plainTranscript(state: EventState): Transcript {
  const shape = settingsPatchSchema.shape;
  const settings: Record<string, unknown> = {};
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    const value = (state.settings as unknown as Record<string, unknown>)[key];
    if (value !== undefined && shape[key].safeParse(value).success) settings[key] = value;
  }
  const rounds: TranscriptRound[] = state.rounds.map((round) => {
    const drops = state.players.filter((p) => p.droppedAfterRound === round.number).map((p) => p.id);
    return {
      stage: round.stage,
      tables: round.tables.map((table) => ({
        table: table.table,
        seats: [...table.seats],
        ...firstSeatField(table.firstSeat),
        ...(table.result !== undefined ? { result: resultToTranscript(table.result) } : {}),
        ...(table.noShow !== undefined && table.noShow.length > 0 ? { noShow: [...table.noShow] } : {}),
      })),
      ...(round.byes.length > 0 ? { byes: round.byes.map((b) => b.player) } : {}),
      ...(drops.length > 0 ? { drops } : {}),
    };
  });
  return {
    transcript: TRANSCRIPT_VERSION,
    ruleset: state.ruleset,
    settings: settings as SettingsPatch,
    seed: state.seed,
    players: state.players.map(transcriptPlayer),
    rounds,
    ...(state.penalties && state.penalties.length > 0 ? { penalties: state.penalties.map(transcriptPenalty) } : {}),
    ...(state.tieDecisions && state.tieDecisions.length > 0
      ? { tieDecisions: state.tieDecisions.map((d) => ({ afterRound: d.afterRound, players: [...d.players], reason: d.reason })) }
      : {}),
  };
}

function transcriptPenalty(p: Penalty): TranscriptPenalty {
  return {
    round: p.round,
    ...(p.table !== undefined ? { table: p.table } : {}),
    player: p.player,
    infraction: p.infraction,
    penalty: p.penalty,
    ...(p.judge !== undefined ? { judge: p.judge } : {}),
    ...(p.note !== undefined ? { note: p.note } : {}),
  };
}

function transcriptPlayer(p: Player): TranscriptPlayer {
  return {
    id: p.id,
    name: p.name,
    ...(p.familyName !== undefined && p.familyName !== '' ? { family: p.familyName } : {}),
    ...(p.note !== undefined ? { note: p.note } : {}),
    draw: p.draw,
    ...(p.joinedRound > 1 ? { entersRound: p.joinedRound } : {}),
    ...(p.awardedByes > 0 ? { awardedByes: p.awardedByes } : {}),
    ...(p.draftPod !== undefined ? { draftPod: p.draftPod } : {}),
    ...(p.members !== undefined ? { members: p.members.map((m) => ({ name: m.name, seat: m.seat })) } : {}),
    ...(p.fixedTable !== undefined ? { fixedTable: p.fixedTable } : {}),
    ...(p.fixedSeat !== undefined ? { fixedSeat: p.fixedSeat } : {}),
  };
}

/**
 * Add `groups`, `playoff` and `waiting` where a replay of the transcript without them would not
 * give the event's groups, cut or waiting seeds (each replay reads them the way the rule set makes
 * them: load.ts). A transcript whose replay fails gets all three, which say the most.
 */
function withPodiumFields(state: EventState, plain: Transcript): Transcript {
  let transcript = plain;
  const replay = (): EventState | undefined => {
    try {
      return transcriptToState(transcript);
    } catch {
      return undefined;
    }
  };

  let again = replay();
  const groups = groupsOf(state);
  if (groups.length > 0 && (!again || JSON.stringify(groupsOf(again)) !== JSON.stringify(groups))) {
    transcript = { ...transcript, groups };
    again = replay();
  }
  if (state.playoff && (!again || JSON.stringify(again.playoff) !== JSON.stringify(state.playoff))) {
    const { top, draft, seeds } = state.playoff;
    transcript = { ...transcript, playoff: { top, ...(draft ? { draft } : {}), seeds: [...seeds] } };
    again = replay();
  }
  const rounds = transcript.rounds.map((round, i) => {
    const waiting = state.rounds[i]?.waiting ?? [];
    const replayed = again?.rounds[i]?.waiting ?? [];
    if (round.stage !== 'playoff' || (again && JSON.stringify(replayed) === JSON.stringify(waiting))) return round;
    return { ...round, waiting: [...waiting] };
  });
  return { ...transcript, rounds };
}

/** A lightseekers-large event's groups, group 1 first (empty: no groups). */
function groupsOf(state: EventState): string[][] {
  const groups: string[][] = [];
  for (const p of state.players) {
    if (p.group === undefined) continue;
    while (groups.length < p.group) groups.push([]);
    (groups[p.group - 1] as string[]).push(p.id);
  }
  return groups;
}

/** The transcript as the text written to a file: 1-space-indented JSON and a final newline. */
export function formatTranscript(transcript: Transcript): string {
  return `${JSON.stringify(transcript, null, 1)}\n`;
}
