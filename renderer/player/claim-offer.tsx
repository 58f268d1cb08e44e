/**
 * The first screen's part of claiming (Claim.tsx has the form and the request, loaded when wanted so
 * that the page's first screen stays under its weight budget): whether claims are on, the words of a
 * claimed phone, and the offer — "This is me" — that opens the form.
 */
import { lazy, Suspense, useState } from 'react';
import type { PublicView } from '../../core/public/types.js';
import type { ClaimTalk } from './Claim.js';
import type { Claim } from './memory.js';

/** Do phones claim players at this event (the organiser's setting; on unless turned off)? */
export function claimsOn(view: PublicView): boolean {
  return view.event.settings.claims !== 'off';
}

/** Words under the name of a claimed phone's player: how to give the phone up. */
export const RELEASE_WORDS = 'This phone is yours for this event. A new or lost phone? Only the scorekeeper can reset it.';

const loadClaim = (): Promise<typeof import('./later.js')> => import('./later.js');
const ClaimStep = lazy(() => loadClaim().then((m) => ({ default: m.ClaimStep })));

/** A player card's QR link: the claim, or what to say (claims off, the host's refusal); nothing when this phone holds a claim already. */
export async function claimFromCard(view: PublicView, code: string, talk: ClaimTalk): Promise<{ ok: true; claim: Claim } | { ok: false; message: string | null }> {
  return (await loadClaim()).claimFromCard(view, code, talk);
}

export function ClaimOffer({ talk, onClaimed, compact = false }: { talk: ClaimTalk; onClaimed(claim: Claim): void; compact?: boolean }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <button type="button" className={compact ? 'pl-secondary' : 'pl-primary'} onClick={() => setOpen(true)} data-testid="claim-open">
        {compact ? 'Make this phone yours (player card)' : 'This is me: my player card'}
      </button>
    );
  return (
    <Suspense fallback={<p className="pl-claimed">Loading…</p>}>
      <ClaimStep talk={talk} onClaimed={onClaimed} compact={compact} />
    </Suspense>
  );
}
