/**
 * The fast registration form: type a name (type-ahead from the directory), optionally a note,
 * awarded byes (mtr), the draft pod (draft events), the team's members (team events) or a fixed
 * table (and seat, where the rule set has seats to fix: FixedPlace.tsx), Enter —
 * and the cursor is back in the name box for the next person. Under the name, the board's form of
 * it ("Mac Giolla, Cian") and the family name it sorts by, which the scorekeeper may change
 * ("Gustavo García Márquez": family "García Márquez", not the guessed "Márquez").
 */
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { PlayerInput } from '../../../core/event/commands.js';
import { nameProblem } from '../../../core/model/names.js';
import type { EventState, TeamSeat } from '../../../core/model/types.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import { Name } from '../../components/Name.js';
import { isolate, pluralWord, sentence } from '../../lib/format.js';
import { directoryKey, type DirectoryPlayer } from '../../store/directory.js';
import { useStation } from '../../store/station.js';
import { type FixedDraft, FixedPlaceFields, fixedSeatsOf, NO_FIXED_PLACE, readFixedPlace } from './FixedPlace.js';
import { NameInput } from './NameInput.js';
import { boardName, familyProblem, familyToSend, nextId, registrationDraw, sameNameWarning, seatsOf } from './registration.js';
import './family.css';

export function isTeamEvent(state: EventState): boolean {
  return state.settings.teamSize > 1 || state.settings.twoHeadedGiant;
}

export function teamSizeOf(state: EventState): number {
  return state.settings.twoHeadedGiant ? 2 : state.settings.teamSize;
}

/** Players may be given awarded byes at registration (the rule set says: MTR App. E). */
export function hasAwardedByes(state: EventState): boolean {
  return getRuleset(state.ruleset).presentation.registration(state.settings).awardedByes;
}

/** Players are registered into draft pods (the rule set says: MTR 7.6). */
export function usesDraftPods(state: EventState): boolean {
  return getRuleset(state.ruleset).presentation.registration(state.settings).draftPods;
}

/** "missed rounds count as losses" / "no record for missed rounds" (the event's setting). */
export function missedRoundsWords(state: EventState): string {
  return state.settings.lateEntryRecord === 'loss' ? 'missed rounds count as losses' : 'no record for missed rounds';
}

const BYE_LABELS = ['No awarded byes', '1 bye (round 1)', '2 byes (rounds 1–2)', '3 byes (rounds 1–3)'];

/** The highest id number this station has handed out per event, so a freed id is not reused. */
const highestIssued = new Map<string, number>();

interface Props {
  state: EventState;
  readOnly: boolean;
  /** Registered (the host acknowledged it): the Players screen shows the new player's personal code once. */
  onRegistered?(player: string, name: string): void;
}

/** The form as typed (the draft pod aside, it is cleared for the next person and given back on a refusal). */
interface Typed {
  name: string;
  /** The family name as typed; null = as guessed from the name (shown, not stored). */
  family: string | null;
  note: string;
  byes: number;
  members: Record<TeamSeat, string>;
  /** A fixed table and seat (rare: cleared for the next person). */
  fixed: FixedDraft;
}

const CLEARED: Typed = { name: '', family: null, note: '', byes: 0, members: { A: '', B: '', C: '' }, fixed: NO_FIXED_PLACE };

/** What the form holds, with `restore` to put back what was typed (or CLEARED, for the next person). */
function useRegistrationDraft() {
  const [name, setName] = useState('');
  const [family, setFamily] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [byes, setByes] = useState(0);
  const [pod, setPod] = useState('');
  const [members, setMembers] = useState<Record<TeamSeat, string>>({ A: '', B: '', C: '' });
  const [fixed, setFixed] = useState<FixedDraft>(NO_FIXED_PLACE);
  const typed: Typed = { name, family, note, byes, members, fixed };
  const restore = (t: Typed): void => {
    setName(t.name);
    setFamily(t.family);
    setNote(t.note);
    setByes(t.byes);
    setMembers(t.members);
    setFixed(t.fixed);
  };
  return { typed, pod, setName, setFamily, setNote, setByes, setPod, setMembers, setFixed, restore };
}

/**
 * Ids for registrations on their way: several may be at once (a fast typist does not wait for the
 * host), so each takes its own at once; a refused one gives its id back if it is still the highest.
 */
function useRegistrationIds(state: EventState): { take: () => { id: string; number: number }; settle: (id: string, number: number, registered: boolean) => void } {
  const pending = useRef(new Set<string>());
  const take = (): { id: string; number: number } => {
    const issuedFloor = highestIssued.get(state.id) ?? 0;
    const id = nextId([...state.players.map((p) => p.id), ...pending.current], isTeamEvent(state), issuedFloor);
    const number = Number(id.slice(1));
    highestIssued.set(state.id, number);
    pending.current.add(id);
    return { id, number };
  };
  const settle = (id: string, number: number, registered: boolean): void => {
    pending.current.delete(id);
    if (!registered && highestIssued.get(state.id) === number) highestIssued.set(state.id, number - 1);
  };
  return { take, settle };
}

/** The typing tidied (names with single spaces), and what is wrong with it in words, if anything. */
function checkRegistration(
  state: EventState,
  { name, family, note, members, fixed }: Typed,
  pod: string,
): { error: string | null; trimmed: string; podText: string; seatNames: { seat: TeamSeat; name: string }[]; place: { table: number; seat: number } } {
  const team = isTeamEvent(state);
  const trimmed = name.replace(/\s+/g, ' ').trim();
  const podText = pod.trim();
  const seatNames = seatsOf(teamSizeOf(state)).map((seat) => ({ seat, name: members[seat].replace(/\s+/g, ' ').trim() }));
  const emptySeats = seatNames.filter((m) => !m.name).map((m) => m.seat);
  let error: string | null = null;
  if (!trimmed) error = team ? 'Type the team’s name first.' : 'Type the player’s name first.';
  else if (team && emptySeats.length > 0)
    error = `Name every member of the team: ${pluralWord(emptySeats.length, 'seat', 'seats')} ${emptySeats.join(' and ')} ${pluralWord(emptySeats.length, 'is', 'are')} empty.`;
  else if (usesDraftPods(state) && podText !== '' && (!/^\d+$/.test(podText) || Number(podText) < 1))
    error = `The draft pod is a number (1, 2, …), not "${podText}".`;
  else {
    // The host refuses these too (core/model/names.ts); saying so here keeps the typing.
    const characters = [nameProblem(trimmed), nameProblem(note.trim(), 'note'), ...(team ? seatNames.map((m) => nameProblem(m.name)) : [])].find((p) => p !== null);
    if (characters) error = sentence(characters);
    else if (!team) error = familyProblem(trimmed, family);
  }
  // The fixed table and seat (0 = none).
  const read = readFixedPlace(fixed, fixedSeatsOf(state));
  if (!error && 'problem' in read) error = read.problem;
  const place = 'problem' in read ? { table: 0, seat: 0 } : read;
  return { error, trimmed, podText, seatNames, place };
}

/** The family name the boards sort by: the guess from the name until the scorekeeper types another. */
function FamilyField({ value, onChange, disabled }: { value: string; onChange: (value: string) => void; disabled: boolean }) {
  return (
    <label className="registration-family">
      <span>
        Family name <span className="optional">(sorts the boards)</span>
      </span>
      <input value={value} onChange={(e) => onChange(e.target.value)} placeholder="as in the name" disabled={disabled} spellCheck={false} data-testid="register-family" />
    </label>
  );
}

/** Awarded byes and the draft pod, where the rule set registers them. */
function ByesAndPod({ state, byes, setByes, pod, setPod, disabled }: { state: EventState; byes: number; setByes: (byes: number) => void; pod: string; setPod: (pod: string) => void; disabled: boolean }) {
  return (
    <>
      {hasAwardedByes(state) && (
        <label className="registration-byes">
          Awarded byes
          <select value={byes} onChange={(e) => setByes(Number(e.target.value))} disabled={disabled} data-testid="register-byes">
            {BYE_LABELS.map((label, n) => (
              <option key={n} value={n}>
                {label}
              </option>
            ))}
          </select>
        </label>
      )}
      {usesDraftPods(state) && (
        <label className="registration-pod">
          Draft pod
          <input inputMode="numeric" value={pod} onChange={(e) => setPod(e.target.value)} placeholder="1" disabled={disabled} data-testid="register-pod" />
        </label>
      )}
    </>
  );
}

/** A team's members, a seat each with its board form beneath, and the team's Register button. */
function TeamMembers({ size, members, setMembers, disabled }: { size: number; members: Record<TeamSeat, string>; setMembers: Dispatch<SetStateAction<Record<TeamSeat, string>>>; disabled: boolean }) {
  return (
    <div className="registration-row registration-members">
      {seatsOf(size).map((seat) => (
        <label key={seat}>
          Seat {seat}
          <input
            value={members[seat]}
            onChange={(e) => setMembers((m) => ({ ...m, [seat]: e.target.value }))}
            placeholder={`Player in seat ${seat}`}
            disabled={disabled}
            data-testid={`register-seat-${seat}`}
          />
          {/* Always there (empty until a name is typed), so the seats stay in line. */}
          <span className="member-board" data-testid={`register-seat-${seat}-board`}>
            {members[seat].trim() ? (
              <>
                on the boards: <Name>{boardName(members[seat], null).board}</Name>
              </>
            ) : (
              '\u00A0'
            )}
          </span>
        </label>
      ))}
      <button type="submit" className="primary" disabled={disabled} data-testid="register">
        Register team
      </button>
    </div>
  );
}

/** The name as the boards print it, and the family name it sorts under when that is not the whole name. */
function BoardPreview({ board }: { board: ReturnType<typeof boardName> }) {
  return (
    <p className="board-preview" data-testid="register-board">
      On the boards: <Name className="board-name">{board.board}</Name>
      {board.family !== board.full && (
        <span className="muted">
          {' '}
          · sorted under <Name>{board.sortKey}</Name>
        </span>
      )}
    </p>
  );
}

/** Under the form: registration closed, a late entry, or how the form is used. */
function RegistrationNotice({ state, closed, lateRound }: { state: EventState; closed: boolean; lateRound: number | null }) {
  if (closed) return <p className="notice">The playoff has started: no more registrations.</p>;
  if (lateRound !== null)
    return (
      <p className="notice" data-testid="late-entry-notice">
        Registering now is a <strong>late entry: joins round {lateRound}</strong> ({missedRoundsWords(state)}).
      </p>
    );
  return (
    <p className="notice">
      Enter registers; the cursor comes back here. ↓ picks a name from the station’s player directory.
    </p>
  );
}

export function RegistrationForm({ state, readOnly, onRegistered }: Props) {
  const dispatch = useStation((s) => s.dispatch);
  const team = isTeamEvent(state);
  const size = teamSizeOf(state);
  const { typed, pod, setName, setFamily, setNote, setByes, setPod, setMembers, setFixed, restore } = useRegistrationDraft();
  const { name, family, note, byes, members } = typed;
  const [problem, setProblem] = useState<string | null>(null);
  const ids = useRegistrationIds(state);
  const nameRef = useRef<HTMLInputElement>(null);

  const closed = state.playoff !== undefined;
  const lateRound = state.rounds.length > 0 ? state.rounds.length + 1 : null;

  // Registration comes first: before round 1 the cursor starts in the name box.
  useEffect(() => {
    if (state.rounds.length === 0 && !closed && !readOnly) nameRef.current?.focus();
    // Only when the screen opens.
  }, []);

  const warning = name.trim() ? sameNameWarning(state.players, name, note) : null;
  const byId = new Map(state.players.map((p) => [directoryKey(p.name, p.note), p.id]));

  const pickSuggestion = (person: DirectoryPlayer): void => {
    setName(person.name);
    setFamily(null);
    setNote(person.note ?? '');
  };
  const board = boardName(name, team ? null : family);

  const register = async (): Promise<void> => {
    if (closed || readOnly) return;
    const { error, trimmed, podText, seatNames, place } = checkRegistration(state, typed, pod);
    setProblem(error);
    if (error) {
      if (!trimmed) nameRef.current?.focus();
      return;
    }
    const { id, number } = ids.take();
    const familyName = team ? undefined : familyToSend(trimmed, family);
    const player: PlayerInput = {
      id,
      name: trimmed,
      ...(familyName ? { familyName } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(hasAwardedByes(state) && byes > 0 ? { awardedByes: byes } : {}),
      ...(usesDraftPods(state) && podText !== '' ? { draftPod: Number(podText) } : {}),
      ...(team ? { members: seatNames } : {}),
      ...(place.table > 0 ? { fixedTable: place.table } : {}),
      ...(place.seat > 0 ? { fixedSeat: place.seat } : {}),
    };
    // The form is free for the next person at once; the pod stays: players of one pod usually register one after the other.
    restore(CLEARED);
    nameRef.current?.focus();
    const late = lateRound !== null ? ` — late entry, joins round ${lateRound}` : '';
    const ack = await dispatch({ type: 'register-player', player, draw: registrationDraw(state, id) }, `Registered ${isolate(trimmed)} (${id})${late}`);
    ids.settle(id, number, !!ack);
    if (ack) onRegistered?.(id, trimmed);
    // Refused (the toast says why): the typing comes back too, if the form is still empty.
    if (!ack && !nameRef.current?.value) restore(typed);
  };

  const disabled = closed || readOnly;
  return (
    <section className="card registration" aria-labelledby="register-title">
      <h2 id="register-title">{team ? 'Register a team' : 'Register a player'}</h2>
      <form
        className="registration-form"
        onSubmit={(e) => {
          e.preventDefault();
          void register();
        }}
        data-testid="registration-form"
      >
        <div className="registration-row">
          <NameInput
            label={team ? 'Team name' : 'Name'}
            value={name}
            onChange={(v) => {
              setName(v);
              if (problem) setProblem(null);
            }}
            onPick={pickSuggestion}
            registeredAs={(person) => byId.get(person.key)}
            inputRef={nameRef}
            placeholder={team ? 'Team name' : 'Given name Family name'}
            disabled={disabled}
            testId="register-name"
            invalid={!!problem && !name.trim()}
          />
          {!team && (
            <FamilyField
              value={family ?? board.family}
              onChange={(value) => {
                setFamily(value);
                if (problem) setProblem(null);
              }}
              disabled={disabled}
            />
          )}
          <label className="registration-note">
            <span>
              Note <span className="optional">(optional)</span>
            </span>
            <input value={note} onChange={(e) => setNote(e.target.value)} placeholder="city, DCI number…" disabled={disabled} data-testid="register-note" />
          </label>
          <ByesAndPod state={state} byes={byes} setByes={setByes} pod={pod} setPod={setPod} disabled={disabled} />
          <FixedPlaceFields state={state} draft={typed.fixed} onChange={setFixed} disabled={disabled} testId="register" />
          {!team && (
            <button type="submit" className="primary" disabled={disabled} data-testid="register">
              Register
            </button>
          )}
        </div>
        {!team && name.trim() && <BoardPreview board={board} />}
        {team && <TeamMembers size={size} members={members} setMembers={setMembers} disabled={disabled} />}
        {problem && (
          <p className="problem" role="alert">
            {problem}
          </p>
        )}
        {warning && (
          <p className="warning" role="status" data-testid="duplicate-warning">
            {warning}
          </p>
        )}
        <RegistrationNotice state={state} closed={closed} lateRound={lateRound} />
      </form>
    </section>
  );
}
