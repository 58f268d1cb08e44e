/**
 * The bracket after the cut: every playoff round as a column, as the rule set draws it
 * (Ruleset.presentation.playoff).
 * - A bracket of matches (MTR 10.4 cuts): matches in bracket order, winners advance to the next
 *   column, then the champion; seat 1 is the higher seed.
 * - By round (pods, 10.4A; Lightseekers): each round's pods/tables with seats by seed, the winner of
 *   each highlighted, seeds waiting out a round, and the rounds still to come.
 * Results are entered on the Results screen; the bracket shows who won each table.
 */
import type { ReactNode } from 'react';
import { type BracketMatch, headToHeadBracket } from '../../../core/documents/bracket-matches.js';
import type { EventState, PlayerId, Round, Table } from '../../../core/model/types.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import { Name } from '../../components/Name.js';
import { isolate } from '../../lib/format.js';
import { useStation } from '../../store/station.js';
import { seedInfo, TableCard, WaitingList } from './parts.js';

/** Final, Semifinals, Quarterfinals, from the last round back. */
function roundNames(total: number): string[] {
  const names = ['Final', 'Semifinals', 'Quarterfinals'];
  return Array.from({ length: total }, (_, i) => names[total - 1 - i] ?? `Playoff round ${i + 1}`);
}

/**
 * Who advanced from a played table of `round`: its winner, or (a drawn table) the player found in
 * the next round, or the one the rule set sends on (MAMTR 2.4C: the highest Swiss seed who took part in the draw).
 */
export function advancedFrom(state: EventState, round: Round, table: Table, next: Round | undefined): { id?: PlayerId; note?: string } {
  const ruleset = getRuleset(state.ruleset);
  const winner = ruleset.tableWinner(table);
  if (winner && winner !== 'draw') return { id: winner };
  const moved = next ? table.seats.find((id) => next.tables.some((t) => t.seats.includes(id)) || next.byes.some((b) => b.player === id) || next.waiting?.includes(id)) : undefined;
  if (moved) return { id: moved, note: 'advanced' };
  const best = winner === 'draw' ? ruleset.advancing(state, round, table)?.[0] : undefined;
  if (best) return { id: best, note: ruleset.presentation.playoff.drawNote ?? 'advanced' };
  return {};
}

/** The result in a few words: "2–1", "draw", "won by Ana" (the rule set's note). */
function resultNote(state: EventState, table: Table, nameOf: (id: PlayerId) => string): string {
  if (!table.result) return '';
  return getRuleset(state.ruleset).presentation.results.note(table, table.result, (id) => isolate(nameOf(id)));
}

function Outstanding({ round }: { round: Round }) {
  const setScreen = useStation((s) => s.setScreen);
  return (
    <button type="button" className="link" onClick={() => setScreen('results')}>
      Result outstanding — enter it on Results (round {round.number})
    </button>
  );
}

export function Bracket({ state, nameOf }: { state: EventState; nameOf: (id: PlayerId) => string }) {
  const { bracketCuts } = getRuleset(state.ruleset).presentation.playoff;
  if (state.playoff && bracketCuts.includes(state.playoff.top)) return <HeadToHeadBracket state={state} nameOf={nameOf} />;
  return <RoundsBracket state={state} nameOf={nameOf} />;
}

function HeadToHeadBracket({ state, nameOf }: { state: EventState; nameOf: (id: PlayerId) => string }) {
  const playoff = state.playoff!;
  const seeds = seedInfo(playoff.seeds, playoff.draft);
  // One model with the printed bracket (core/documents/bracket-matches.ts): after a drop, the
  // columns to come show the rule set's next round, never the matches the drop cancelled.
  const { columns, champion } = headToHeadBracket(state);
  return (
    <div className="bracket h2h" data-testid="bracket" style={{ gridTemplateColumns: `repeat(${columns.length + 1}, minmax(0, 1fr))` }}>
      {columns.map((column, r) => (
        <div className="bracket-column" key={r} data-testid={`bracket-round-${r + 1}`}>
          <h3>
            {column.name}
            {column.round ? <span className="muted"> · round {column.round.number}</span> : null}
          </h3>
          <div className="bracket-matches">
            {column.matches.map((match, j) => (
              <BracketMatchCard key={j} state={state} match={match} testId={`match-${r + 1}-${j + 1}`} round={column.round} seeds={seeds} nameOf={nameOf} />
            ))}
          </div>
        </div>
      ))}
      <div className="bracket-column champion-column">
        <h3>Champion</h3>
        <div className="bracket-matches">
          <div className={`bracket-match champion${champion ? ' decided' : ''}`} data-testid="champion">
            {champion ? <strong><Name>{nameOf(champion)}</Name></strong> : <span className="muted placeholder">winner of the final</span>}
          </div>
        </div>
      </div>
      <p className="muted bracket-note">
        Seat 1 of each match is the higher {playoff.draft ? 'Swiss seed' : 'seed'} and chooses to play or draw (MTR 2.2). Playoff matches cannot end in a draw (MTR 2.5).
        A player who drops after the cut is not replaced and nobody is advanced in their place (MTR 2.10).
      </p>
    </div>
  );
}

function BracketMatchCard({
  state,
  match,
  testId,
  round,
  seeds,
  nameOf,
}: {
  state: EventState;
  match: BracketMatch;
  testId: string;
  round: Round | undefined;
  seeds: ReturnType<typeof seedInfo>;
  nameOf: (id: PlayerId) => string;
}) {
  const label = match.table ? `Table ${match.table.table}` : match.bye ? (match.upcoming ? 'Bye next round' : 'Bye') : match.upcoming && match.slots.every((s) => s.id) ? 'Next round, not paired yet' : 'Not paired yet';
  return (
    <div className={`bracket-match${match.winner ? ' decided' : ''}${match.upcoming ? ' future' : ''}`} data-testid={testId}>
      <div className="playoff-table-head">
        <span className={match.table ? 'table-number' : 'muted'}>{label}</span>
        {match.table?.result && <span className="score">{resultNote(state, match.table, nameOf)}</span>}
      </div>
      <ol className="po-seats">
        {match.slots.map((slot, k) => {
          const goesOn = slot.id !== undefined && slot.id === match.advances;
          const wonThenDropped = slot.id !== undefined && slot.id === match.winner && !goesOn;
          const lost = slot.id !== undefined && match.winner !== undefined && slot.id !== match.winner;
          const seed = slot.id !== undefined ? seeds.seedOf(slot.id) : undefined;
          return (
            <li key={k} className={goesOn ? 'winner' : lost || wonThenDropped ? 'lost' : undefined} data-player={slot.id}>
              <span className="po-seat-label">{match.table ? `Seat ${k + 1}` : ''}</span>
              <span className="seat-who">
                {slot.id !== undefined ? (
                  <>
                    {seed !== undefined && <span className="seed">{seeds.word} {seed} — </span>}
                    <Name className={slot.droppedAfterRound !== undefined ? 'who dropped' : 'who'}>{nameOf(slot.id)}</Name>
                    {goesOn && <span className="won-mark"> ✓</span>}
                    {slot.droppedAfterRound !== undefined && (
                      <span className="dropped-mark" data-testid="dropped-mark">
                        {' '}
                        dropped after round {slot.droppedAfterRound}
                        {wonThenDropped ? ': won, not replaced (MTR 2.10)' : ''}
                      </span>
                    )}
                  </>
                ) : (
                  <span className="muted placeholder">{slot.placeholder}</span>
                )}
              </span>
            </li>
          );
        })}
      </ol>
      {match.table && !match.table.result && round && <Outstanding round={round} />}
    </div>
  );
}

function RoundsBracket({ state, nameOf }: { state: EventState; nameOf: (id: PlayerId) => string }) {
  const playoff = state.playoff!;
  const seeds = seedInfo(playoff.seeds, false);
  const rounds = state.rounds.filter((r) => r.stage === 'playoff');
  const { presentation } = getRuleset(state.ruleset);
  // The playoff rounds the cut plays (for the columns still to come), and who waits the first out.
  const planned = presentation.playoff.rounds(state);
  const total = Math.max(planned.length, rounds.length);
  const names = planned.length >= rounds.length ? planned : roundNames(total);
  const waitingAtStart = presentation.playoff.waiting(playoff.top);
  const last = rounds[rounds.length - 1];
  const finalDone = last && rounds.length >= planned.length && last.tables.length === 1 && last.tables[0]?.result !== undefined;
  const champion = finalDone ? advancedFrom(state, last, last.tables[0]!, undefined).id : undefined;
  const columns: ReactNode[] = [];
  for (let r = 0; r < total; r++) {
    const round = rounds[r];
    columns.push(
      <div className="bracket-column" key={r} data-testid={`bracket-round-${r + 1}`}>
        <h3>
          {names[r]}
          {round ? <span className="muted"> · round {round.number}</span> : null}
        </h3>
        <div className="bracket-matches">
          {round ? (
            <>
              {round.tables.map((table) => {
                const advanced = table.result ? advancedFrom(state, round, table, rounds[r + 1]) : {};
                return (
                  <TableCard
                    key={table.table}
                    state={state}
                    table={table}
                    nameOf={nameOf}
                    seeds={seeds}
                    winner={advanced.id}
                    testId={`bracket-table-${r + 1}-${table.table}`}
                    final={r === total - 1 && round.tables.length === 1}
                    footer={
                      table.result ? (
                        <p className="table-result">
                          {resultNote(state, table, nameOf)}
                          {advanced.note ? ` — ${advanced.note}` : ''}
                        </p>
                      ) : (
                        <Outstanding round={round} />
                      )
                    }
                  />
                );
              })}
              <WaitingList waiting={round.waiting} nameOf={nameOf} seeds={seeds} note="they join the next round" />
              {round.byes.length > 0 && (
                <p className="muted">Advancing with a bye: {round.byes.map((b) => isolate(nameOf(b.player))).join(', ')}</p>
              )}
            </>
          ) : (
            <div className="bracket-match future">
              <span className="muted">{r === 0 ? 'To be paired.' : presentation.playoff.upcoming(state, r, total, waitingAtStart)}</span>
            </div>
          )}
        </div>
      </div>,
    );
  }
  return (
    <div className="bracket rounds" data-testid="bracket" style={{ gridTemplateColumns: `repeat(${total + 1}, minmax(240px, 1fr))` }}>
      {columns}
      <div className="bracket-column champion-column">
        <h3>{presentation.words.champion}</h3>
        <div className="bracket-matches">
          <div className={`bracket-match champion${champion ? ' decided' : ''}`} data-testid="champion">
            {champion ? <strong><Name>{nameOf(champion)}</Name></strong> : <span className="muted placeholder">winner of the final</span>}
          </div>
        </div>
      </div>
    </div>
  );
}
