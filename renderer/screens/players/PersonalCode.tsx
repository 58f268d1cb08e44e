/**
 * Personal codes at the desk (ARCHITECTURE "A player is who their phone claimed"): the code of a
 * player just registered, shown once under the form for the scorekeeper to read out or write down
 * (the player cards print every code), and the Players screen's claim column: who is claimed by a
 * phone, and "Reset claim" for a lost or changed phone (one action, in the journal). A code is
 * asked of the host (`personalCode`, the desks only); the host keeps the secret it is made from.
 */
import { useCallback, useState } from 'react';
import { claimsOn } from '../../../core/event/apply-claims.js';
import type { EventState, PlayerId } from '../../../core/model/types.js';
import { isolate } from '../../lib/format.js';
import { useMayCall } from '../../store/caller.js';
import { useStation } from '../../store/station.js';

export interface ShownCode {
  name: string;
  code: string;
}

/** After registering: ask the host for the new player's code, to show it once (claims on, at a desk). */
export function useShowCode(on: boolean): { shown: ShownCode | null; show(player: PlayerId, name: string): Promise<void>; hide(): void } {
  const [shown, setShown] = useState<ShownCode | null>(null);
  const mayAsk = useMayCall('personalCode');
  const show = useCallback(
    async (player: PlayerId, name: string): Promise<void> => {
      if (!on || !mayAsk) return setShown(null);
      const answer = await useStation.getState().run('Making the personal code…', (api) => api.personalCode({ player }));
      setShown(answer ? { name, code: answer.code } : null);
    },
    [on, mayAsk],
  );
  return { shown, show, hide: () => setShown(null) };
}

export function NewPlayerCode({ shown, onHide }: { shown: ShownCode | null; onHide(): void }) {
  if (!shown) return null;
  return (
    <div className="personal-code-note" role="status" data-testid="new-personal-code">
      <p>
        <strong>{isolate(shown.name)}</strong>’s personal code: <code className="personal-code">{shown.code}</code>
      </p>
      <p className="muted">
        Shown once: read it out or write it down for them — with it, their phone becomes theirs (“This is me” on the player page). Their player card prints it too.
      </p>
      <button type="button" onClick={onHide} data-testid="hide-personal-code">
        Hide
      </button>
    </div>
  );
}

/** The claim of one player on the Players list: a badge, and "Reset claim" at a desk. */
export function ClaimCell({ state, player, readOnly }: { state: EventState; player: { id: PlayerId; name: string }; readOnly: boolean }) {
  const mayReset = useMayCall('dispatch') && !readOnly;
  if (!claimsOn(state)) return null;
  const claim = state.claims?.[player.id];
  if (!claim) return <span className="claim-badge none" title="No phone has claimed this player with their personal code yet">not claimed</span>;
  const reset = (): void => {
    void useStation
      .getState()
      .dispatch({ type: 'reset-claim', player: player.id, reason: 'reset at the desk' }, `${isolate(player.name)}’s phone claim reset: their personal code claims again, on a new phone`);
  };
  return (
    <span className="claim-cell">
      <span className="claim-badge" title={`Claimed by phone ${claim.phone}: only that phone reports and confirms for this player`} data-testid="claimed-badge">
        claimed by a phone
      </span>
      {mayReset && (
        <button type="button" className="small" onClick={reset} data-testid="reset-claim" title="A lost or changed phone: free the player, so their personal code claims again on another phone">
          Reset claim
        </button>
      )}
    </span>
  );
}
