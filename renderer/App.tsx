/**
 * A first, calm station screen (the full station UI is a later issue): it proves the StationApi end
 * to end — connection state, the open event from the pushed snapshot, creating an event — and the
 * projector view the host pushes to as well.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { StationSnapshot } from '../core/api/contract.js';
import type { EventState, RulesetId } from '../core/model/types.js';
import type { ConnectionStatus, StationConnection } from './api/index.js';

const RULESET_TITLES: Partial<Record<RulesetId, string>> = {
  mtr: 'Magic Tournament Rules (head-to-head)',
  'mstr-2022': 'Multiplayer Supplement 2022 (pods)',
  'mamtr-2024': 'Multiplayer Addendum 2024 (pods)',
};

const DEMO_PLAYERS = ['Ana Archer', 'Bo Brandt', 'Chloé Dubois', "Dara O'Neill", 'Eitan Levi', 'Fumiko Sato', 'Grzegorz Wójcik', 'Hana Novák'];

function randomDraw(): number {
  const buffer = new Uint32Array(1);
  crypto.getRandomValues(buffer);
  return (buffer[0] as number) & 0x7fffffff;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The last snapshot the host pushed (or answered), and the connection's state. */
function useStation(connection: StationConnection): { snapshot: StationSnapshot | null; status: ConnectionStatus } {
  const [snapshot, setSnapshot] = useState<StationSnapshot | null>(null);
  const [status, setStatus] = useState<ConnectionStatus>(connection.status());
  const pushes = useRef(0);
  useEffect(() => {
    let alive = true;
    const refresh = (): void => {
      const seen = pushes.current;
      connection.api
        .snapshot()
        .then((next) => {
          // A push that arrived meanwhile is newer than this answer.
          if (alive && pushes.current === seen) setSnapshot(next);
        })
        .catch(() => undefined);
    };
    const stopPushes = connection.api.subscribe((push) => {
      if (push.type !== 'state') return;
      pushes.current += 1;
      setSnapshot(push.snapshot);
    });
    const stopStatus = connection.onStatus((next) => {
      setStatus(next);
      if (next === 'connected') refresh();
    });
    // The connection may have opened between the first render and this effect.
    setStatus(connection.status());
    refresh();
    return () => {
      alive = false;
      stopPushes();
      stopStatus();
    };
  }, [connection]);
  return { snapshot, status };
}

function roundLine(state: EventState): string {
  const round = state.rounds[state.rounds.length - 1];
  if (!round) return 'Not started';
  const open = round.tables.filter((t) => t.result === undefined).length;
  const stage = round.stage === 'playoff' ? 'Playoff round' : 'Round';
  return open > 0 ? `${stage} ${round.number} — ${open} table${open === 1 ? '' : 's'} outstanding` : `${stage} ${round.number} — complete`;
}

function activePlayerCount(state: EventState): number {
  return state.players.filter((p) => p.droppedAfterRound === undefined).length;
}

function StatusBadge({ status, transport }: { status: ConnectionStatus; transport: StationConnection['transport'] }) {
  const words = { connected: 'Connected', connecting: 'Connecting…', disconnected: 'Disconnected — retrying' }[status];
  return (
    <span className={`badge badge-${status}`} title={transport === 'ipc' ? 'Desktop app' : 'Browser mode'}>
      {words}
    </span>
  );
}

function EventCard({ snapshot }: { snapshot: StationSnapshot }) {
  const { summary, state } = snapshot;
  if (!summary || !state) return null;
  return (
    <section className="card" aria-label="Open event">
      <h2>{summary.name}</h2>
      <dl className="facts">
        <dt>Rule set</dt>
        <dd>{RULESET_TITLES[summary.ruleset] ?? summary.ruleset}</dd>
        <dt>Round</dt>
        <dd data-testid="round">{roundLine(state)}</dd>
        <dt>Players</dt>
        <dd data-testid="players">{activePlayerCount(state)}</dd>
        <dt>Saved in</dt>
        <dd className="path">{summary.path}</dd>
      </dl>
      {summary.readOnly && <p className="problem">This save is damaged and open read-only.</p>}
      {snapshot.notices.map((notice, i) => (
        <p key={i} className={notice.kind === 'info' ? 'notice' : 'problem'}>
          {notice.message}
        </p>
      ))}
    </section>
  );
}

function Station({ connection }: { connection: StationConnection }) {
  const { snapshot, status } = useStation(connection);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState('');
  const [ruleset, setRuleset] = useState<RulesetId>('mtr');
  const nameInput = useRef<HTMLInputElement>(null);

  const run = useCallback(async (work: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(
    () =>
      connection.onMenu((command) => {
        if (command === 'new-event') nameInput.current?.focus();
        if (command === 'print')
          void run(() => connection.api.print({ doc: 'pairings-by-name' }));
      }),
    [connection, run],
  );

  const create = (event: FormEvent): void => {
    event.preventDefault();
    void run(async () => {
      await connection.api.createEvent({ name, ruleset, settings: {} });
      setName('');
    });
  };

  const createDemo = (): void =>
    void run(async () => {
      await connection.api.createEvent({ name: 'Demo event', ruleset: 'mtr', settings: {} });
      for (const [i, player] of DEMO_PLAYERS.entries())
        await connection.api.dispatch({ command: { type: 'register-player', player: { id: `p${i + 1}`, name: player }, draw: randomDraw() } });
    });

  const event = snapshot?.summary ? snapshot : null;
  return (
    <div className="station">
      <header className="topbar">
        <h1>Podium</h1>
        <StatusBadge status={status} transport={connection.transport} />
      </header>
      <main>
        {event ? <EventCard snapshot={event} /> : <p className="empty" data-testid="no-event">No event open</p>}
        {problem && (
          <p className="problem" role="alert">
            {problem}
          </p>
        )}
        <section className="card" aria-label="New event">
          <h2>New event</h2>
          <form onSubmit={create} className="new-event">
            <label>
              Name
              <input ref={nameInput} value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} placeholder="Friday Night Magic" />
            </label>
            <label>
              Rule set
              <select value={ruleset} onChange={(e) => setRuleset(e.target.value as RulesetId)}>
                {Object.entries(RULESET_TITLES).map(([id, title]) => (
                  <option key={id} value={id}>
                    {title}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="primary" disabled={busy || status !== 'connected' || name.trim() === ''}>
              Create event
            </button>
          </form>
          <button type="button" onClick={createDemo} disabled={busy || status !== 'connected'}>
            Create a demo event (8 players)
          </button>
        </section>
      </main>
    </div>
  );
}

function Projector({ connection }: { connection: StationConnection }) {
  const { snapshot } = useStation(connection);
  const state = snapshot?.state;
  return (
    <div className="projector">
      {state ? (
        <>
          <h1>{state.name}</h1>
          <p className="projector-round" data-testid="round">
            {roundLine(state)}
          </p>
        </>
      ) : (
        <p className="projector-idle" data-testid="no-event">
          No event open
        </p>
      )}
    </div>
  );
}

export function App({ connection, view }: { connection: StationConnection; view: 'station' | 'projector' }) {
  return view === 'projector' ? <Projector connection={connection} /> : <Station connection={connection} />;
}
