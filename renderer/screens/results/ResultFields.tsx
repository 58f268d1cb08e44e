/**
 * The result fields of each rule set for one table: MTR games ("2-1") with buttons for the common
 * results, team seat matches, pod winner / draw / games list with excluded players, Lightseekers VP
 * and defeat order with the tie question. Presentational: the draft lives in the entry panel.
 */
import type { EventState, PlayerId, Table } from '../../../core/model/types.js';
import { leaders } from '../../../core/rulesets/lightseekers/results.js';
import { Name } from '../../components/Name.js';
import { isolate } from '../../lib/format.js';
import { displayNames, familyOf, isSeatTeams, playersById } from '../pairings/shared.js';
import { parsePodEntry, parseSeatOrder, runnerUpMatters, runnerUpTie, type Built, type Draft } from './parse.js';

export interface FieldsProps {
  state: EventState;
  table: Table;
  draft: Draft;
  setDraft: (draft: Draft) => void;
  built: Built;
  /** Record this text right away (the common-result buttons). */
  quick: (text: string) => void;
  points: Map<PlayerId, number>;
}

/** Common results for a best-of-(2n − 1). */
function commonResults(gamesToWin: number): string[] {
  if (gamesToWin === 1) return ['1-0', '0-1', '0-0-1', 'ID'];
  if (gamesToWin === 3) return ['3-0', '3-1', '3-2', '2-3', '1-3', '0-3', '1-1-1', 'ID'];
  return ['2-0', '2-1', '1-2', '0-2', '1-1-1', 'ID'];
}

/** What a common-result button records, in words (its title). */
function quickTitle(r: string, a: string, b: string, giant: boolean): string {
  if (r === 'ID') return giant ? 'Intentional draw: the teams agreed to a draw and played no game' : 'Intentional draw, recorded 0–0–3';
  if (giant && r === '0-0-1') return 'Drawn game: the game was played and ended in a draw';
  return `${isolate(a)} ${r} ${isolate(b)}`;
}

/** A team's people by seat letter, for Two-Headed Giant entry ("A Ana Costa · B Bo Berg"). */
function membersText(state: EventState, id: PlayerId): string {
  const members = playersById(state).get(id)?.members ?? [];
  return [...members]
    .sort((x, y) => (x.seat < y.seat ? -1 : 1))
    .map((m) => `${m.seat} ${isolate(m.name)}`)
    .join(' · ');
}

function MtrFields({ state, table, draft, setDraft, quick }: FieldsProps) {
  const names = displayNames(state);
  const [a, b] = [names.get(table.seats[0] ?? '') ?? '', names.get(table.seats[1] ?? '') ?? ''];
  // MTR 9: Two-Headed Giant plays one game; a drawn game and an intentional draw are different records.
  const giant = state.settings.twoHeadedGiant;
  return (
    <div className="result-fields">
      {giant && (
        <p className="muted giant-teams" data-testid="giant-teams">
          <Name>{a}</Name> ({membersText(state, table.seats[0] ?? '')}) v <Name>{b}</Name> ({membersText(state, table.seats[1] ?? '')})
        </p>
      )}
      <label className="result-text">
        {/* One short line at 1366×768 whatever the names: the seats are named right above (seat 1
            first) and in the hint below, so the label speaks of seats. One element: a label is a
            grid, and each loose piece of text would be a row of its own. */}
        <span className="result-label">
          {giant ? 'Result — 1-0 seat 1 won · 0-1 seat 2 won · 0-0-1 drawn game · ID intentional draw' : 'Result — games won by seat 1, by seat 2, drawn'}
        </span>
        <input
          data-result-field
          value={draft.text}
          onChange={(e) => setDraft({ ...draft, text: e.target.value })}
          placeholder={giant ? '1-0 · 0-1 · 0-0-1 (drawn game) · ID' : '2-1 · 2-1-0 · 0-0-3 (ID)'}
          autoComplete="off"
          spellCheck={false}
          aria-describedby="result-hint"
        />
      </label>
      <div className="quick-results" role="group" aria-label="Common results">
        {commonResults(state.settings.gamesToWin).map((r) => (
          <button key={r} type="button" onClick={() => quick(r)} title={quickTitle(r, a, b, giant)}>
            {r}
          </button>
        ))}
      </div>
      <p id="result-hint" className="hint muted">
        Seat 1 (<Name>{a}</Name>) first, then seat 2 (<Name>{b}</Name>).{giant ? ' A drawn game was played (0-0-1); an intentional draw (ID) played none.' : ''} Enter records.
      </p>
    </div>
  );
}

function TeamFields({ state, table, draft, setDraft }: FieldsProps) {
  const size = state.settings.teamSize;
  const teams = table.seats.map((id) => playersById(state).get(id));
  return (
    <div className="result-fields team-fields">
      {Array.from({ length: size }, (_, i) => {
        const seat = 'ABC'[i] as string;
        const member = (k: number): string => teams[k]?.members?.find((m) => m.seat === seat)?.name ?? `seat ${seat}`;
        return (
          <label key={seat} className="result-text">
            Seat {seat}: <Name>{member(0)}</Name> v <Name>{member(1)}</Name>
            <input
              data-result-field
              value={draft.seatGames[i] ?? ''}
              onChange={(e) => {
                const seatGames = [...draft.seatGames];
                seatGames[i] = e.target.value;
                setDraft({ ...draft, seatGames });
              }}
              placeholder="2-1"
              autoComplete="off"
              spellCheck={false}
            />
          </label>
        );
      })}
      <p className="hint muted">Each seat's match as games won by the first team's player, the second's, drawn (2-1, 1-1-1). The team winning more seat matches wins.</p>
    </div>
  );
}

function PodFields({ state, table, draft, setDraft }: FieldsProps) {
  const names = displayNames(state);
  const n = table.seats.length;
  const toggle = (id: PlayerId): void =>
    setDraft({ ...draft, excluded: draft.excluded.includes(id) ? draft.excluded.filter((x) => x !== id) : [...draft.excluded, id] });
  // Seats excluded by typing "x2" show ticked too (the typing decides them: untick by editing it).
  const typed = parsePodEntry(draft.text, table.seats);
  const typedOut = typed.kind === 'ok' ? typed.value.excluded : [];
  return (
    <div className="result-fields">
      <label className="result-text">
        Winner — seat number (1–{n}), or d for a draw
        <input
          data-result-field
          value={draft.text}
          onChange={(e) => setDraft({ ...draft, text: e.target.value })}
          placeholder={`1–${n} · d · games: 2 d 2 · exclude: x3`}
          autoComplete="off"
          spellCheck={false}
        />
      </label>
      <fieldset className="excluded">
        <legend>Excluded from a draw (conceded or match loss)</legend>
        {table.seats.map((id, i) => (
          <label key={id} className="check">
            <input
              type="checkbox"
              checked={draft.excluded.includes(id) || typedOut.includes(id)}
              disabled={typedOut.includes(id)}
              title={typedOut.includes(id) ? `Typed as x${i + 1} in the result` : undefined}
              onChange={() => toggle(id)}
            />
            Seat {i + 1} — <Name>{names.get(id) ?? id}</Name>
          </label>
        ))}
      </fieldset>
      <p className="hint muted">Several games: each game's winner seat or d, in order (2 d 2). Enter records.</p>
    </div>
  );
}

function LightseekersFields({ state, table, draft, setDraft, built, points }: FieldsProps) {
  const names = displayNames(state);
  const order = parseSeatOrder(draft.defeated, table.seats);
  const defeatedIds = order.kind === 'ok' ? order.value : [];
  const clickDefeated = (id: PlayerId): void => {
    const ids = defeatedIds.includes(id) ? defeatedIds.filter((x) => x !== id) : [...defeatedIds, id];
    setDraft({ ...draft, defeated: ids.map((x) => table.seats.indexOf(x) + 1).join(' ') });
  };
  // The tie questions: the winner when VP and last standing leave several; the runner-up where it matters.
  const result = built.kind === 'ok' || built.kind === 'tie' ? (built.result as { vp: Record<PlayerId, number>; defeated: PlayerId[] }) : null;
  const tied = result ? leaders(result.vp, result.defeated, table.seats) : [];
  const winner = tied.length === 1 ? (tied[0] as PlayerId) : draft.winner && tied.includes(draft.winner) ? draft.winner : null;
  const runnerTie = result && winner && runnerUpMatters(state) ? runnerUpTie(result, table.seats, winner) : [];
  return (
    <div className="result-fields">
      <div className="vp-grid" role="group" aria-label="Victory Points in seat order">
        {table.seats.map((id, i) => (
          <label key={id} className="vp">
            <span>
              Seat {i + 1}
              {i === 0 ? ' — plays first' : ''} · <strong><Name>{names.get(id) ?? id}</Name></strong> <span className="points">{points.get(id) ?? 0}</span>
            </span>
            <span className="vp-row">
              <input
                data-result-field
                inputMode="numeric"
                aria-label={`VP of seat ${i + 1}, ${names.get(id)}`}
                value={draft.vp[i] ?? ''}
                onChange={(e) => {
                  const vp = [...draft.vp];
                  vp[i] = e.target.value;
                  setDraft({ ...draft, vp });
                }}
                placeholder="VP"
                autoComplete="off"
              />
              <button
                type="button"
                className={defeatedIds.includes(id) ? 'defeat on' : 'defeat'}
                aria-pressed={defeatedIds.includes(id)}
                onClick={() => clickDefeated(id)}
                title="Click the players in the order they were defeated"
              >
                {defeatedIds.includes(id) ? `Defeated ${ordinal(defeatedIds.indexOf(id) + 1)}` : 'Defeated…'}
              </button>
            </span>
          </label>
        ))}
      </div>
      <label className="result-text">
        Defeat order — seats, first defeated first (empty if nobody was defeated)
        <input data-defeat-order value={draft.defeated} onChange={(e) => setDraft({ ...draft, defeated: e.target.value })} placeholder="3 2" autoComplete="off" spellCheck={false} />
      </label>
      <p className="hint muted">VP in seat order, Enter after each; then the defeat order (left empty: nobody was defeated) — Enter records.</p>
      {defeatedIds.length > 0 && (
        <p className="muted defeat-order" data-testid="defeat-order">
          Defeated: {defeatedIds.map((id, i) => `${ordinal(i + 1)} ${isolate(names.get(id) ?? id)}`).join(' · ')}; still standing: {table.seats.filter((id) => !defeatedIds.includes(id)).map((id) => isolate(names.get(id) ?? id)).join(', ') || 'nobody'}
        </p>
      )}
      {tied.length > 1 && result && (
        <fieldset className="tie-question" data-testid="tie-question">
          <legend>
            {andNames(tied.map((id) => isolate(names.get(id) ?? id)))} are tied for the win: {result.vp[tied[0] as PlayerId]} VP each and {tied.length === 2 ? 'both' : 'all'} still standing. Who won?
          </legend>
          {tied.map((id) => (
            <label key={id} className="check">
              <input type="radio" name="tie-winner" checked={draft.winner === id} onChange={() => setDraft({ ...draft, winner: id })} />
              Seat {table.seats.indexOf(id) + 1} — <Name>{names.get(id) ?? id}</Name>
            </label>
          ))}
        </fieldset>
      )}
      {runnerTie.length > 0 && (
        <fieldset className="tie-question" data-testid="runner-up-question">
          <legend>{andNames(runnerTie.map((id) => isolate(names.get(id) ?? id)))} are tied for runner-up. Who is the runner-up? (needed where the runner-up goes on to a final)</legend>
          {runnerTie.map((id) => (
            <label key={id} className="check">
              <input type="radio" name="tie-runner-up" checked={draft.runnerUp === id} onChange={() => setDraft({ ...draft, runnerUp: id })} />
              Seat {table.seats.indexOf(id) + 1} — <Name>{names.get(id) ?? id}</Name>
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}

export function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

function andNames(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function ResultFields(props: FieldsProps) {
  const family = familyOf(props.state);
  if (family === 'lightseekers') return <LightseekersFields {...props} />;
  if (family === 'pods') return <PodFields {...props} />;
  if (isSeatTeams(props.state)) return <TeamFields {...props} />;
  return <MtrFields {...props} />;
}
