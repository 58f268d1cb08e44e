/**
 * Once the playoff is over, the champion and the final standings — the
 * playoff players by how far they got, then everyone else in Swiss order (core/rulesets/
 * final-standings.ts) — with the standings print. The projector shows the same (ProjectorScreen).
 */
import { useMemo } from 'react';
import { disqualifiedPlayers } from '../../../core/event/apply-penalties.js';
import type { EventState, PlayerId, Standing } from '../../../core/model/types.js';
import { finalStandings, getRuleset, playoffFinishLabel } from '../../../core/rulesets/index.js';
import { Name } from '../../components/Name.js';
import { PrintButton } from '../../components/PrintButton.js';
import { plural } from '../../lib/format.js';

/** The final standings of a finished playoff and its champion (null while the event goes on). */
export function finalResults(state: EventState): { standings: Standing[]; champion: Standing | undefined } | null {
  let standings: Standing[] | null = null;
  try {
    standings = finalStandings(state);
  } catch {
    standings = null;
  }
  if (!standings) return null;
  return { standings, champion: standings.find((s) => s.playoff === 'champion') };
}

/** What "DQ" beside a name means, on the station's standings and the projector's alike (RULES 4). */
export const DQ_TITLE = 'Disqualified: keeps the record, paired no more';

/** "12 points · 4–1–0", with byes when there were any; in the rule set's words ("3 wins · 3–0", no draws). */
export function recordLine(state: EventState, s: Standing): string {
  const { presentation } = getRuleset(state.ruleset);
  const unit = presentation.words.pointUnit;
  const { wins, losses, draws, byes } = s.record;
  const withDraws = presentation.standings(state.settings).draws;
  return `${plural(s.points, unit)} · ${wins}–${losses}${withDraws ? `–${draws}` : ''}${byes > 0 ? ` · ${plural(byes, 'bye')}` : ''}`;
}

export function FinalStandings({ state, nameOf }: { state: EventState; nameOf: (id: PlayerId) => string }) {
  const results = useMemo(() => finalResults(state), [state]);
  const disqualified = useMemo(() => disqualifiedPlayers(state), [state]);
  if (!results) return null;
  const { standings, champion } = results;
  const { presentation } = getRuleset(state.ruleset);
  const championWord = presentation.words.champion;
  return (
    <section className="card final-standings" aria-label="Final standings" data-testid="final-standings">
      <div className="preview-head">
        <div>
          <p className="eyebrow">Final standings — also on the projector</p>
          <p className="muted small" data-testid="final-posted">
            {state.publishedStandings === state.rounds.length
              ? 'Posted: players’ phones and the published site show these final standings.'
              : 'Not posted yet: “Post final standings” (the top bar) puts them on players’ phones and the published site.'}
          </p>
          <h3 data-testid="final-champion">
            {champion ? (
              <>
                {championWord}: <Name>{nameOf(champion.id)}</Name>
              </>
            ) : (
              'The playoff is complete'
            )}
          </h3>
        </div>
        <PrintButton doc="standings" label="final standings" primary />
      </div>
      <table className="grid striped">
        <thead>
          <tr>
            <th className="num">Place</th>
            <th>Player</th>
            <th>{presentation.playoff.finishColumn}</th>
            <th>{presentation.words.stage('swiss') ?? presentation.words.rounds}</th>
          </tr>
        </thead>
        <tbody>
          {standings.map((s) => (
            <tr key={s.id} data-player={s.id} className={s.playoff === 'champion' ? 'champion' : undefined}>
              <td className="num">{s.rank}</td>
              <td>
                <Name className={s.dropped ? 'dropped' : undefined}>{nameOf(s.id)}</Name>
                {disqualified.has(s.id) && (
                  <span className="problem" title={DQ_TITLE} data-testid="dq-tag">
                    {' '}
                    DQ
                  </span>
                )}
              </td>
              <td>{playoffFinishLabel(s.playoff)}</td>
              <td className="muted">{recordLine(state, s)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
