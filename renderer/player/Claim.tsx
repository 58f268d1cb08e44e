/**
 * "This is me" (ARCHITECTURE "A player is who their phone claimed"): the phone claims its player
 * with the personal code on their player card (typed here, or from the card's QR code: PlayerApp).
 * From then on the page knows who this phone is, sends the host's token with each report and
 * answer, and a player's results agreed from both claimed phones count at once. The claim is given
 * up only at the desk (a lost or changed phone): the page says so rather than offering it.
 *
 * Loaded when wanted (claim-offer.tsx), so the first screen stays light.
 */
import { useState, type FormEvent } from 'react';
import { phoneId, rememberedClaim, type Claim } from './memory.js';
import type { PublicAsk } from './public-client.js';
import type { PublicAnswer, PublicView } from '../../core/public/types.js';
import type { KeyValue } from './memory.js';

export interface ClaimTalk {
  request(ask: PublicAsk): Promise<PublicAnswer>;
  store: KeyValue;
}

/** Send a personal code: the claim (player and token), or the host's refusal in words. */
export async function sendClaim(talk: ClaimTalk, code: string): Promise<{ ok: true; claim: Claim } | { ok: false; message: string }> {
  const answer = await talk.request({ kind: 'claim', phone: phoneId(talk.store), code });
  if (!answer.ok) return answer;
  return answer.claim ? { ok: true, claim: answer.claim } : { ok: false, message: 'the host did not answer with a claim: try again, or ask the scorekeeper' };
}

/** A player card's QR link, once the view says the event: see claim-offer.tsx claimFromCard. */
export async function claimFromCard(view: PublicView, code: string, talk: ClaimTalk): Promise<{ ok: true; claim: Claim } | { ok: false; message: string | null }> {
  if (view.event.settings.claims === 'off') return { ok: false, message: 'Phones do not claim players at this event: find yourself by name below.' };
  if (rememberedClaim(talk.store, view.event.id)) return { ok: false, message: null };
  const answer = await sendClaim(talk, code);
  return answer.ok ? answer : { ok: false, message: answer.message.charAt(0).toLocaleUpperCase() + answer.message.slice(1) };
}

interface StepProps {
  talk: ClaimTalk;
  onClaimed(claim: Claim): void;
  /** A short box on My table (the player found by name) rather than the first screen's step. */
  compact?: boolean;
}

export function ClaimStep({ talk, onClaimed, compact = false }: StepProps) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const typed = code.trim();
    if (typed.replace(/[\s-]/g, '').length !== 8) return setProblem('Type the 8 letters and digits of the personal code on your player card.');
    setBusy(true);
    setProblem(null);
    const answer = await sendClaim(talk, typed);
    setBusy(false);
    if (!answer.ok) return setProblem(answer.message);
    onClaimed(answer.claim);
  };
  return (
    <form className={`pl-step pl-claim${compact ? ' compact' : ''}`} onSubmit={(e) => void submit(e)} aria-label="This is me" data-testid="claim-step">
      {compact ? <h3>Make this phone yours</h3> : <h2>This is me</h2>}
      <label className="pl-label" htmlFor="pl-claim-code">
        {compact
          ? 'Type the personal code on your player card: results you and your opponents send from your own phones then count at once.'
          : 'Type the personal code on your player card (or scan its QR code). Only this phone will report and confirm for you.'}
      </label>
      <input
        id="pl-claim-code"
        className="pl-input pl-code"
        value={code}
        placeholder="ABCD-2345"
        onChange={(e) => setCode(e.target.value.toLocaleUpperCase())}
        maxLength={16}
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="go"
      />
      {problem && (
        <p className="pl-problem" role="alert">
          {problem.charAt(0).toLocaleUpperCase() + problem.slice(1)}
        </p>
      )}
      <button type="submit" className={compact ? 'pl-secondary' : 'pl-primary'} disabled={busy}>
        {busy ? 'Checking…' : 'This is me'}
      </button>
    </form>
  );
}
