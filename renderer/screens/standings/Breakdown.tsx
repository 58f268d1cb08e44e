/**
 * A player's standings breakdown: every tiebreaker's formula with the player's numbers filled in, as
 * the rule set works it out from its own records (Ruleset.presentation.breakdown), so what the panel
 * shows is exactly what ranked the player. The panel renders the blocks it is given: lines, the
 * rounds played, a table, and formulas with the opponents they read.
 */
import { useMemo, type ReactNode } from 'react';
import type { EventState, PlayerId, Standing } from '../../../core/model/types.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import type { BreakdownBlock } from '../../../core/rulesets/ruleset.js';
import { Name } from '../../components/Name.js';
import { Rich } from '../../lib/rich-text.js';
import { disqualifiedPlayers } from '../../../core/event/apply-penalties.js';
import { PenaltyHistory } from './PenaltyHistory.js';

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

export function Breakdown({ state, standing, nameOf, droppedAfter, onClose }: BreakdownProps) {
  const blocks = useMemo(() => getRuleset(state.ruleset).presentation.breakdown(state, standing, nameOf), [state, standing, nameOf]);
  const dq = disqualifiedPlayers(state).get(standing.id);
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
            {dq ? ` · disqualified in round ${dq.round} (${dq.infraction})` : ''}
            {standing.dropped ? ` · dropped${droppedAfter !== undefined ? ` after round ${droppedAfter}` : ''} (keeps the record and still counts as an opponent)` : ''}
          </p>
        </div>
        <button type="button" className="quiet close" aria-label="Close the breakdown" onClick={onClose}>
          ×
        </button>
      </header>
      <Blocks blocks={blocks} />
      <PenaltyHistory state={state} player={standing.id} />
    </aside>
  );
}

function Blocks({ blocks }: { blocks: BreakdownBlock[] | null }) {
  if (!blocks) return <p className="muted">No record.</p>;
  return (
    <div className="breakdown-body">
      {blocks.map((block, i) => {
        switch (block.kind) {
          case 'line':
            return (
              <p key={i} className={block.className} data-testid={block.testId}>
                <Rich text={block.text} />
              </p>
            );
          case 'rounds':
            return <MatchList key={i} items={block.items} tableWord={block.tableWord} />;
          case 'table':
            return (
              <table key={i} className="grid compact games" data-testid={block.testId}>
                <thead>
                  <tr>
                    {block.columns.map((c) => (
                      <th key={c.label} className={c.numeric ? 'num' : undefined} title={c.title}>
                        {c.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {block.rows.map((row, r) => (
                    <tr key={r}>
                      {row.map((cell, c) => (
                        <td key={c} className={block.columns[c]?.numeric ? 'num' : undefined}>
                          <Rich text={cell} />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            );
          case 'formula':
            return (
              <Formula key={i} title={block.title} value={block.value} description={block.description}>
                {block.opponents && <OpponentList rows={block.opponents.map((o) => ({ ...o, value: <Rich text={o.value} /> }))} />}
                {block.lines.map((line, l) => (
                  <p key={l} className={line.className ?? 'math'} data-testid={line.testId}>
                    <Rich text={line.text} />
                  </p>
                ))}
              </Formula>
            );
        }
      })}
    </div>
  );
}

function MatchList({ items, tableWord }: { items: readonly { round: number; table?: number | undefined; text: string }[]; tableWord: string }) {
  if (items.length === 0) return <p className="muted">No rounds played yet.</p>;
  return (
    <ol className="match-list" aria-label="Rounds">
      {items.map((m, i) => (
        <li key={i}>
          <span className="muted">
            Round {m.round}
            {m.table !== undefined ? `, ${tableWord} ${m.table}` : ''}
          </span>{' '}
          {m.text}
        </li>
      ))}
    </ol>
  );
}

function OpponentList({ rows }: { rows: { id: PlayerId; name: string; detail?: string | undefined; value: ReactNode }[] }) {
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
