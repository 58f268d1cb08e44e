/**
 * Standings: the rule set's ranking with its tiebreaker columns, computed here from the pushed state
 * by the rule set itself (pure and fast, so every result entered or amended shows at once), searchable
 * (`/`), sortable by any column, virtualised for thousands of players, and a per-player breakdown of
 * every tiebreaker with the numbers filled in. Print from here.
 */
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { EventState, PlayerId } from '../../core/model/types.js';
import { finalStandings, getRuleset } from '../../core/rulesets/index.js';
import { PrintButton } from '../components/PrintButton.js';
import { outstandingTables, swissRoundsPlayed } from '../lib/event.js';
import { plural, pluralWord } from '../lib/format.js';
import { useStation } from '../store/station.js';
import { Breakdown } from './standings/Breakdown.js';
import { displayNames, familyNames, nameLookup } from '../lib/people.js';
import { competitorsWord } from './start/settings.js';
import { OrganiserTies } from './standings/OrganiserTies.js';
import { StandingsTable } from './standings/StandingsTable.js';
import './Standings.css';
import { PublishPanel } from './publish/PublishPanel.js';

/**
 * Which results the live standings hold: after the last Swiss round, or — while a round is being
 * played — the results so far, its byes and finished tables included (so nobody reads a half-played
 * round as "after round 2").
 */
function standingsWhen(state: EventState, rounds: number, roundWord: string): string {
  if (rounds === 0) return 'No round played yet';
  const latest = [...state.rounds].reverse().find((r) => r.stage === 'swiss');
  const open = outstandingTables(latest).length;
  if (latest && open > 0) return `During round ${latest.number}: the results so far (${plural(open, 'table')} still playing, byes counted)`;
  // In the rule set's words: "After 3 Swiss rounds"; a Lightseekers event, "After 3 rounds".
  return `After ${pluralWord(rounds, 'round 1', plural(rounds, roundWord))}`;
}

export function StandingsScreen() {
  const state = useStation((s) => s.snapshot?.state ?? null);
  const readOnly = useStation((s) => s.snapshot?.summary?.readOnly ?? false);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [selected, setSelected] = useState<PlayerId | null>(null);
  const [shown, setShown] = useState(0);
  /** After a playoff cut: the final standings (default) or the Swiss standings. */
  const [view, setView] = useState<'final' | 'swiss'>('final');

  const ruleset = useMemo(() => (state ? getRuleset(state.ruleset) : null), [state?.ruleset]);
  const swissStandings = useMemo(() => (state && ruleset ? ruleset.standings(state) : []), [state, ruleset]);
  const final = useMemo(() => (state?.playoff ? finalStandings(state) : null), [state]);
  const showFinal = final !== null && view === 'final';
  const standings = showFinal ? final : swissStandings;
  const names = useMemo(() => (state ? displayNames(state) : new Map<PlayerId, string>()), [state?.players]);
  const nameOf = useMemo(() => nameLookup(names), [names]);
  // Sorting by name goes by the family name given at registration, as the boards do.
  const families = useMemo(() => (state ? familyNames(state) : new Map<PlayerId, string>()), [state?.players]);
  const droppedAfter = useMemo(() => {
    const map = new Map<PlayerId, number>();
    for (const p of state?.players ?? []) if (p.droppedAfterRound !== undefined) map.set(p.id, p.droppedAfterRound);
    return map;
  }, [state?.players]);

  const selectedStanding = selected ? standings.find((s) => s.id === selected) : undefined;
  useEffect(() => {
    if (!selected) return;
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape' && !useStation.getState().helpOpen) setSelected(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selected]);
  const onCount = useCallback((n: number) => setShown(n), []);

  if (!state || !ruleset) return <></>;
  const rounds = swissRoundsPlayed(state);
  // What the rule set shows: its columns for these settings, groups, draws (Ruleset.presentation).
  const columns = ruleset.presentation.standings(state.settings);
  const large = columns.groups;
  const teams = ruleset.presentation.words.competitor(state.settings) === 'team';
  const tiebreakers = columns.columns;

  return (
    <section className="standings-screen" data-testid="standings-screen">
      <div className="standings-head">
        <div>
          <h2>{showFinal ? 'Final standings' : 'Standings'}</h2>
          <p className="muted">
            {showFinal ? `Order: ${ruleset.presentation.playoff.finalOrder}` : standingsWhen(state, rounds, ruleset.presentation.words.swissRound)} · {competitorsWord(state.ruleset, state.settings, standings.length)}
            {large ? ' · ranked within each group' : ''} · tiebreakers: {tiebreakers.map((t) => t.label).join(', ')}
            {query && (
              <strong data-testid="standings-count" aria-live="polite">
                {' '}
                · {plural(shown, 'matches', 'match', { grouping: true })} “{query}”
              </strong>
            )}
          </p>
        </div>
        <div className="toolbar">
          {final && (
            <div className="standings-view" role="group" aria-label="Which standings" data-testid="standings-view">
              <button type="button" aria-pressed={view === 'final'} onClick={() => setView('final')} data-testid="view-final">
                Final (after the playoff)
              </button>
              <button type="button" aria-pressed={view === 'swiss'} onClick={() => setView('swiss')} data-testid="view-swiss">
                Swiss
              </button>
            </div>
          )}
          <label className="search">
            Search
            <input
              type="search"
              data-search
              placeholder="Name or ID  ( / )"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') setQuery('');
                if (e.key === 'ArrowDown') {
                  e.preventDefault();
                  document.querySelector<HTMLElement>('.standings-table tbody tr[tabindex="0"]')?.focus();
                }
              }}
              aria-label="Search standings by name or ID"
            />
          </label>
          <PrintButton doc="standings" />
        </div>
      </div>
      {!showFinal && <OrganiserTies standings={swissStandings} nameOf={nameOf} readOnly={readOnly} />}
      <div className={selectedStanding ? 'standings-layout with-panel' : 'standings-layout'}>
        <StandingsTable
          standings={standings}
          tiebreakers={tiebreakers}
          pointsLabel={ruleset.presentation.words.points}
          finishLabel={ruleset.presentation.playoff.finishColumn}
          names={names}
          familyNames={families}
          droppedAfter={droppedAfter}
          query={deferredQuery}
          showGroup={large}
          showPlayoff={showFinal}
          teams={teams}
          draws={columns.draws}
          showId={!selectedStanding}
          selectedId={selected}
          onOpen={(id) => setSelected((current) => (current === id ? null : id))}
          onCount={onCount}
        />
        {selectedStanding && (
          <Breakdown
            state={state}
            standing={selectedStanding}
            nameOf={nameOf}
            droppedAfter={droppedAfter.get(selectedStanding.id)}
            onClose={() => setSelected(null)}
          />
        )}
      </div>
      <p className="muted st-small">Click a row, or press Enter on it, for the tiebreakers worked out. Click a column header to sort by it.</p>
      <PublishPanel />
    </section>
  );
}
