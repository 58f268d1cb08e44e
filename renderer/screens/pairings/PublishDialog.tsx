/**
 * The last step before a proposed pairing goes out (Pairings screen): what is about to be published
 * or replaced, what the pairing check found, and a word on an extra Swiss round (RULES 4).
 */
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { plural } from '../../lib/format.js';
import type { PendingProposal } from '../../store/station.js';
import type { CheckSummary } from './PairingCheck.js';

export function PublishDialog({ proposed, summary, who, beyond, planned, announced, decided, reason, busy, onConfirm, onCancel }: {
  proposed: PendingProposal;
  summary: CheckSummary;
  /** What a competitor is called: "player", or "team" in team events. */
  who: string;
  /** A Swiss round past the `planned` number (`announced`, or else recommended). */
  beyond: boolean;
  planned: number;
  announced: boolean;
  /** A variable number's criterion as evaluated, in words (MTR 10.2): what set `planned`. */
  decided?: string | undefined;
  /** Re-pairing the open tables: the reason the journal keeps. */
  reason: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      title={
        proposed.fix
          ? `Replace tables ${proposed.fix.tables.join(', ')} of round ${proposed.round}?`
          : proposed.replace
          ? `Replace round ${proposed.round} with this pairing?`
          : beyond
            ? `Publish round ${proposed.round}, past the ${plural(planned, 'Swiss round')} ${announced ? 'announced' : 'recommended'}?`
            : `Publish round ${proposed.round}?`
      }
      confirm={proposed.fix ? 'Replace these tables' : proposed.replace ? `Replace round ${proposed.round}` : beyond ? `Publish extra round ${proposed.round}` : `Publish round ${proposed.round}`}
      onConfirm={onConfirm}
      onCancel={onCancel}
      busy={busy}
    >
      {beyond && (
        <p className="notice" data-testid="beyond-announced">
          {decided
            ? `${decided} Round ${proposed.round} is an extra round: make sure the players know before you publish.`
            : announced
            ? `This event announced ${plural(planned, 'Swiss round')}: round ${proposed.round} is an extra round. Players planned for ${plural(planned, 'round')}; make sure they know before you publish.`
            : `The rules recommend ${plural(planned, 'Swiss round')} for this event: round ${proposed.round} is an extra round.`}
        </p>
      )}
      <p>
        {plural(proposed.proposal.tables.length, 'table')}
        {proposed.proposal.byes.length > 0 ? `, ${plural(proposed.proposal.byes.length, 'bye')}` : ''} · {summary.seated} of{' '}
        {plural(summary.active, `active ${who}`)} seated
        {proposed.proposal.warnings.length > 0 ? ` · ${plural(proposed.proposal.warnings.length, 'warning')} (see the pairing check)` : ''}.
      </p>
      {summary.problems.length > 0 && (
        <p className="problem">
          <strong>The pairing check found {plural(summary.problems.length, 'problem')}: the station will refuse a dropped or unregistered player.</strong>
        </p>
      )}
      <p className="muted">
        {proposed.fix
          ? `Tables ${proposed.fix.tables.join(', ')} get new seats; tables with a result, and their results, stand. Reason: “${reason.trim()}”.`
          : proposed.replace
          ? 'The published pairing is replaced; players who already looked need to look again.'
          : 'Players see these pairings once they are printed or projected. Until the first result, the round can still be re-paired.'}
      </p>
    </ConfirmDialog>
  );
}
