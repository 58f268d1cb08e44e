/**
 * The clock's deck-check picks (MTR 2.8): "pick 2 tables at random, not checked
 * before" as one action, then start their checks under one judge's name and print the deck-check
 * sheets; beside it, who was checked in this round against the round's 10 % target
 * (core/decklists/deck-checks.ts). The draw comes from the event seed (RULES 4: every random choice,
 * deck-check picks included), the round and how many draws were made here, so each pick is a new
 * draw and the event's draws replay (or `seed`, for tests).
 */
import { useMemo, useState } from 'react';
import { deckCheckPlan, deckPickRng, pickDeckChecks, type DeckCheckPick } from '../../../core/decklists/deck-checks.js';
import { nameProblem } from '../../../core/model/names.js';
import type { EventState } from '../../../core/model/types.js';
import { createRng } from '../../../core/random/rng.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import { mtrCitation } from '../../../core/rulesets/ruleset.js';
import { PrintButton } from '../../components/PrintButton.js';
import { Name } from '../../components/Name.js';
import { isolate, sentence } from '../../lib/format.js';
import { useStation } from '../../store/station.js';


export function DeckPick({ state, round, now, seed }: { state: EventState; round: number | null; now: number; seed?: number }) {
  const [count, setCount] = useState(2);
  const [pick, setPick] = useState<DeckCheckPick | null>(null);
  const [judge, setJudge] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [draws, setDraws] = useState(0);
  const plan = useMemo(() => deckCheckPlan(state, now), [state, now]);
  const names = new Map(state.players.map((p) => [p.id, p.name]));
  const thisRound = round === null ? undefined : plan.rounds.find((r) => r.round === round);
  // The 10 % is the MTR's (2.8); a rule set that cites no Magic document (Lightseekers) keeps the aim without the citation.
  const cite = mtrCitation(getRuleset(state.ruleset).terms, '2.8');
  const roundTables = round === null ? [] : (state.rounds.find((r) => r.number === round)?.tables ?? []);

  const draw = (): void => {
    if (round === null) return;
    setProblem(null);
    setPick(pickDeckChecks(state, round, count, seed !== undefined ? createRng(seed) : deckPickRng(state, round, draws)));
    setDraws((n) => n + 1);
  };

  const start = async (): Promise<void> => {
    if (round === null || !pick || pick.tables.length === 0) return;
    const who = judge.trim();
    if (!who) return setProblem('Name the judge who checks the decks.');
    const characters = nameProblem(who, "judge's name");
    if (characters) return setProblem(sentence(characters));
    const store = useStation.getState();
    for (const table of pick.tables) {
      const ack = await store.dispatch({ type: 'start-deck-check', round, table, judge: who }, `Table ${table}: deck check started (${isolate(who)})`);
      if (!ack) return;
    }
    setPick(null);
  };

  if (round === null) return null;
  return (
    <section className="card deck-pick" aria-labelledby="deck-pick-title" data-testid="deck-pick">
      <header className="card-head">
        <h2 id="deck-pick-title">Pick deck checks</h2>
        <PrintButton doc="deck-check-sheet" round={round} label="deck-check sheets" />
      </header>
      {thisRound && (
        <p data-testid="deck-pick-round">
          Round {round}: {thisRound.decksChecked} of {thisRound.decks} decks checked; 10 % of this round is {thisRound.target}
          {cite ? ` (${cite})` : ''}
          {thisRound.met ? ' — reached.' : '.'}
          {thisRound.checked.length > 0 && (
            <>
              {' '}
              Checked: {thisRound.checked.map((c) => `${isolate(c.name)} (table ${c.table})`).join(', ')}.
            </>
          )}
        </p>
      )}
      <p className="muted">
        {plan.neverChecked.length} of {state.players.length} players never checked
        {plan.withLists > 0 ? `; ${plan.withLists} registered lists` : '; no list registered'}.
      </p>
      <div className="row">
        <label>
          Tables
          <input type="number" min={1} max={20} value={count} data-testid="deck-pick-count" onChange={(e) => setCount(Math.max(1, Math.min(20, Number(e.target.value) || 1)))} />
        </label>
        <button type="button" data-testid="deck-pick-draw" onClick={draw}>
          Pick {count} {count === 1 ? 'table' : 'tables'} at random, not checked before
        </button>
      </div>
      {pick && (
        <div data-testid="deck-pick-result">
          {pick.note && <p className="muted">{pick.note}</p>}
          {pick.tables.length > 0 && (
            <>
              <ul className="deck-pick-tables">
                {pick.tables.map((t) => (
                  <li key={t}>
                    <span className="table-number">{t}</span>{' '}
                    {(roundTables.find((x) => x.table === t)?.seats ?? []).map((id, i) => (
                      <span key={id}>
                        {i > 0 ? ', ' : ''}
                        <Name>{names.get(id) ?? id}</Name>
                      </span>
                    ))}
                  </li>
                ))}
              </ul>
              <div className="row">
                <label>
                  Judge
                  <input data-testid="deck-pick-judge" value={judge} onChange={(e) => setJudge(e.target.value)} />
                </label>
                <button type="button" className="primary" data-testid="deck-pick-start" onClick={() => void start()}>
                  Start {pick.tables.length === 1 ? 'the check' : `the ${pick.tables.length} checks`}
                </button>
              </div>
            </>
          )}
          {problem && <p className="problem">{problem}</p>}
        </div>
      )}
    </section>
  );
}
