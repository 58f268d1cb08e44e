/**
 * The event log: the journal as a readable audit trail — when (local time), who (the station, or
 * the device on the venue network that sent it: "Desk 2 (second station)", "Judge Ana (judge)"), what
 * happened in words, and why (the reason recorded with it) — newest first, filterable by kind and by
 * text (`/`), refreshed on every change. Entries that were undone are struck through with the entry
 * that undid them; any other entry can be undone from here (routine mistakes are undone, not
 * prevented). Long logs are virtualised.
 */
import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useDeferredValue, useEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { JournalEntryView } from '../../core/api/contract.js';
import { HEAD_STATION, ROLE_LABELS, type DeviceRef } from '../../core/api/roles.js';
import { describeJournal, LOG_KINDS, rowKinds, type LogKind, type LogRow } from '../../core/event/describe.js';
import { undoMarks } from '../../core/event/undo.js';
import { calendarDate, dayAndTime, wallClock } from '../../core/text/format.js';
import { Name } from '../components/Name.js';
import { isolate } from '../lib/format.js';
import { useStation } from '../store/station.js';
import { searchKey } from '../lib/people.js';
import './Log.css';

/** The journal, kept in step with the host: fetched once, then only the new entries after each change. */
function useJournal(): { entries: JournalEntryView[]; error: string | null; loaded: boolean; retry: () => void } {
  const connection = useStation((s) => s.connection);
  const status = useStation((s) => s.status);
  const [attempt, setAttempt] = useState(0);
  const lastSeq = useStation((s) => s.snapshot?.lastSeq ?? -1);
  const eventId = useStation((s) => s.snapshot?.summary?.id ?? s.snapshot?.state?.id ?? null);
  const [entries, setEntries] = useState<JournalEntryView[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const cache = useRef<{ eventId: string | null; entries: JournalEntryView[] }>({ eventId: null, entries: [] });

  useEffect(() => {
    if (!connection || status !== 'connected') return;
    let cancelled = false;
    const known = cache.current.eventId === eventId ? cache.current.entries : [];
    const last = known[known.length - 1]?.seq ?? -1;
    if (last >= lastSeq && known.length > 0) return;
    connection.api
      .query(last >= 0 ? { kind: 'journal', from: last + 1 } : { kind: 'journal' })
      .then((answer) => {
        if (cancelled || answer.kind !== 'journal') return;
        const merged = [...known, ...answer.entries.filter((e) => e.seq > last)];
        // An undo marks an earlier entry: the marks over the whole journal, by the host's rule (core/event/undo.ts).
        const marks = undoMarks(merged);
        const withMarks = merged.map((e) => {
          const by = marks.get(e.seq);
          if (by === e.undoneBy) return e;
          const { undoneBy: _old, ...rest } = e;
          return by === undefined ? rest : { ...rest, undoneBy: by };
        });
        cache.current = { eventId, entries: withMarks };
        setEntries(withMarks);
        setError(null);
        setLoaded(true);
      })
      .catch((e: unknown) => {
        if (!cancelled) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      cancelled = true;
    };
  }, [connection, status, lastSeq, eventId, attempt]);
  return { entries, error, loaded, retry: () => setAttempt((n) => n + 1) };
}

/** A row with who sent it: a device on the venue network, or (none) the head-judge station itself; and when it was typed, when that was well before it arrived. */
type WhoRow = LogRow & { who: { text: string; title: string; device?: DeviceRef }; late?: string };

/** A command that waited (offline) more than this before it arrived says when it was typed. */
export const TYPED_LATE_MS = 60_000;

/**
 * "typed 14:02, arrived 14:05": an entry typed on a device while its link was down and sent once
 * it was back (store/send.ts), when the two differ by more than a minute; else null.
 */
export function typedAndArrived(typedAt: string | undefined, at: string): string | null {
  if (typedAt === undefined) return null;
  const typed = Date.parse(typedAt);
  const arrived = Date.parse(at);
  if (Number.isNaN(typed) || Number.isNaN(arrived) || arrived - typed <= TYPED_LATE_MS) return null;
  return `typed ${wallClock(typed)}, arrived ${wallClock(arrived)}`;
}

/** "Head-judge station", as the column heads it. */
const STATION_LABEL = HEAD_STATION.replace(/^the (.)/, (_, first: string) => first.toUpperCase());

/**
 * Who sent an entry, as people call them: a device by the name it joined with, and the station
 * itself as "Head-judge station" — never the computer's host name the journal line keeps (a
 * machine called "vm" or "DESKTOP-7Q2K" means nothing on the floor), as the refusal of a second
 * result names it ("… by the head-judge station").
 */
function whoSent(by: DeviceRef | undefined): WhoRow['who'] {
  if (!by) return { text: STATION_LABEL, title: 'The head-judge station itself (this computer), not a device on the venue network' };
  const text = `${by.name} (${ROLE_LABELS[by.role]})`;
  return { text, title: `${isolate(by.name)} (${ROLE_LABELS[by.role]}), a device on the venue network`, device: by };
}

function timeText(iso: string): { time: string; full: string } {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return { time: iso, full: iso };
  const today = new Date();
  const sameDay = date.toDateString() === today.toDateString();
  const time = wallClock(date, { seconds: true });
  return {
    time: sameDay ? time : `${calendarDate(date, { year: false })} ${time}`,
    full: dayAndTime(date, { seconds: true }),
  };
}

/** The journal as rows, newest first, with who sent each and its search key; the count per kind; and the rows the filters keep. */
function useLogRows(entries: JournalEntryView[], kinds: Set<LogKind>, query: string): { rows: WhoRow[]; counts: Map<LogKind, number>; shown: WhoRow[] } {
  const state = useStation((s) => s.snapshot?.state ?? null);
  const deferredQuery = useDeferredValue(query);
  const rows = useMemo(() => {
    const devices = new Map(entries.map((e) => [e.seq, e.by] as const));
    const typed = new Map(entries.map((e) => [e.seq, e.typedAt] as const));
    const described: WhoRow[] = describeJournal(entries, state).map((row) => {
      const late = typedAndArrived(typed.get(row.seq), row.at);
      return { ...row, who: whoSent(devices.get(row.seq)), ...(late !== null ? { late } : {}) };
    });
    for (const row of described) row.search = searchKey(`${row.seq} ${row.what} ${row.why ?? ''} ${row.who.text}`);
    return described.reverse();
  }, [entries, state]);
  const counts = useMemo(() => {
    const map = new Map<LogKind, number>();
    for (const row of rows) for (const kind of rowKinds(row)) map.set(kind, (map.get(kind) ?? 0) + 1);
    return map;
  }, [rows]);
  const shown = useMemo(() => {
    const q = searchKey(deferredQuery);
    return rows.filter((r) => (kinds.size === 0 || rowKinds(r).some((kind) => kinds.has(kind))) && (!q || r.search.includes(q)));
  }, [rows, kinds, deferredQuery]);
  return { rows, counts, shown };
}

/** The chips that narrow the log to some kinds ("All" clears them), each with its count. */
function LogFilters({ kinds, setKinds, total, counts }: { kinds: Set<LogKind>; setKinds: Dispatch<SetStateAction<Set<LogKind>>>; total: number; counts: Map<LogKind, number> }) {
  const toggle = (kind: LogKind): void =>
    setKinds((current) => {
      const next = new Set(current);
      if (next.has(kind)) next.delete(kind);
      else next.add(kind);
      return next;
    });
  return (
    <div className="log-filters" role="group" aria-label="Show only">
      <button type="button" className={kinds.size === 0 ? 'log-chip active' : 'log-chip'} aria-pressed={kinds.size === 0} onClick={() => setKinds(new Set())}>
        All <span className="count">{total}</span>
      </button>
      {LOG_KINDS.map(({ kind, label }) => (
        <button
          key={kind}
          type="button"
          className={kinds.has(kind) ? 'log-chip active' : 'log-chip'}
          aria-pressed={kinds.has(kind)}
          onClick={() => toggle(kind)}
          data-kind={kind}
          disabled={!counts.get(kind) && !kinds.has(kind)}
        >
          {label} <span className="count">{counts.get(kind) ?? 0}</span>
        </button>
      ))}
    </div>
  );
}

/** One journal entry in the virtual list: when, who, what and why, and its Undo (or Redo) button. */
function LogEntry({ item, row, measure, canUndo, onUndo }: { item: VirtualItem; row: WhoRow; measure: (node: Element | null) => void; canUndo: boolean; onUndo: (seq: number) => void }) {
  const when = timeText(row.at);
  const undone = row.undoneBy !== undefined;
  return (
    <div
      role="listitem"
      className={`log-row${undone ? ' undone' : ''}${item.index % 2 === 1 ? ' alt' : ''}`}
      data-index={item.index}
      data-seq={row.seq}
      ref={measure}
      style={{ transform: `translateY(${item.start}px)` }}
    >
      <span className="log-seq muted" title="Journal entry number">
        #{row.seq}
      </span>
      <time className="log-time" dateTime={row.at} title={when.full}>
        {when.time}
      </time>
      <span className={row.who.device ? 'log-station log-device' : 'log-station muted'} title={row.who.title} data-testid="log-who">
        {row.who.device ? (
          <>
            <Name>{row.who.device.name}</Name> ({ROLE_LABELS[row.who.device.role]})
          </>
        ) : (
          row.who.text
        )}
      </span>
      <div className="log-what">
        <span className={`log-kind kind-${row.kind}`}>{LOG_KINDS.find((k) => k.kind === row.kind)?.label}</span>
        <span className="log-text">{row.what}</span>
        {row.why && (
          <span className="log-why">
            <span className="muted">reason:</span> {row.why}
          </span>
        )}
        {undone && <span className="log-undone">undone by entry {row.undoneBy}</span>}
        {row.late && (
          <span className="log-late" data-testid="log-late" title="Typed while the device was offline, sent once its connection was back">
            {row.late}
          </span>
        )}
      </div>
      <div className="log-actions">
        {row.undoable && canUndo && (
          <button type="button" onClick={() => onUndo(row.seq)} aria-label={`Undo entry ${row.seq}: ${row.what}`}>
            {row.kind === 'undo' ? 'Redo' : 'Undo'}
          </button>
        )}
      </div>
    </div>
  );
}

export function LogScreen() {
  const readOnly = useStation((s) => s.snapshot?.summary?.readOnly ?? false);
  const undo = useStation((s) => s.undo);
  const { entries, error, loaded, retry } = useJournal();
  const [kinds, setKinds] = useState<Set<LogKind>>(new Set());
  const [query, setQuery] = useState('');
  const { rows, counts, shown } = useLogRows(entries, kinds, query);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 48,
    overscan: 10,
    getItemKey: (index) => shown[index]?.seq ?? index,
  });

  const items = virtualizer.getVirtualItems();
  return (
    <section className="log-screen" data-testid="log-screen">
      <div className="log-head">
        <div>
          <h2>Event log</h2>
          <p className="muted">
            Every change, newest first: when, who (this station or a device), what and why. Undone entries stay here, struck through.
          </p>
        </div>
        <label className="search">
          Search
          <input
            type="search"
            data-search
            placeholder="Name, table, reason…  ( / )"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setQuery('');
            }}
            aria-label="Search the event log"
          />
        </label>
      </div>
      <LogFilters kinds={kinds} setKinds={setKinds} total={rows.length} counts={counts} />
      {error && (
        <p className="problem" role="alert">
          The event log could not be read: {error}{' '}
          <button type="button" onClick={retry}>
            Try again
          </button>
        </p>
      )}
      <div className="log-scroll" ref={scrollRef} data-testid="log-scroll">
        <div className="log-list" role="list" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => (
            <LogEntry key={item.key} item={item} row={shown[item.index] as WhoRow} measure={virtualizer.measureElement} canUndo={!readOnly} onUndo={(seq) => void undo(seq)} />
          ))}
        </div>
        {loaded && shown.length === 0 && <p className="empty">{rows.length === 0 ? 'Nothing recorded yet.' : 'No entry matches.'}</p>}
      </div>
    </section>
  );
}
