/**
 * The standings the scorekeeper published and the playoff bracket, on the player page's tabs: not
 * on the first screen, so loaded when wanted (PlayerApp) and the first screen stays light.
 */
import type { PublicView } from '../../core/public/types.js';
import { nameIn, ordinal, pointsWords, tableWord } from './view.js';

/** "with 9 points" ("with 1 point", "with 3 wins"), or the column's own words when it is not the points. */
function withValue(view: PublicView, column: string, value: string | undefined): string {
  const n = Number(value);
  if (column === view.event.words.points && value !== undefined && Number.isFinite(n)) return `with ${pointsWords(view.event.words, n)}`;
  return `with ${value ?? '—'} ${column.toLocaleLowerCase()}`;
}

export function Standings({ view, me }: { view: PublicView; me: string | null }) {
  const standings = view.standings;
  const name = nameIn(view);
  if (!standings) return <p className="pl-big-words">Standings are not published yet.</p>;
  const [first, ...rest] = standings.columns;
  const mine = standings.rows.find((r) => r.player === me);
  return (
    <section className="pl-list" aria-label="Standings">
      <h2>{standings.final ? 'Final standings' : `Standings after round ${standings.afterRound}`}</h2>
      {view.event.houseRules && (
        <p className="pl-house-rules" data-testid="house-rules">
          {view.event.houseRules}
        </p>
      )}
      {mine && (
        <p className="pl-points" data-testid="my-standing">
          You are <strong>{ordinal(mine.rank)}</strong>
          {first ? ` ${withValue(view, first, mine.values[0])}` : ''}.
        </p>
      )}
      <p className="pl-rows-head" aria-hidden="true">
        <span>Rank and name</span>
        <span>{first}</span>
      </p>
      <ol className="pl-rows" data-testid="standings">
        {standings.rows.map((row) => (
          <li key={row.player} className={['pl-row', row.player === me ? 'me' : '', row.dropped ? 'dropped' : ''].filter(Boolean).join(' ')} data-player={row.player}>
            <span className="pl-rank">{row.rank}</span>
            <span className="pl-row-main">
              <span className="pl-row-who">
                <bdi className="pl-row-name">{name(row.player)}</bdi>
                {row.dq && (
                  <abbr className="pl-dq" title="Disqualified: keeps the record, paired no more" data-testid="dq">
                    DQ
                  </abbr>
                )}
              </span>
              {row.note && (
                <span className="pl-row-note" data-testid="standing-note">
                  {row.note}
                </span>
              )}
              {rest.length > 0 && (
                <span className="pl-row-detail">
                  {rest.map((column, i) => (
                    <span key={column}>
                      {i > 0 ? ' · ' : ''}
                      <span className="pl-nowrap">
                        {column} {row.values[i + 1] ?? '—'}
                      </span>
                    </span>
                  ))}
                </span>
              )}
            </span>
            {first && (
              <span className="pl-row-place" aria-label={first}>
                {row.values[0]}
              </span>
            )}
          </li>
        ))}
      </ol>
      {standings.rows.some((r) => r.dropped) && <p className="pl-muted pl-small">Struck through: dropped; they keep their record and still count as opponents.</p>}
    </section>
  );
}

export function Bracket({ view, me }: { view: PublicView; me: string | null }) {
  const name = nameIn(view);
  const word = view.event.words.playoffTable;
  if (!view.bracket || view.bracket.length === 0) return <p className="pl-big-words">There is no playoff bracket yet.</p>;
  return (
    <section className="pl-list" aria-label="Bracket">
      <h2>Playoff</h2>
      {view.bracket.map((round) => (
        <div key={round.round} className="pl-bracket-round">
          <h3>Round {round.round}</h3>
          {round.tables.map((table) => (
            <div key={table.table} className="pl-bracket-table">
              <p className="pl-muted">
                {word} {table.table}
              </p>
              <ol>
                {table.seats.map((id) => (
                  <li key={id} className={[id === table.winner ? 'winner' : '', id === me ? 'me' : ''].join(' ').trim() || undefined}>
                    <bdi>{name(id)}</bdi>
                    {id === table.winner && <span className="pl-muted"> — won</span>}
                  </li>
                ))}
              </ol>
            </div>
          ))}
        </div>
      ))}
    </section>
  );
}
