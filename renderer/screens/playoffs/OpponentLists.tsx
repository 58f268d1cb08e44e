/**
 * Opponents' decklists for the playoff round being played (MTR 2.7: "At Professional Rules
 * Enforcement Level tournaments …, opponents' decklists will be provided to players"). Offered only
 * at Professional REL once a playoff round is paired; while a player of the round has no registered
 * list the button waits and the missing lists are named under the screen's heading. What may be
 * printed, and the words, come from core/documents/opponent-decklists.ts, as the print says them.
 */
import { useMemo } from 'react';
import { opponentDecklistRefusals } from '../../../core/decklists/opponents.js';
import type { EventState, Round } from '../../../core/model/types.js';
import { PrintButton } from '../../components/PrintButton.js';

interface Offer {
  /** The print is for this event and round (Professional REL, a playoff round). */
  offered: boolean;
  /** Why it waits: the players without a registered list, in words. */
  missing: string | undefined;
}

function useOffer(state: EventState, round: Round | undefined): Offer {
  return useMemo(() => {
    const refusals = opponentDecklistRefusals(state, round);
    return { offered: round !== undefined && refusals.every((r) => r.kind === 'lists'), missing: refusals.find((r) => r.kind === 'lists')?.words };
  }, [state, round]);
}

/** The print button, for the screen's toolbar. */
export function OpponentListsPrint({ state, round }: { state: EventState; round: Round | undefined }) {
  const { offered, missing } = useOffer(state, round);
  if (!offered || !round) return null;
  return <PrintButton doc="opponent-decklists" round={round.number} label="opponents' decklists" disabled={missing !== undefined} />;
}

/** The lists the print waits for, named (nothing when none is missing or the print is not offered). */
export function OpponentListsMissing({ state, round }: { state: EventState; round: Round | undefined }) {
  const { offered, missing } = useOffer(state, round);
  if (!offered || !missing) return null;
  return (
    <p className="problem" data-testid="opponent-lists-missing">
      {missing}
    </p>
  );
}
