/**
 * Recording a penalty from the Clock screen ("from the Results screen or the clock's
 * table view in a few keys"): the Results screen's own form (results/PenaltyForm.tsx), opened from a
 * table's row (its players offered first) or from here for anyone — a name, or the number of any
 * table of the round, whether it has time of its own or not. The cursor goes to the player box; Esc
 * closes the form and gives the cursor back to the button that opened it. The toast has Undo.
 */
import { useEffect, useRef } from 'react';
import { penaltiesOf } from '../../../core/event/apply-penalties.js';
import type { EventState, Round } from '../../../core/model/types.js';
import { plural } from '../../lib/format.js';
import { useStation } from '../../store/station.js';
import { PenaltyForm } from '../results/PenaltyForm.js';
import '../results/Penalty.css';

/** Which form is open: for a table (its row's button), or for anyone (table null). */
export interface PenaltyTarget {
  round: number;
  table: number | null;
  /** The button it was opened from: the cursor goes back to it when the form closes. */
  opener: HTMLElement | null;
}

export function ClockPenalties({ state, round, target, setTarget }: {
  state: EventState;
  round: Round;
  /** The open form, if any (one of another round is closed). */
  target: PenaltyTarget | null;
  setTarget: (target: PenaltyTarget | null) => void;
}) {
  const open = target !== null && target.round === round.number;
  const openButton = useRef<HTMLButtonElement>(null);
  const count = penaltiesOf(state).filter((p) => p.round === round.number).length;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape' || useStation.getState().helpOpen) return;
      event.preventDefault();
      close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const close = (): void => {
    const back = target?.opener?.isConnected ? target.opener : openButton.current;
    setTarget(null);
    back?.focus();
  };

  return (
    <section className="card clock-penalties" aria-labelledby="clock-penalties-title" data-testid="clock-penalties">
      <header className="card-head">
        <h2 id="clock-penalties-title">
          Penalties{' '}
          <span className="muted clock-penalty-count" data-testid="clock-penalty-count">
            round {round.number}: {count === 0 ? 'none' : plural(count, 'penalty', 'penalties')}
          </span>
        </h2>
        <button
          ref={openButton}
          type="button"
          aria-expanded={open}
          onClick={() => {
            if (open) return close();
            setTarget({ round: round.number, table: null, opener: openButton.current });
          }}
          data-testid="clock-penalty-open"
        >
          {open ? 'Close' : 'Record a penalty…'}
        </button>
      </header>
      {open && (
        <>
          <p className="muted clock-penalty-hint" data-testid="clock-penalty-for">
            {target.table !== null
              ? `Table ${target.table}: pick the player below, or type another name or table number. Enter records; Esc closes.`
              : 'Type a name, or the number of any table of the round. Enter records; Esc closes.'}
          </p>
          <PenaltyForm key={target.table ?? 'any'} state={state} round={round} entryTable={target.table} focusOnOpen onRecorded={close} />
        </>
      )}
    </section>
  );
}
