/**
 * One competitor of the player list, edited in place: name (and the family name the boards sort
 * by), note, awarded byes, draft pod, a team's members, a fixed table (and seat, where the rule set
 * has seats to fix). Only what changed is sent (`edit-player`).
 */
import { useState } from 'react';
import type { PlayerInput } from '../../../core/event/commands.js';
import type { EventState, Player, TeamSeat } from '../../../core/model/types.js';
import { nameProblem } from '../../../core/model/names.js';
import { Name } from '../../components/Name.js';
import { isolate, sentence } from '../../lib/format.js';
import { useStation } from '../../store/station.js';
import { type FixedDraft, FixedPlaceFields, fixedDraftOf, fixedSeatsOf, readFixedPlace } from './FixedPlace.js';
import { hasAwardedByes, isTeamEvent, teamSizeOf, usesDraftPods } from './RegistrationForm.js';
import { boardName, familyProblem, familyToSend, sameNameWarning, seatsOf } from './registration.js';

/** The edit form as typed. */
interface EditDraft {
  name: string;
  /** The family name as typed; null = untouched (the stored one, else the guess). */
  family: string | null;
  note: string;
  byes: number;
  pod: string;
  members: Record<TeamSeat, string>;
  fixed: FixedDraft;
}

/** What the edit changes (the name it saves under, for the toast), or what is wrong with it in words. */
function editedChanges(player: Player, state: EventState, { name, family, note, byes, pod, members, fixed }: EditDraft): { problem: string } | { changes: Partial<Omit<PlayerInput, 'id'>>; name: string } {
  const team = isTeamEvent(state);
  const changes: Partial<Omit<PlayerInput, 'id'>> = {};
  const trimmed = name.replace(/\s+/g, ' ').trim();
  if (!trimmed) return { problem: 'A name is needed.' };
  const characters = nameProblem(trimmed) ?? nameProblem(note.trim(), 'note');
  if (characters) return { problem: sentence(characters) };
  if (trimmed !== player.name) changes.name = trimmed;
  if (!team) {
    const familyTrouble = familyProblem(trimmed, family);
    if (familyTrouble) return { problem: familyTrouble };
    const familyName = familyToSend(trimmed, family, player.familyName);
    if (familyName !== undefined) changes.familyName = familyName;
  }
  if (note.trim() !== (player.note ?? '')) changes.note = note.trim();
  if (hasAwardedByes(state) && byes !== player.awardedByes) changes.awardedByes = byes;
  if (usesDraftPods(state) && pod.trim() !== (player.draftPod !== undefined ? String(player.draftPod) : '')) {
    if (!/^\d+$/.test(pod.trim()) || Number(pod) < 1) return { problem: `The draft pod is a number (1, 2, …), not "${pod.trim()}".` };
    changes.draftPod = Number(pod);
  }
  if (team) {
    const next = seatsOf(teamSizeOf(state)).map((seat) => ({ seat, name: members[seat].replace(/\s+/g, ' ').trim() }));
    if (next.some((m) => !m.name)) return { problem: 'Name every member of the team.' };
    const memberProblem = next.map((m) => nameProblem(m.name)).find((p) => p !== null);
    if (memberProblem) return { problem: sentence(memberProblem) };
    const before = seatsOf(teamSizeOf(state)).map((seat) => player.members?.find((m) => m.seat === seat)?.name ?? '');
    if (next.some((m, i) => m.name !== before[i])) changes.members = next;
  }
  // 0 clears a fixed table (and its seat) or a fixed seat.
  const place = readFixedPlace(fixed, fixedSeatsOf(state));
  if ('problem' in place) return place;
  if (place.table !== (player.fixedTable ?? 0)) changes.fixedTable = place.table;
  if (place.table !== 0 && place.seat !== (player.fixedSeat ?? 0)) changes.fixedSeat = place.seat;
  return { changes, name: trimmed };
}

/** A row of the list opened for editing: Enter (Save) sends only what changed, Esc (Cancel) leaves it as it was. */
export function EditRow({ player, state, columns, done }: { player: Player; state: EventState; columns: number; done(): void }) {
  const dispatch = useStation((s) => s.dispatch);
  const team = isTeamEvent(state);
  const [name, setName] = useState(player.name);
  /** The family name as typed; null = untouched (the stored one, else the guess). */
  const [family, setFamily] = useState<string | null>(player.familyName ?? null);
  const [note, setNote] = useState(player.note ?? '');
  const [byes, setByes] = useState(player.awardedByes);
  const [pod, setPod] = useState(player.draftPod !== undefined ? String(player.draftPod) : '');
  const [members, setMembers] = useState<Record<TeamSeat, string>>(() => {
    const m: Record<TeamSeat, string> = { A: '', B: '', C: '' };
    for (const member of player.members ?? []) m[member.seat] = member.name;
    return m;
  });
  const [fixed, setFixed] = useState<FixedDraft>(() => fixedDraftOf(player));
  const [problem, setProblem] = useState<string | null>(null);
  const warning = name.trim() && name.trim() !== player.name ? sameNameWarning(state.players, name, note, player.id) : null;

  const save = async (): Promise<void> => {
    const edited = editedChanges(player, state, { name, family, note, byes, pod, members, fixed });
    if ('problem' in edited) return setProblem(edited.problem);
    if (Object.keys(edited.changes).length === 0) return done();
    const ack = await dispatch({ type: 'edit-player', id: player.id, changes: edited.changes }, `Saved the changes to ${isolate(edited.name)} (${player.id})`);
    if (ack) done();
  };

  return (
    <tr className="editing">
      <td colSpan={columns}>
        <form
          className="edit-player"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              done();
            }
          }}
          data-testid="edit-player"
        >
          <span className="edit-id">{player.id}</span>
          <label>
            Name
            <input autoFocus value={name} onChange={(e) => setName(e.target.value)} data-testid="edit-name" />
          </label>
          {!team && (
            <label>
              Family name
              <input value={family ?? boardName(name, null).family} onChange={(e) => setFamily(e.target.value)} spellCheck={false} data-testid="edit-family" />
            </label>
          )}
          <label>
            Note
            <input value={note} onChange={(e) => setNote(e.target.value)} data-testid="edit-note" />
          </label>
          {!team && name.trim() && (
            <p className="board-preview edit-message" data-testid="edit-board">
              On the boards: <Name className="board-name">{boardName(name, family).board}</Name>
            </p>
          )}
          {hasAwardedByes(state) && (
            <label>
              Awarded byes
              <select value={byes} onChange={(e) => setByes(Number(e.target.value))}>
                {[0, 1, 2, 3].map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          )}
          {usesDraftPods(state) && (
            <label>
              Draft pod
              <input inputMode="numeric" value={pod} onChange={(e) => setPod(e.target.value)} />
            </label>
          )}
          {team &&
            seatsOf(teamSizeOf(state)).map((seat) => (
              <label key={seat}>
                Seat {seat}
                <input value={members[seat]} onChange={(e) => setMembers((m) => ({ ...m, [seat]: e.target.value }))} />
              </label>
            ))}
          <FixedPlaceFields state={state} draft={fixed} onChange={setFixed} testId="edit" />
          <div className="edit-actions">
            <button type="submit" className="primary">
              Save
            </button>
            <button type="button" onClick={done}>
              Cancel
            </button>
          </div>
          {problem && <p className="problem edit-message">{problem}</p>}
          {warning && <p className="warning edit-message">{warning}</p>}
        </form>
      </td>
    </tr>
  );
}
