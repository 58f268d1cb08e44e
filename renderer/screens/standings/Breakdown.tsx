/**
 * A player's standings breakdown: every tiebreaker's formula with the player's numbers filled in,
 * from the rule set's own record helpers (mtrRecords, podRecords, lightseekersRecords), so what the
 * panel shows is exactly what ranked the player.
 * - mtr (App. C): MWP = match points / (3 × rounds), GW% = game points / (3 × games), each at least
 *   0.33; OMW / OGW = the mean of each opponent's (floored) MWP / GWP, opponents listed.
 * - pods (App. C): MWP = (MP − byes × PPW) / (matches × PPW); OAMP = mean opponents' match points;
 *   OMWP = mean of max(opponent MWP, 1/PPW), with mamtr-2024's ghost opponents of smaller pods.
 * - Lightseekers: VP, longevity and best VP game by game.
 */
import { useMemo, type ReactNode } from 'react';
import type { EventState, PlayerId, Standing } from '../../../core/model/types.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import { gameOutcome, isLightseekersResult } from '../../../core/rulesets/lightseekers/results.js';
import { lightseekersRecords } from '../../../core/rulesets/lightseekers/standings.js';
import { gamePoints, isHeadToHeadResult, matchOutcome } from '../../../core/rulesets/mtr/results.js';
import { MTR_PERCENTAGE_FLOOR, mtrRecords, type MtrRecord } from '../../../core/rulesets/mtr/standings.js';
import { isPodResult, podMatchWinner } from '../../../core/rulesets/pods/results.js';
import { podRecords, type PodRecord } from '../../../core/rulesets/pods/standings.js';
import { MAMTR_2024, MSTR_2022, type PodVariant } from '../../../core/rulesets/pods/variant.js';
import { Name } from '../../components/Name.js';
import { isolate } from '../../lib/format.js';
import { formatTiebreaker, num } from './numbers.js';

export interface BreakdownProps {
  state: EventState;
  standing: Standing;
  nameOf: (id: PlayerId) => string;
  droppedAfter?: number;
  onClose: () => void;
}

function Formula({ title, description, children, value }: { title: string; description?: string; children: ReactNode; value?: string }) {
  return (
    <section className="formula">
      <h4>
        {title}
        {value !== undefined && <span className="formula-value">{value}</span>}
      </h4>
      {description && <p className="muted formula-what">{description}</p>}
      {children}
    </section>
  );
}

/**
 * A percentage with its floor: "0.667", or, when the floor applied, "raised from 0.267 to 0.33"
 * (in a list of opponents) / "0.267 → 0.33 (raised to the minimum)" (in the player's own formula).
 */
function floored(raw: number, floor: number, floorText: string, own = false): ReactNode {
  if (raw < floor) {
    return own ? (
      <>
        {num(raw)} → <strong>{floorText}</strong> <span className="raised">(raised to the minimum)</span>
      </>
    ) : (
      <span className="raised">raised from {num(raw)} to {floorText}</span>
    );
  }
  return own ? <strong>{num(raw)}</strong> : num(raw);
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function sumText(values: readonly string[]): string {
  return values.length === 0 ? '0' : values.join(' + ');
}

export function Breakdown({ state, standing, nameOf, droppedAfter, onClose }: BreakdownProps) {
  const ruleset = getRuleset(state.ruleset);
  return (
    <aside className="breakdown card" aria-label={`Breakdown for ${nameOf(standing.id)}`} data-testid="breakdown">
      <header className="breakdown-head">
        <div>
          <h3>
            <span className="rank-badge">#{standing.rank}</span> <Name className={standing.dropped ? 'dropped' : undefined}>{nameOf(standing.id)}</Name>
          </h3>
          <p className="muted">
            {standing.id}
            {standing.group !== undefined ? ` · group ${standing.group}` : ''}
            {standing.dropped ? ` · dropped${droppedAfter !== undefined ? ` after round ${droppedAfter}` : ''} (keeps the record and still counts as an opponent)` : ''}
          </p>
        </div>
        <button type="button" className="quiet close" aria-label="Close the breakdown" onClick={onClose}>
          ×
        </button>
      </header>
      {ruleset.family === 'head-to-head' && <MtrBreakdown state={state} standing={standing} nameOf={nameOf} />}
      {ruleset.family === 'pods' && <PodBreakdown state={state} standing={standing} nameOf={nameOf} />}
      {ruleset.family === 'lightseekers' && <LightseekersBreakdown state={state} standing={standing} nameOf={nameOf} />}
    </aside>
  );
}

// ---------------------------------------------------------------------------------------------
// mtr

interface MtrMatch {
  round: number;
  table?: number;
  opponent?: PlayerId;
  text: string;
}

function mtrMatches(state: EventState, id: PlayerId, nameOf: (id: PlayerId) => string): MtrMatch[] {
  const out: MtrMatch[] = [];
  for (const round of state.rounds) {
    if (round.stage !== 'swiss') continue;
    if (round.byes.some((b) => b.player === id)) out.push({ round: round.number, text: 'bye — counts as a 2–0 win' });
    for (const table of round.tables) {
      const seat = table.seats.indexOf(id);
      if (seat < 0 || table.seats.length !== 2) continue;
      const opponent = table.seats[1 - seat] as PlayerId;
      const result = table.result;
      if (!isHeadToHeadResult(result)) {
        out.push({ round: round.number, table: table.table, text: `v ${isolate(nameOf(opponent))} — no result yet` });
        continue;
      }
      const [a, b, d] = result.games;
      const mine = seat === 0 ? [a, b] : [b, a];
      if (d > 0) mine.push(d);
      const outcome = matchOutcome(result);
      const word = outcome === 'draw' ? 'drew' : (outcome === 'seat1') === (seat === 0) ? 'won' : 'lost';
      out.push({ round: round.number, table: table.table, opponent, text: `v ${isolate(nameOf(opponent))} — ${word} ${mine.join('–')}` });
    }
  }
  return out;
}

function MtrBreakdown({ state, standing, nameOf }: { state: EventState; standing: Standing; nameOf: (id: PlayerId) => string }) {
  const records = useMemo(() => new Map(mtrRecords(state).map((r) => [r.id, r])), [state]);
  const r = records.get(standing.id);
  const matches = useMemo(() => mtrMatches(state, standing.id, nameOf), [state, standing.id, nameOf]);
  if (!r) return <p className="muted">No record.</p>;
  const teams = state.settings.teamSize > 1;
  const floorText = String(MTR_PERCENTAGE_FLOOR);
  const rawMwp = (x: MtrRecord): number => (x.rounds > 0 ? x.matchPoints / (3 * x.rounds) : 0);
  const rawGwp = (x: MtrRecord): number => (x.games > 0 ? x.gamePoints / (3 * x.games) : 0);
  const opponents = r.opponents.map((id) => records.get(id)).filter((x): x is MtrRecord => x !== undefined);
  const winsAndByes = r.wins + r.byes;
  return (
    <div className="breakdown-body">
      <p className="record-line">
        {plural(r.wins, 'win')}, {plural(r.losses, 'loss', 'losses')}, {plural(r.draws, 'draw')}
        {r.byes > 0 ? `, ${plural(r.byes, 'bye')}` : ''} — {plural(r.rounds, 'round')} played
        {r.lateEntryLosses > 0 ? ` (${plural(r.lateEntryLosses, 'late-entry loss', 'late-entry losses')}, each 0–2)` : ''}
      </p>
      <MatchList items={matches.map((m) => ({ round: m.round, table: m.table, text: m.text }))} />
      <Formula title="Match points" value={String(r.matchPoints)} description="win 3, draw 1, loss 0; a bye is a 2–0 win (MTR App. C)">
        <p className="math">
          3 × {winsAndByes} {r.byes > 0 ? '(wins and byes)' : 'wins'} + 1 × {r.draws} draws = <strong>{r.matchPoints}</strong>
        </p>
      </Formula>
      <Formula title="MWP (match-win percentage)" value={num(r.mwp)} description="match points ÷ (3 × rounds played), at least 0.33">
        <p className="math" data-testid="mwp-formula">
          MWP = {r.matchPoints} / (3 × {r.rounds}) = {r.rounds > 0 ? floored(rawMwp(r), MTR_PERCENTAGE_FLOOR, floorText, true) : '0 (no rounds played)'}
        </p>
      </Formula>
      <Formula title="OMW% (opponents' match-win percentage)" value={formatTiebreaker('omw', r.omw)} description="the mean of each opponent's MWP (each at least 0.33); byes have no opponent and are left out">
        {opponents.length === 0 ? (
          <p className="math">No opponents yet: OMW = 0</p>
        ) : (
          <>
            <OpponentList
              rows={opponents.map((o) => ({
                id: o.id,
                name: nameOf(o.id),
                detail: `${o.matchPoints} / (3 × ${o.rounds})`,
                value: floored(rawMwp(o), MTR_PERCENTAGE_FLOOR, floorText),
              }))}
            />
            <p className="math" data-testid="omw-formula">
              OMW = ({sumText(opponents.map((o) => num(o.mwp)))}) / {opponents.length} = <strong>{num(r.omw)}</strong> = {formatTiebreaker('omw', r.omw)}
            </p>
          </>
        )}
      </Formula>
      {teams ? (
        <p className="muted">Team events do not use game points: GW% and OGW% are not tiebreakers here (MTR App. C).</p>
      ) : (
        <>
          <Formula title="GW% (game-win percentage)" value={formatTiebreaker('gw', r.gwp)} description="game points ÷ (3 × games played), at least 0.33; game win 3, drawn game 1; a bye is two won games">
            <p className="math" data-testid="gw-formula">
              GW% = {r.gamePoints} / (3 × {r.games}) = {r.games > 0 ? floored(rawGwp(r), MTR_PERCENTAGE_FLOOR, floorText, true) : '0 (no games played)'}
            </p>
          </Formula>
          <Formula title="OGW% (opponents' game-win percentage)" value={formatTiebreaker('ogw', r.ogw)} description="the mean of each opponent's GW% (each at least 0.33); byes left out">
            {opponents.length === 0 ? (
              <p className="math">No opponents yet: OGW = 0</p>
            ) : (
              <>
                <OpponentList
                  rows={opponents.map((o) => ({
                    id: o.id,
                    name: nameOf(o.id),
                    detail: `${o.gamePoints} / (3 × ${o.games})`,
                    value: floored(rawGwp(o), MTR_PERCENTAGE_FLOOR, floorText),
                  }))}
                />
                <p className="math">
                  OGW = ({sumText(opponents.map((o) => num(o.gwp)))}) / {opponents.length} = <strong>{num(r.ogw)}</strong> = {formatTiebreaker('ogw', r.ogw)}
                </p>
              </>
            )}
          </Formula>
        </>
      )}
      <p className="muted st-small">Players equal on everything are ordered by the registration draw made when they registered.</p>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// pods

function podVariant(state: EventState): PodVariant {
  return state.ruleset === 'mamtr-2024' ? MAMTR_2024 : MSTR_2022;
}

function PodBreakdown({ state, standing, nameOf }: { state: EventState; standing: Standing; nameOf: (id: PlayerId) => string }) {
  const variant = podVariant(state);
  const n = state.settings.podSize;
  const ppw = variant.pointsPerWin(n);
  const records = useMemo(() => new Map(podRecords(variant, state).map((r) => [r.id, r])), [state, variant]);
  const r = records.get(standing.id);
  const pods = useMemo(() => {
    const out: { round: number; table?: number; text: string; ghosts: number }[] = [];
    for (const round of state.rounds) {
      if (round.stage !== 'swiss') continue;
      if (round.byes.some((b) => b.player === standing.id)) out.push({ round: round.number, text: `bye — worth a win (${ppw} points), not a match played`, ghosts: 0 });
      for (const table of round.tables) {
        if (!table.seats.includes(standing.id)) continue;
        const size = table.seats.length;
        const ghosts = variant.ghostOpponents ? Math.max(0, n - size) : 0;
        const sizeText = size < n ? ` (smaller pod of ${size})` : size > n ? ` (pod of ${size})` : '';
        const result = table.result;
        if (!isPodResult(result)) {
          out.push({ round: round.number, table: table.table, text: `pod${sizeText} — no result yet`, ghosts: 0 });
          continue;
        }
        const winner = podMatchWinner(result, state.settings);
        const excluded = result.excluded?.includes(standing.id) ?? false;
        const text =
          winner === 'draw'
            ? excluded
              ? 'draw — excluded (conceded or match loss): 0 points'
              : 'draw — 1 point'
            : winner === standing.id
              ? `won — ${ppw} points`
              : `lost to ${isolate(nameOf(winner))}`;
        out.push({ round: round.number, table: table.table, text: `${text}${sizeText}`, ghosts });
      }
    }
    return out;
  }, [state, standing.id, nameOf, n, ppw, variant]);
  if (!r) return <p className="muted">No record.</p>;
  const floor = 1 / ppw;
  const floorText = `${num(floor)} (1/${ppw})`;
  const opponents = r.opponents.map((id) => records.get(id)).filter((x): x is PodRecord => x !== undefined);
  const ghostPods = pods.filter((p) => p.ghosts > 0);
  return (
    <div className="breakdown-body">
      <p className="record-line">
        {plural(r.wins, 'win')}, {plural(r.losses, 'loss', 'losses')}, {plural(r.draws, 'draw')}
        {r.byes > 0 ? `, ${plural(r.byes, 'bye')}` : ''} — {plural(r.matches, 'match', 'matches')} played
        {r.lateEntryLosses > 0 ? ` (${plural(r.lateEntryLosses, 'late-entry loss', 'late-entry losses')})` : ''}
      </p>
      <p className="ppw">
        Points per win (PPW) for pods of {n}: {variant.id === 'mamtr-2024' ? `2 × ${n} − 1` : `${n} + 1`} = <strong>{ppw}</strong> (a bye is worth the same)
      </p>
      <MatchList items={pods.map((p) => ({ round: p.round, table: p.table, text: p.text }))} pod />
      <Formula title="Match points" value={String(r.matchPoints)} description={`win ${ppw}, draw 1 (not for a player excluded from it), loss 0; a bye ${ppw}`}>
        <p className="math">
          {ppw} × {r.wins + r.byes} {r.byes > 0 ? '(wins and byes)' : 'wins'} + 1 × {r.draws} draws = <strong>{r.matchPoints}</strong>
        </p>
      </Formula>
      <Formula title="MWP (match-win percentage)" value={formatTiebreaker('mwp', r.mwp)} description="(match points − byes × PPW) ÷ (matches played × PPW); byes are not matches; no minimum">
        <p className="math" data-testid="pod-mwp-formula">
          {r.matches > 0 ? (
            <>
              MWP = ({r.matchPoints} − {r.byes} × {ppw}) / ({r.matches} × {ppw}) = <strong>{num(r.mwp)}</strong>
            </>
          ) : (
            'No match played: MWP = 0'
          )}
        </p>
      </Formula>
      <Formula title="OAMP (opponents' average match points)" value={formatTiebreaker('oamp', r.oamp)} description="the mean of the match points of every opponent faced (each pod member, each time)">
        {opponents.length === 0 ? (
          <p className="math">No opponents yet: OAMP = 0</p>
        ) : (
          <>
            <OpponentList rows={opponents.map((o) => ({ id: o.id, name: nameOf(o.id), value: `${o.matchPoints} points` }))} />
            <p className="math" data-testid="oamp-formula">
              OAMP = ({sumText(opponents.map((o) => String(o.matchPoints)))}) / {opponents.length} = <strong>{r.oamp.toFixed(2)}</strong>
            </p>
          </>
        )}
      </Formula>
      <Formula
        title="OMWP (opponents' match-win percentage)"
        value={formatTiebreaker('omwp', r.omwp)}
        description={`the mean of each opponent's MWP, each at least 1/${ppw} = ${num(floor)}${variant.ghostOpponents ? '; each smaller pod adds ghost opponents at 1/PPW for its empty seats (MAMTR App. C)' : ''}`}
      >
        {opponents.length === 0 ? (
          <p className="math">No opponents yet: OMWP = 0</p>
        ) : (
          <>
            <OpponentList rows={opponents.map((o) => ({ id: o.id, name: nameOf(o.id), value: floored(o.mwp, floor, floorText) }))} />
            {r.ghosts > 0 && (
              <p className="ghosts" data-testid="ghosts">
                {plural(r.ghosts, 'ghost opponent')} at {num(floor)} (1/{ppw}) for the empty seats of{' '}
                {ghostPods.map((p) => `round ${p.round} pod ${p.table ?? ''}`.trim()).join(', ')}
              </p>
            )}
            <p className="math" data-testid="omwp-formula">
              OMWP = ({sumText(opponents.map((o) => num(Math.max(o.mwp, floor))))}
              {r.ghosts > 0 ? ` + ${r.ghosts} × ${num(floor)}` : ''}) / {r.ghosts > 0 ? `(${opponents.length} + ${r.ghosts})` : opponents.length} = <strong>{num(r.omwp)}</strong> ={' '}
              {formatTiebreaker('omwp', r.omwp)}
            </p>
          </>
        )}
      </Formula>
      <p className="muted st-small">Players equal on everything are ordered by the registration draw made when they registered.</p>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Lightseekers

function LightseekersBreakdown({ state, standing, nameOf }: { state: EventState; standing: Standing; nameOf: (id: PlayerId) => string }) {
  const record = useMemo(() => lightseekersRecords(state).get(standing.id), [state, standing.id]);
  const games = useMemo(() => {
    const out: { round: number; table: number; vp: number; longevity: number; defeatedBefore: number; won: boolean; seats: number }[] = [];
    for (const round of state.rounds) {
      if (round.stage !== 'swiss') continue;
      for (const table of round.tables) {
        if (!table.seats.includes(standing.id) || !isLightseekersResult(table.result)) continue;
        const outcome = gameOutcome(table.result, table.seats);
        const longevity = outcome.longevity.get(standing.id) ?? 0;
        out.push({ round: round.number, table: table.table, vp: table.result.vp[standing.id] ?? 0, longevity, defeatedBefore: longevity, won: outcome.winner === standing.id, seats: table.seats.length });
      }
    }
    return out;
  }, [state, standing.id]);
  if (!record) return <p className="muted">No record.</p>;
  return (
    <div className="breakdown-body">
      <p className="record-line">
        {plural(record.wins, 'game')} won of {record.games}
        {record.lateEntryLosses > 0 ? ` (${plural(record.lateEntryLosses, 'late-entry loss', 'late-entry losses')}, 0 VP)` : ''}
      </p>
      <table className="grid compact games" data-testid="ls-games">
        <thead>
          <tr>
            <th>Round</th>
            <th>Table</th>
            <th className="num">VP</th>
            <th className="num" title="players defeated before this player">Longevity</th>
            <th>Result</th>
          </tr>
        </thead>
        <tbody>
          {games.map((g) => (
            <tr key={`${g.round}-${g.table}`}>
              <td>{g.round}</td>
              <td>{g.table}</td>
              <td className="num">{g.vp}</td>
              <td className="num">{g.longevity}</td>
              <td>{g.won ? <strong>won</strong> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Formula title="Game wins (points)" value={String(record.wins)}>
        <p className="math">{games.filter((g) => g.won).length > 0 ? `won in round${games.filter((g) => g.won).length > 1 ? 's' : ''} ${games.filter((g) => g.won).map((g) => g.round).join(', ')}` : 'no game won yet'}</p>
      </Formula>
      <Formula title="VP" value={String(record.vp)} description="Victory Points scored in all games">
        <p className="math" data-testid="vp-formula">
          VP = {sumText(games.map((g) => String(g.vp)))} = <strong>{record.vp}</strong>
        </p>
      </Formula>
      <Formula title="Longevity" value={String(record.longevity)} description="in each game one point for every player defeated before them, summed">
        <p className="math">
          Longevity = {sumText(games.map((g) => String(g.longevity)))} = <strong>{record.longevity}</strong>
        </p>
      </Formula>
      <Formula title="Best VP" value={String(record.bestVp)} description="the most Victory Points in a single game">
        <p className="math">
          Best VP = max({games.map((g) => g.vp).join(', ') || '0'}) = <strong>{record.bestVp}</strong>
        </p>
      </Formula>
      {standing.organiserDecides && (
        <p className="warning" data-testid="organiser-decides">
          Equal with {(standing.tiedWith ?? []).map((id) => isolate(nameOf(id))).join(', ')} on game wins, VP, longevity and best VP: the organiser decides their order (RULES 3). The order shown is the registration draw.
        </p>
      )}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------

function MatchList({ items, pod = false }: { items: { round: number; table?: number | undefined; text: string }[]; pod?: boolean }) {
  if (items.length === 0) return <p className="muted">No rounds played yet.</p>;
  return (
    <ol className="match-list" aria-label="Rounds">
      {items.map((m, i) => (
        <li key={i}>
          <span className="muted">
            Round {m.round}
            {m.table !== undefined ? `, ${pod ? 'pod' : 'table'} ${m.table}` : ''}
          </span>{' '}
          {m.text}
        </li>
      ))}
    </ol>
  );
}

function OpponentList({ rows }: { rows: { id: PlayerId; name: string; detail?: string; value: ReactNode }[] }) {
  return (
    <table className="grid compact opponents">
      <tbody>
        {rows.map((row, i) => (
          <tr key={`${row.id}-${i}`}>
            <td>
              <Name>{row.name}</Name>
            </td>
            {row.detail !== undefined && <td className="muted num">{row.detail}</td>}
            <td className="num">{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
