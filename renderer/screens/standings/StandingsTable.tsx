/**
 * The standings table: the rule set's tiebreaker columns, sortable by any column (click or Enter on
 * a header), filtered by the search text, and virtualised (@tanstack/react-virtual) so that a
 * 4,096-player event scrolls smoothly: only the rows in view are in the DOM, every row has the same
 * height, and the header stays put. Rows are keyboard-driven: ↑/↓, Page Up/Down, Home/End move, Enter
 * opens the player's breakdown.
 */
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { boardCollator, splitName } from '../../../core/model/person-names.js';
import type { PlayerId, PlayoffFinish, Standing } from '../../../core/model/types.js';
import { playoffFinishLabel } from '../../../core/rulesets/index.js';
import { formatValue, type TiebreakerInfo } from '../../../core/rulesets/ruleset.js';
import { Name } from '../../components/Name.js';
import { isolate, plural } from '../../lib/format.js';
import { useStation } from '../../store/station.js';
import { DQ_TITLE } from '../playoffs/FinalStandings.js';
import { searchKey } from '../../lib/people.js';

export const ROW_HEIGHT = 40;

export type SortKey = 'rank' | 'group' | 'playoff' | 'name' | 'id' | 'points' | 'record' | `tb:${string}`;
export interface SortState {
  key: SortKey;
  /** true = the column's natural order (rank 1 first, names A–Z, most points first). */
  natural: boolean;
}

export interface StandingsTableProps {
  standings: readonly Standing[];
  tiebreakers: readonly TiebreakerInfo[];
  /** Header of the points column (the rule set's word: "Points", "Wins"). */
  pointsLabel?: string;
  /** Header of the column of how far each got (the rule set's: "Playoff", "Final"). */
  finishLabel?: string;
  /** Display names (with a note or id where two people share a name); default the standing's name. */
  names?: ReadonlyMap<PlayerId, string>;
  /** The family names given at registration (Player.familyName), for sorting by name as boards do. */
  familyNames?: ReadonlyMap<PlayerId, string>;
  /** The round after which each dropped player dropped. */
  droppedAfter?: ReadonlyMap<PlayerId, number>;
  /** Disqualified players (RULES 4), marked DQ; default: the open event's (its penalty log). */
  disqualified?: ReadonlySet<PlayerId>;
  /** Search text: rows whose name or id contain it (accents and case ignored). */
  query?: string;
  /** Events played in groups: the group column. */
  showGroup?: boolean;
  /** Final standings: the Playoff column (how far each player got). */
  showPlayoff?: boolean;
  /** Team events: the competitors are teams. */
  teams?: boolean;
  /** The rule set counts draws (else the record column reads W–L). */
  draws?: boolean;
  /** The ID column (hidden while the breakdown panel takes the room). */
  showId?: boolean;
  selectedId?: PlayerId | null;
  onOpen?: (id: PlayerId) => void;
  /** Told how many rows match the search. */
  onCount?: (shown: number) => void;
}

interface Row {
  s: Standing;
  order: number;
  name: string;
  key: string;
}

/** How far a playoff finish went, furthest first (0 = champion or still in); no finish last. */
function finishOrder(finish: PlayoffFinish | undefined): number {
  if (finish === undefined) return Number.MAX_SAFE_INTEGER;
  if (finish === 'champion' || finish === 'in-contention') return 0;
  if (finish === 'finalist') return 1;
  return 1000 - finish.eliminatedInRound;
}

function recordText(s: Standing, draws: boolean): string {
  const r = s.record;
  return `${r.wins}–${r.losses}${draws ? `–${r.draws}` : ''}${r.byes > 0 ? ` (+${plural(r.byes, 'bye')})` : ''}`;
}

/**
 * How two rows compare by `key`, in the column's natural order (rank 1 first, names A–Z, most points
 * first); `list` is the rows being sorted (sorting by name reads each one's board name once).
 */
function comparator(key: SortKey, list: Row[], familyNames: ReadonlyMap<PlayerId, string> | undefined): (a: Row, b: Row) => number {
  const byOrder = (a: Row, b: Row): number => a.order - b.order;
  switch (key) {
    case 'rank':
      return byOrder;
    case 'group':
      return (a, b) => (a.s.group ?? Infinity) - (b.s.group ?? Infinity) || byOrder(a, b);
    case 'playoff':
      return (a, b) => finishOrder(a.s.playoff) - finishOrder(b.s.playoff) || byOrder(a, b);
    case 'name': {
      const collator = boardCollator();
      // The registered name (not the shown one, which may carry a note in brackets), as boards sort it.
      const keys = new Map(list.map((r) => [r, splitName(r.s.name, familyNames?.get(r.s.id))]));
      return (a, b) => {
        const x = keys.get(a)!;
        const y = keys.get(b)!;
        return collator.compare(x.sortKey, y.sortKey) || collator.compare(x.given, y.given) || byOrder(a, b);
      };
    }
    case 'id': {
      const collator = boardCollator();
      return (a, b) => collator.compare(a.s.id, b.s.id);
    }
    case 'points':
      return (a, b) => b.s.points - a.s.points || byOrder(a, b);
    case 'record':
      return (a, b) => b.s.record.wins - a.s.record.wins || b.s.record.draws - a.s.record.draws || a.s.record.losses - b.s.record.losses || byOrder(a, b);
    default: {
      const tb = key.slice(3);
      return (a, b) => (b.s.tiebreakers[tb] ?? 0) - (a.s.tiebreakers[tb] ?? 0) || byOrder(a, b);
    }
  }
}

/** The columns a table shows beside rank, name, points and record. */
interface Columns {
  showGroup: boolean;
  showPlayoff: boolean;
  showId: boolean;
  draws: boolean;
  tiebreakers: readonly TiebreakerInfo[];
}

/** One competitor's row: in the tab order only when it is the active row (`tabbable`). */
function StandingRow({ row, index, droppedAfter: dropped, disqualified, selected, tabbable, columns, onPick, onFocus, onKeyDown }: {
  row: Row;
  index: number;
  /** The round after which the player dropped, when known. */
  droppedAfter: number | undefined;
  /** Disqualified (RULES 4): marked DQ. */
  disqualified: boolean;
  selected: boolean;
  tabbable: boolean;
  columns: Columns;
  onPick: () => void;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => void;
}) {
  const { showGroup, showPlayoff, showId, draws, tiebreakers } = columns;
  const s = row.s;
  return (
    <tr
      data-index={index}
      data-player={s.id}
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={`${index % 2 === 1 ? 'alt' : ''}${selected ? ' selected' : ''}`}
      tabIndex={tabbable ? 0 : -1}
      onClick={onPick}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
    >
      <td className="num st-rank">{s.rank}</td>
      {showGroup && <td className="num">{s.group ?? '—'}</td>}
      <td className="st-name" title={`${isolate(row.name)}${s.dropped ? ` — dropped${dropped !== undefined ? ` after round ${dropped}` : ''}` : ''}`}>
        <Name className={s.dropped ? 'dropped' : undefined}>{row.name}</Name>
        {disqualified && (
          <span className="st-tag problem" title={DQ_TITLE} data-testid="dq-tag">
            DQ
          </span>
        )}
        {s.dropped && <span className="st-tag">dropped{dropped !== undefined ? ` after round ${dropped}` : ''}</span>}
        {s.organiserDecides && (
          <span className="st-tag warning" title="Equal on every tiebreaker: the organiser decides the order (RULES 3), above the table">
            tie — organiser decides
          </span>
        )}
        {s.tieDecision !== undefined && (
          <span className="st-tag" title={`Equal on every tiebreaker; the organiser decided the order (RULES 3): ${s.tieDecision}`} data-testid="tie-decided">
            tie — decided by the organiser
          </span>
        )}
      </td>
      {showPlayoff && (
        <td className={s.playoff === 'champion' ? 'st-playoff champion' : 'st-playoff'} data-testid="playoff-finish">
          {playoffFinishLabel(s.playoff)}
        </td>
      )}
      {showId && <td className="st-id muted">{s.id}</td>}
      <td className="num st-points">{s.points}</td>
      <td className="st-record">{recordText(s, draws)}</td>
      {tiebreakers.map((t) => (
        <td key={t.key} className="num">
          {formatValue(s.tiebreakers[t.key], t.format)}
        </td>
      ))}
    </tr>
  );
}

/** The rows with their display names and search keys, and those the search keeps in the chosen order. */
function useSortedRows(standings: readonly Standing[], names: ReadonlyMap<PlayerId, string> | undefined, familyNames: ReadonlyMap<PlayerId, string> | undefined, query: string, sort: SortState): { rows: Row[]; sorted: Row[] } {
  const rows = useMemo<Row[]>(
    () =>
      standings.map((s, order) => {
        const name = names?.get(s.id) ?? s.name;
        return { s, order, name, key: searchKey(`${name} ${s.id}`) };
      }),
    [standings, names],
  );

  const filtered = useMemo(() => {
    const q = searchKey(query);
    return q ? rows.filter((r) => r.key.includes(q)) : rows;
  }, [rows, query]);

  const sorted = useMemo(() => {
    const list = [...filtered];
    const dir = sort.natural ? 1 : -1;
    const compare = comparator(sort.key, list, familyNames);
    list.sort((a, b) => dir * compare(a, b));
    return list;
  }, [filtered, sort, familyNames]);
  return { rows, sorted };
}

/**
 * Keyboard focus: one row is in the tab order; arrows, Page Up/Down, Home and End move it (scrolling
 * it into view first), Enter or Space opens the row's player.
 */
function useRowFocus(
  count: number,
  scrollRef: RefObject<HTMLDivElement | null>,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  onOpen: ((id: PlayerId) => void) | undefined,
): { activeIndex: number; setActive: (index: number) => void; onRowKey: (event: KeyboardEvent<HTMLTableRowElement>, index: number, id: PlayerId) => void } {
  const [active, setActive] = useState(0);
  const [focusWanted, setFocusWanted] = useState(false);
  const activeIndex = Math.min(active, Math.max(0, count - 1));
  useEffect(() => {
    if (!focusWanted) return;
    const el = scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${activeIndex}"]`);
    if (el) {
      el.focus({ preventScroll: true });
      setFocusWanted(false);
    }
  });

  const move = (to: number): void => {
    const index = Math.max(0, Math.min(count - 1, to));
    setActive(index);
    setFocusWanted(true);
    virtualizer.scrollToIndex(index, { align: 'auto' });
  };
  const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 600) / ROW_HEIGHT) - 2);
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, index: number, id: PlayerId): void => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(index + 1),
      ArrowUp: () => move(index - 1),
      PageDown: () => move(index + page),
      PageUp: () => move(index - page),
      Home: () => move(0),
      End: () => move(count - 1),
      Enter: () => onOpen?.(id),
      ' ': () => onOpen?.(id),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };
  return { activeIndex, setActive, onRowKey };
}

interface Header {
  key: SortKey;
  label: string;
  title?: string;
  className?: string;
}

/** The table's columns, in order: the optional ones as `columns` says, then one per tiebreaker. */
function headersFor({ showGroup, showPlayoff, showId, draws, tiebreakers }: Columns, pointsLabel: string | undefined, finishLabel: string | undefined): Header[] {
  return [
    { key: 'rank', label: 'Rank', className: 'num' },
    ...(showGroup ? [{ key: 'group' as SortKey, label: 'Group', className: 'num' }] : []),
    { key: 'name', label: 'Name', className: 'st-name' },
    ...(showPlayoff ? [{ key: 'playoff' as SortKey, label: finishLabel ?? 'Playoff', title: 'How far the player got' }] : []),
    ...(showId ? [{ key: 'id' as SortKey, label: 'ID' }] : []),
    { key: 'points', label: pointsLabel ?? 'Points', className: 'num' },
    { key: 'record', label: draws ? 'W–L–D' : 'W–L', title: draws ? 'wins – losses – draws (+ byes)' : 'games won – games lost' },
    ...tiebreakers.map((t) => ({ key: `tb:${t.key}` as SortKey, label: t.label, title: t.description, className: 'num' })),
  ];
}

/** The header row: a sort button per column, and aria-sort on the sorted one. */
function SortHeaders({ headers, sort, onSort }: { headers: Header[]; sort: SortState; onSort: (key: SortKey) => void }) {
  const ariaSort = (key: SortKey): 'ascending' | 'descending' | 'none' => {
    if (sort.key !== key) return 'none';
    const ascendingNatural = key === 'rank' || key === 'name' || key === 'id' || key === 'group';
    return sort.natural === ascendingNatural ? 'ascending' : 'descending';
  };
  return (
    <thead>
      <tr>
        {headers.map((h) => (
          <th key={h.key} aria-sort={ariaSort(h.key)} className={h.className} title={h.title}>
            <button type="button" className="sort" onClick={() => onSort(h.key)} data-sort={h.key}>
              {h.label}
              <span className="sort-mark" aria-hidden="true">
                {sort.key === h.key ? (ariaSort(h.key) === 'ascending' ? ' ▲' : ' ▼') : ''}
              </span>
            </button>
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function StandingsTable(props: StandingsTableProps) {
  const { standings, tiebreakers, names, familyNames, droppedAfter, query = '', showGroup = false, showPlayoff = false, teams = false, draws = true, showId = true, selectedId, onOpen, onCount } = props;
  const [sort, setSort] = useState<SortState>({ key: 'rank', natural: true });

  const { rows, sorted } = useSortedRows(standings, names, familyNames, query, sort);
  const penalties = useStation((s) => s.snapshot?.state?.penalties);
  const disqualified = useMemo(() => props.disqualified ?? new Set((penalties ?? []).filter((p) => p.penalty === 'disqualification').map((p) => p.player)), [props.disqualified, penalties]);

  useEffect(() => onCount?.(sorted.length), [sorted.length, onCount]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: sorted.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // The header row sits above the rows inside the scroll box.
    scrollPaddingStart: ROW_HEIGHT,
  });

  const { activeIndex, setActive, onRowKey } = useRowFocus(sorted.length, scrollRef, virtualizer, onOpen);

  const shownColumns: Columns = { showGroup, showPlayoff, showId, draws, tiebreakers };
  const headers = headersFor(shownColumns, props.pointsLabel, props.finishLabel);
  const clickSort = (key: SortKey): void => {
    setSort((s) => (s.key === key ? { key, natural: !s.natural } : { key, natural: true }));
    setActive(0);
    virtualizer.scrollToOffset(0);
  };

  // A new search starts at the top of its matches.
  useEffect(() => {
    virtualizer.scrollToOffset(0);
    setActive(0);
  }, [query]);

  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  const columns = headers.length;

  return (
    <div className="standings-scroll" ref={scrollRef} data-testid="standings-scroll">
      <table className="grid standings-table" aria-rowcount={sorted.length + 1} data-testid="standings-table">
        <colgroup>
          {headers.map((h) => (
            <col key={h.key} className={`col-${h.key.replace(':', '-')}`} />
          ))}
        </colgroup>
        <SortHeaders headers={headers} sort={sort} onSort={clickSort} />
        <tbody>
          {padTop > 0 && (
            <tr className="spacer" aria-hidden="true">
              <td colSpan={columns} style={{ height: padTop }} />
            </tr>
          )}
          {items.map((item) => {
            const row = sorted[item.index] as Row;
            return (
              <StandingRow
                key={row.s.id}
                row={row}
                index={item.index}
                droppedAfter={droppedAfter?.get(row.s.id)}
                disqualified={disqualified.has(row.s.id)}
                selected={selectedId === row.s.id}
                tabbable={item.index === activeIndex}
                columns={shownColumns}
                onPick={() => {
                  setActive(item.index);
                  onOpen?.(row.s.id);
                }}
                onFocus={() => setActive(item.index)}
                onKeyDown={(e) => onRowKey(e, item.index, row.s.id)}
              />
            );
          })}
          {padBottom > 0 && (
            <tr className="spacer" aria-hidden="true">
              <td colSpan={columns} style={{ height: padBottom }} />
            </tr>
          )}
        </tbody>
      </table>
      {sorted.length === 0 && (
        <p className="empty" data-testid="standings-empty">
          {rows.length === 0 ? (teams ? 'No teams yet.' : 'No players yet.') : `Nobody matches “${query}”.`}
        </p>
      )}
    </div>
  );
}
