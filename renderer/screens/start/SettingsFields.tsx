/** The settings a rule set reads, as form controls, with the rule set's default already chosen. */
import { useEffect, useState, type ReactElement } from 'react';
import type { RulesetId, Settings } from '../../../core/model/types.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import { fieldsFor, REL_LABELS, type FieldId } from './settings.js';

interface Props {
  ruleset: RulesetId;
  /** What the form holds. */
  draft: Settings;
  /** What the rule set makes of it (defaults filled in), for values shown but not chosen. */
  settings: Settings;
  change(patch: Partial<Settings>): void;
}

function LastTurnField({ ruleset, draft, settings, change }: Props) {
  const procedure = getRuleset(ruleset).endOfRound(settings, 'swiss');
  const shown = draft.lastTurnMinutes ?? (procedure.kind === 'active-player-finishes' ? procedure.lastTurnMinutes : undefined) ?? 30;
  const [text, setText] = useState(String(shown));
  useEffect(() => setText(String(shown)), [shown]);
  const valid = /^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 240;
  return (
    <label>
      Last-turn limit (minutes)
      <input
        inputMode="numeric"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const n = Number(e.target.value.trim());
          if (/^\d+$/.test(e.target.value.trim()) && n >= 1 && n <= 240) change({ lastTurnMinutes: n });
        }}
        aria-invalid={valid ? undefined : true}
        data-testid="setting-lastTurnMinutes"
      />
      <small className={valid ? 'muted' : 'problem'}>{valid ? 'MAMTR 2.4B: at its end the game is a draw' : 'A number of minutes from 1 to 240'}</small>
    </label>
  );
}

/** What the rule set does at time with no choice made, for this round length: "90 min: active player finishes". */
function recommendedEnd(ruleset: RulesetId, settings: Settings): string {
  const { endOfRound: _chosen, ...unchosen } = settings;
  const rules = getRuleset(ruleset);
  const minutes = rules.timeLimits(unchosen, 'swiss').roundMinutes;
  const procedure = rules.endOfRound(unchosen, 'swiss');
  return `${minutes === null ? 'untimed' : `${minutes} min`}: ${procedure.kind === 'extra-turns' ? 'extra turns' : 'active player finishes'}`;
}

function RelField({ draft, change }: Props) {
  return (
    <label>
      Rules enforcement level
      <select
        value={draft.rel}
        onChange={(e) => {
          const rel = e.target.value as Settings['rel'];
          // MTR 7.6: pairing across draft pods is allowed at Regular REL only.
          change(rel === 'regular' ? { rel } : { rel, pairWithinDraftPods: true });
        }}
        data-testid="setting-rel"
      >
        {(Object.keys(REL_LABELS) as Settings['rel'][]).map((rel) => (
          <option key={rel} value={rel}>
            {REL_LABELS[rel]}
          </option>
        ))}
      </select>
    </label>
  );
}

function GamesToWinField({ draft, change }: Props) {
  const giant = draft.twoHeadedGiant;
  return (
    <label>
      Matches
      <select value={giant ? 1 : draft.gamesToWin} disabled={giant} onChange={(e) => change({ gamesToWin: Number(e.target.value) })} data-testid="setting-gamesToWin">
        <option value={1}>Best of 1</option>
        <option value={2}>Best of 3</option>
        <option value={3}>Best of 5</option>
      </select>
      {giant && <small className="muted">Two-Headed Giant matches are one game</small>}
    </label>
  );
}

function FormatField({ ruleset, draft, change }: Props) {
  const { formats, formatNote } = getRuleset(ruleset).presentation.settings;
  return (
    <label>
      Format
      <select value={draft.format} onChange={(e) => change({ format: e.target.value as Settings['format'] })} data-testid="setting-format">
        {formats.map((f) => (
          <option key={f.value} value={f.value}>
            {f.label}
          </option>
        ))}
      </select>
      {formatNote?.(draft) && <small className="muted">{formatNote(draft)}</small>}
    </label>
  );
}

function ReleaseWeekendField({ draft, change }: Props) {
  return (
    <label className="check">
      <input type="checkbox" checked={draft.releaseWeekend} onChange={(e) => change({ releaseWeekend: e.target.checked })} data-testid="setting-releaseWeekend" />
      Release weekend (+15 minutes of deck construction)
    </label>
  );
}

function PairWithinDraftPodsField({ draft, change }: Props) {
  return (
    <label className="check">
      <input
        type="checkbox"
        checked={draft.pairWithinDraftPods}
        disabled={draft.rel !== 'regular'}
        onChange={(e) => change({ pairWithinDraftPods: e.target.checked })}
        data-testid="setting-pairWithinDraftPods"
      />
      <span>
        Pair players only inside their draft pod
        <small className="muted">{draft.rel === 'regular' ? ' (MTR 7.6; may be lifted at Regular REL)' : ' (MTR 7.6: required above Regular REL)'}</small>
      </span>
    </label>
  );
}

function TeamSizeField({ draft, change }: Props) {
  const giant = draft.twoHeadedGiant;
  return (
    <label>
      Competitors
      <select
        value={giant ? 2 : draft.teamSize}
        disabled={giant}
        onChange={(e) => change({ teamSize: Number(e.target.value) as Settings['teamSize'] })}
        data-testid="setting-teamSize"
      >
        <option value={1}>Individual players</option>
        <option value={2}>Teams of 2 (seats A, B)</option>
        <option value={3}>Teams of 3 (seats A, B, C)</option>
      </select>
    </label>
  );
}

function TwoHeadedGiantField({ draft, settings, change }: Props) {
  return (
    <label className="check">
      <input
        type="checkbox"
        checked={draft.twoHeadedGiant}
        onChange={(e) =>
          change(e.target.checked ? { twoHeadedGiant: true, teamSize: 2, gamesToWin: 1 } : { twoHeadedGiant: false, teamSize: 1, gamesToWin: settings.gamesToWin === 1 ? 2 : settings.gamesToWin })
        }
        data-testid="setting-twoHeadedGiant"
      />
      <span>
        Two-Headed Giant
        <small className="muted"> (teams of 2 play as one; one-game matches; 3 extra turns)</small>
      </span>
    </label>
  );
}

function LateEntryRecordField({ draft, change }: Props) {
  return (
    <label>
      Late entries: missed rounds
      <select value={draft.lateEntryRecord} onChange={(e) => change({ lateEntryRecord: e.target.value as Settings['lateEntryRecord'] })} data-testid="setting-lateEntryRecord">
        <option value="loss">count as losses</option>
        <option value="none">have no record</option>
      </select>
    </label>
  );
}

function PodSizeField({ draft, change }: Props) {
  return (
    <label>
      Pod size
      <select value={draft.podSize} onChange={(e) => change({ podSize: Number(e.target.value) })} data-testid="setting-podSize">
        {[3, 4, 5].map((n) => (
          <option key={n} value={n}>
            {n} players
          </option>
        ))}
      </select>
    </label>
  );
}

function EndOfRoundField({ ruleset, draft, settings, change }: Props) {
  return (
    <label className="wide">
      At the end of a round
      <select
        value={draft.endOfRound ?? ''}
        onChange={(e) => {
          const value = e.target.value;
          change({ endOfRound: value === '' ? undefined : (value as NonNullable<Settings['endOfRound']>) });
        }}
        data-testid="setting-endOfRound"
      >
        <option value="">{`As recommended for the round length (${recommendedEnd(ruleset, settings)})`}</option>
        <option value="extra-turns">Extra turns, one per player still in the game (2.5AA)</option>
        <option value="active-player">The active player finishes the turn (2.5AB)</option>
      </select>
    </label>
  );
}

function BalanceSeatsField({ draft, change }: Props) {
  return (
    <label className="check">
      <input type="checkbox" checked={draft.balanceSeats} onChange={(e) => change({ balanceSeats: e.target.checked })} data-testid="setting-balanceSeats" />
      <span>
        Balance seats across the event
        <small className="muted"> (who sat late earlier gets an earlier seat; otherwise random)</small>
      </span>
    </label>
  );
}

/** The rule set's own value for a house-rule setting left empty, and where it comes from (its presentation). */
function documentDefaultOf({ ruleset, draft }: Props, field: FieldId): { value: string; rule: string } | undefined {
  return getRuleset(ruleset).presentation.settings.documentDefault?.(field, draft);
}

/** A house rule for player counts that do not fill pods; empty: as the rule set's document says. */
function OddCountsField(props: Props) {
  const { draft, change } = props;
  const fallback = documentDefaultOf(props, 'oddCounts');
  const n = draft.podSize;
  return (
    <label className="wide">
      Player counts that do not fill pods of {n}
      <select
        value={draft.oddCounts ?? ''}
        onChange={(e) => {
          const value = e.target.value;
          change({ oddCounts: value === '' ? undefined : (value as NonNullable<Settings['oddCounts']>) });
        }}
        data-testid="setting-oddCounts"
      >
        <option value="">{fallback ? `As the rules say: ${fallback.value} (${fallback.rule})` : 'As the rules say'}</option>
        <option value="byes">House rule: byes, to the fewest byes so far, then the lowest-ranked</option>
        <option value="smaller-pods-bottom">House rule: smaller pods at the bottom of the standings</option>
        <option value="smaller-pods-top">House rule: smaller pods at the top of the standings</option>
        <option value="larger-pods">{`House rule: pods of ${n + 1}`}</option>
      </select>
    </label>
  );
}

type PointsKey = 'winPoints' | 'drawPoints' | 'byePoints';

/** A house rule for the points of a win, a draw or a bye: a whole number, or empty for the rule set's own. */
function PointsField({ props, field, label, min }: { props: Props; field: PointsKey; label: string; min: number }) {
  const { draft, change } = props;
  const fallback = documentDefaultOf(props, field);
  const value = draft[field];
  const [text, setText] = useState(value === undefined ? '' : String(value));
  useEffect(() => setText(value === undefined ? '' : String(value)), [value]);
  const trimmed = text.trim();
  const valid = trimmed === '' || (/^\d+$/.test(trimmed) && Number(trimmed) >= min && Number(trimmed) <= 99);
  return (
    <label>
      {label}
      <input
        inputMode="numeric"
        value={text}
        placeholder={fallback?.value ?? ''}
        onChange={(e) => {
          setText(e.target.value);
          const typed = e.target.value.trim();
          if (typed === '') change({ [field]: undefined });
          else if (/^\d+$/.test(typed) && Number(typed) >= min && Number(typed) <= 99) change({ [field]: Number(typed) });
        }}
        aria-invalid={valid ? undefined : true}
        data-testid={`setting-${field}`}
      />
      <small className={valid ? 'muted' : 'problem'}>
        {valid ? (fallback ? `Empty: ${fallback.value} (${fallback.rule})` : 'Empty: as the rules say') : `A whole number from ${min} to 99, or empty`}
      </small>
    </label>
  );
}

const WinPointsField = (props: Props) => <PointsField props={props} field="winPoints" label="Points for a win" min={1} />;
const DrawPointsField = (props: Props) => <PointsField props={props} field="drawPoints" label="Points for a draw" min={0} />;
const ByePointsField = (props: Props) => <PointsField props={props} field="byePoints" label="Points for a bye" min={0} />;

/** Each setting's control: one small component per field, so a rule set's list (settings.ts) picks them in its order. */
const CONTROLS: Record<FieldId, (props: Props) => ReactElement> = {
  rel: RelField,
  gamesToWin: GamesToWinField,
  format: FormatField,
  releaseWeekend: ReleaseWeekendField,
  pairWithinDraftPods: PairWithinDraftPodsField,
  teamSize: TeamSizeField,
  twoHeadedGiant: TwoHeadedGiantField,
  lateEntryRecord: LateEntryRecordField,
  podSize: PodSizeField,
  endOfRound: EndOfRoundField,
  lastTurnMinutes: LastTurnField,
  balanceSeats: BalanceSeatsField,
  oddCounts: OddCountsField,
  winPoints: WinPointsField,
  drawPoints: DrawPointsField,
  byePoints: ByePointsField,
};

export function SettingsFields(props: Props) {
  // Only the fields the rule set reads (settings.ts): a Lightseekers event has no REL to choose.
  const fields = fieldsFor(props.ruleset, props.draft);
  // A structure with nothing to choose (Lightseekers) says so rather than showing an empty box.
  if (fields.length === 0) return <p className="muted" data-testid="no-settings">Nothing to choose for this rule set.</p>;
  // The organiser's house rules in words, where the rule set has them and they differ from its document.
  const houseRules = getRuleset(props.ruleset).presentation.houseRules?.(props.settings);
  return (
    <div className="start-fields">
      {fields.map((field) => {
        const Control = CONTROLS[field];
        return <Control key={field} {...props} />;
      })}
      {houseRules && (
        <p className="house-rules" style={{ gridColumn: '1 / -1', margin: 0 }} data-testid="house-rules">
          <strong>{houseRules}</strong>
        </p>
      )}
    </div>
  );
}
