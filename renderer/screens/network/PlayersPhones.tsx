/**
 * The players' side of the venue network, in the Venue network panel: the player page's
 * address as text and a QR code (players find their table and report results there), and the
 * organiser's self-report setting (off / every report checked by the scorekeeper / automatic when
 * every player of the table agreed), and whether phones claim players with their personal codes
 * (on by default; off for a casual event, where a table's code is enough), each changed with a
 * journal entry like every setting.
 */
import type { SelfReportsSetting } from '../../../core/model/types.js';
import { PLAYER_PAGE_PATH } from '../../../core/public/types.js';
import { QrCode } from '../../components/QrCode.js';
import { useStation } from '../../store/station.js';

const CLAIMS: readonly { value: 'on' | 'off'; label: string; note: string }[] = [
  {
    value: 'on',
    label: 'On',
    note: 'a phone claims its player once with the personal code on their player card; only that phone reports and confirms for them, and “automatic” records a result only when every player answered from their own claimed phone (others wait on the Results screen)',
  },
  {
    value: 'off',
    label: 'Off (a casual event)',
    note: 'a table’s code is enough: whoever holds the slip can report and confirm for any player of that table, even for both seats from one phone',
  },
];

const CHOICES: readonly { value: SelfReportsSetting; label: string; note: string }[] = [
  { value: 'queue', label: 'Checked by the scorekeeper', note: 'every report waits on the Results screen' },
  { value: 'auto', label: 'Automatic when all agree', note: 'disputes still wait on the Results screen' },
  { value: 'off', label: 'Off', note: 'results are entered at the desk only' },
];

/** The player page on the LAN, from the venue network's address (`http://192.168.1.20:8080/`). */
export function playerPageUrl(lanBase: string | null | undefined): string | null {
  if (!lanBase) return null;
  try {
    return new URL(PLAYER_PAGE_PATH, lanBase).toString();
  } catch {
    return null;
  }
}

export function PlayersPhones({ lanBase }: { lanBase: string | null | undefined }) {
  const state = useStation((s) => s.snapshot?.state ?? null);
  const url = playerPageUrl(lanBase);
  if (!state) return null;
  const current = state.settings.selfReports ?? 'queue';
  const choose = (value: SelfReportsSetting): void => {
    if (value === current) return;
    const label = CHOICES.find((c) => c.value === value)?.label ?? value;
    void useStation.getState().dispatch({ type: 'set-settings', settings: { selfReports: value } }, `Players' reports: ${label}`);
  };
  return (
    <section className="players-phones" aria-label="Players' phones" data-testid="players-phones">
      <h3>Players’ phones</h3>
      {url ? (
        <div className="player-page">
          <QrCode text={url} label="The player page" />
          <p>
            Players open <strong className="url">{url}</strong> to find their table, follow the clock and report their result with the code on their slip.
          </p>
        </div>
      ) : (
        <p className="muted">Turn the venue network on and players can find their table on their phones.</p>
      )}
      <fieldset>
        <legend>Players report their own results</legend>
        {CHOICES.map((choice) => (
          <label key={choice.value} className="check">
            <input type="radio" name="self-reports" value={choice.value} checked={current === choice.value} onChange={() => choose(choice.value)} data-testid={`self-reports-${choice.value}`} />
            {choice.label} <span className="muted small">— {choice.note}</span>
          </label>
        ))}
      </fieldset>
      <ClaimsSetting />
    </section>
  );
}

/** Phones claim players (personal codes): on or off, in words, with how many are claimed. */
function ClaimsSetting() {
  const state = useStation((s) => s.snapshot?.state ?? null);
  if (!state) return null;
  const current = state.settings.claims ?? 'on';
  const claimed = Object.keys(state.claims ?? {}).length;
  const choose = (value: 'on' | 'off'): void => {
    if (value === current) return;
    void useStation.getState().dispatch({ type: 'set-settings', settings: { claims: value } }, value === 'on' ? 'Phones claim players with their personal codes' : 'Claims off: a table’s code is enough to report');
  };
  return (
    <fieldset data-testid="claims-setting">
      <legend>Phones claim players (personal codes)</legend>
      {CLAIMS.map((choice) => (
        <label key={choice.value} className="check">
          <input type="radio" name="claims" value={choice.value} checked={current === choice.value} onChange={() => choose(choice.value)} data-testid={`claims-${choice.value}`} />
          {choice.label} <span className="muted small">— {choice.note}</span>
        </label>
      ))}
      {current === 'on' && (
        <p className="muted small" data-testid="claims-count">
          {claimed} of {state.players.length} players claimed by a phone. Print their player cards on the Players screen; a lost phone’s claim is reset there.
        </p>
      )}
    </fieldset>
  );
}
