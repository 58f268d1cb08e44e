/**
 * A competitor's fixed table, and seat where the rule set's tables have seats to fix (* accessibility): the fields of the registration form and of a player's edit row, and how the list
 * shows them. Whether there is a seat to fix, and how many seats, the rule set's table shape says
 * (core/pairing/fixed-seats.ts `fixedSeatLimit`): pods of n have seats 1–n, a head-to-head match none.
 */
import type { EventState, Player } from '../../../core/model/types.js';
import { fixedSeatLimit } from '../../../core/pairing/fixed-seats.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import './fixed-place.css';

/** The highest seat a player can be fixed to in this event, or null when its tables have no seats to fix. */
export function fixedSeatsOf(state: EventState): number | null {
  return fixedSeatLimit(getRuleset(state.ruleset).presentation.table, state.settings);
}

/** The fields as typed: the table's number as text ("" = none), the seat (0 = none). */
export interface FixedDraft {
  table: string;
  seat: number;
}

export const NO_FIXED_PLACE: FixedDraft = { table: '', seat: 0 };

export function fixedDraftOf(player: Player): FixedDraft {
  return { table: player.fixedTable !== undefined ? String(player.fixedTable) : '', seat: player.fixedSeat ?? 0 };
}

/** What was typed, read: the table and seat (0 = none), or what is wrong with it in words. */
export function readFixedPlace(draft: FixedDraft, seats: number | null): { problem: string } | { table: number; seat: number } {
  const text = draft.table.trim();
  if (text !== '' && (!/^\d+$/.test(text) || Number(text) < 1)) return { problem: `The fixed table is a number (1, 2, …), not "${text}".` };
  const table = text === '' ? 0 : Number(text);
  const seat = seats === null ? 0 : draft.seat;
  if (seat > 0 && table === 0) return { problem: 'A fixed seat needs a fixed table: type the table’s number too.' };
  return { table, seat };
}

/** "Fixed table 7, seat 2" for the list, or null. */
export function fixedPlaceWords(player: Player): string | null {
  if (player.fixedTable === undefined) return null;
  return `Fixed table ${player.fixedTable}${player.fixedSeat !== undefined ? `, seat ${player.fixedSeat}` : ''}`;
}

/** The fixed table box, and the seat choice where there are seats to fix. */
export function FixedPlaceFields({
  state,
  draft,
  onChange,
  disabled = false,
  testId,
}: {
  state: EventState;
  draft: FixedDraft;
  onChange: (draft: FixedDraft) => void;
  disabled?: boolean;
  /** "register" / "edit": the fields' test ids are `${testId}-fixed-table` and `${testId}-fixed-seat`. */
  testId: string;
}) {
  const seats = fixedSeatsOf(state);
  return (
    <>
      <label className="fixed-table" title="Accessibility: this player's match or pod is seated at this table every round">
        <span>
          Fixed table <span className="optional">(optional)</span>
        </span>
        <input inputMode="numeric" value={draft.table} onChange={(e) => onChange({ ...draft, table: e.target.value })} placeholder="none" size={5} disabled={disabled} data-testid={`${testId}-fixed-table`} />
      </label>
      {seats !== null && (
        <label className="fixed-seat">
          <span>Fixed seat</span>
          <select value={draft.seat} onChange={(e) => onChange({ ...draft, seat: Number(e.target.value) })} disabled={disabled} data-testid={`${testId}-fixed-seat`}>
            <option value={0}>none</option>
            {Array.from({ length: seats }, (_, i) => i + 1).map((seat) => (
              <option key={seat} value={seat}>
                {seat}
              </option>
            ))}
          </select>
        </label>
      )}
    </>
  );
}
