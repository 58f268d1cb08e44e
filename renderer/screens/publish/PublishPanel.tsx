/**
 * The Publish panel of the head-judge station: the event's static site — the folder
 * it is written to, "Publish now", the switch that re-publishes it after each pairing and standings,
 * when it was last published or why it could not be — and the button that publishes the standings
 * after the last finished round, so players' phones and the site show them.
 *
 * The host does the work (StationApi `publishSite`, `siteStatus`; electron/host/site-publisher.ts)
 * and keeps the folder per event; only the local station may (core/api/roles.ts), so the panel
 * shows nothing on a device. It asks the host how the site is when it opens, after its own
 * actions, and a moment after each change to the event (an automatic publish runs just after the
 * change that made it due), so a failed automatic publish shows here in words — as it does in
 * `SiteNotice`, which is small enough to sit in the station's header.
 *
 * Not mounted by itself: export it where the station wants it (the Standings screen's header is
 * the natural place; the desktop app's File → Publish Event Site… picks the folder in the system
 * dialog).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SiteStatus } from '../../../core/api/contract.js';
import type { EventState } from '../../../core/model/types.js';
import { dayAndTime, timeAgo } from '../../../core/text/format.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { playoffComplete } from '../../lib/event.js';
import { sentence } from '../../lib/format.js';
import { useNow } from '../../lib/use-now.js';
import { isLocalStation, useCaller } from '../../store/caller.js';
import { useStation } from '../../store/station.js';
import './Publish.css';

/** After a change to the event, when to ask the host how the site is (an automatic publish follows the change). */
const ASK_AFTER_MS = [1200, 5000];

function errorWords(error: unknown): string {
  return sentence(error instanceof Error ? error.message : String(error));
}

/**
 * The round standings are published after: the last round once the playoff is over (the final
 * standings), else the last Swiss round whose every table has its result; null when none is.
 */
export function finishedRound(state: EventState): number | null {
  if (playoffComplete(state)) return state.rounds.length;
  for (let i = state.rounds.length - 1; i >= 0; i--) {
    const round = state.rounds[i];
    if (round && round.stage === 'swiss' && round.tables.every((t) => t.result !== undefined)) return round.number;
  }
  return null;
}

/**
 * The open event's site as the host has it: asked now, after `refresh()`, and a moment after each
 * change to the event. `problem`: why the host could not say (a device is refused).
 */
export function useSiteStatus(): { status: SiteStatus | null; problem: string | null; refresh: () => void } {
  const connection = useStation((s) => s.connection);
  const lastSeq = useStation((s) => s.snapshot?.lastSeq ?? -1);
  const eventId = useStation((s) => s.snapshot?.summary?.id ?? null);
  const [status, setStatus] = useState<SiteStatus | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const refresh = useCallback(() => {
    if (!connection) return;
    connection.api.siteStatus().then(
      (answer) => {
        if (!live.current) return;
        setStatus(answer);
        setProblem(null);
      },
      (error: unknown) => live.current && setProblem(errorWords(error)),
    );
  }, [connection]);
  useEffect(() => refresh(), [refresh, eventId]);
  useEffect(() => {
    if (lastSeq < 0) return;
    const timers = ASK_AFTER_MS.map((ms) => setTimeout(refresh, ms));
    return () => timers.forEach(clearTimeout);
  }, [lastSeq, refresh]);
  return { status, problem, refresh };
}

/** When the site was last published, in words ("Last published Tue, Nov 24, 2026, 18:02 — 5 minutes ago"). */
function LastPublished({ at }: { at: string | null }) {
  const now = useNow(15_000);
  if (!at) return <p className="muted" data-testid="site-last">Not published yet.</p>;
  const when = new Date(at);
  return (
    <p data-testid="site-last">
      Last published <time dateTime={at}>{dayAndTime(when)}</time> <span className="muted">({timeAgo(when, now)})</span>
    </p>
  );
}

/** "Publish standings after round N": the standings players' phones and the site show. */
function PublishStandings({ state, readOnly }: { state: EventState; readOnly: boolean }) {
  const dispatch = useStation((s) => s.dispatch);
  const [busy, setBusy] = useState(false);
  const round = finishedRound(state);
  const final = round !== null && playoffComplete(state);
  const published = state.publishedStandings;
  const publish = async (): Promise<void> => {
    if (round === null) return;
    setBusy(true);
    try {
      await dispatch({ type: 'publish-standings', round }, `${final ? 'Final standings' : `Standings after round ${round}`} published: players’ phones and the site show them`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="publish-standings">
      <button type="button" onClick={() => void publish()} disabled={busy || readOnly || round === null || round === published} data-testid="publish-standings">
        {round === null ? 'Publish standings' : final ? 'Publish final standings' : `Publish standings after round ${round}`}
      </button>
      <p className="muted" data-testid="standings-published">
        {round === null
          ? 'Standings are published after a round once every table has its result.'
          : published === undefined
            ? 'Players’ phones and the site show no standings yet.'
            : final && published === round
              ? 'Players’ phones and the site show the final standings.'
              : `Players’ phones and the site show the standings after round ${published}.`}
      </p>
    </div>
  );
}

/** The panel. */
export function PublishPanel() {
  const snapshot = useStation((s) => s.snapshot);
  const connection = useStation((s) => s.connection);
  const toast = useStation((s) => s.toast);
  const caller = useCaller((s) => s.caller);
  const { status, problem: statusProblem, refresh } = useSiteStatus();
  const [folder, setFolder] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** The host asks first: the folder holds another event's site or files Podium did not write. */
  const [replacing, setReplacing] = useState<{ words: string; params: { folder?: string; auto?: boolean }; done: (folder: string) => string } | null>(null);

  // The folder box shows the host's folder until the scorekeeper types another.
  const remembered = status?.folder ?? '';
  const [typed, setTyped] = useState(false);
  useEffect(() => {
    if (!typed) setFolder(remembered);
  }, [remembered, typed]);

  const state = snapshot?.state;
  if (caller !== null && !isLocalStation(caller)) return null;
  if (!state || !connection) return null;
  const readOnly = !!snapshot?.summary?.readOnly;

  const publish = async (params: { folder?: string; auto?: boolean; replace?: boolean }, done: (folder: string) => string): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await connection.api.publishSite(params);
      setTyped(false);
      setReplacing(null);
      toast(done(result.folder));
    } catch (error) {
      setReplacing(null);
      if ((error as { code?: unknown } | null)?.code === 'site-folder-taken') setReplacing({ words: errorWords(error), params, done });
      else setProblem(errorWords(error));
    } finally {
      setBusy(false);
      refresh();
    }
  };
  const wanted = folder.trim();
  const chosen = wanted && wanted !== remembered ? { folder: wanted } : {};
  const publishNow = (): void => void publish(chosen, (to) => `Published the event site to ${to}`);
  const setAuto = (auto: boolean): void =>
    void publish({ ...chosen, auto }, (to) =>
      auto ? `Published the event site to ${to}; it is published again after each pairing and standings` : `Published the event site to ${to}; it is no longer published by itself`,
    );
  const shownProblem = problem ?? status?.problem?.message ?? statusProblem;

  return (
    <section className="publish-panel" aria-labelledby="publish-title" data-testid="publish-panel">
      <h2 id="publish-title">Publish the event</h2>
      <p className="muted">
        A web page of the event (pairings by name and by table, when the round ends, published standings, the playoff) written into a folder, for any
        web host or synced folder to serve. The station never needs the internet for it.
      </p>
      <form
        className="publish-folder"
        onSubmit={(e) => {
          e.preventDefault();
          publishNow();
        }}
      >
        <label htmlFor="publish-folder">Folder</label>
        <input
          id="publish-folder"
          type="text"
          value={folder}
          onChange={(e) => {
            setTyped(true);
            setFolder(e.target.value);
          }}
          placeholder="A full path, such as /home/me/event-site"
          spellCheck={false}
          autoComplete="off"
          data-testid="publish-folder"
        />
        <button type="submit" className="primary" disabled={busy || wanted === ''} data-testid="publish-now">
          Publish now
        </button>
      </form>
      <label className="publish-auto">
        <input
          type="checkbox"
          role="switch"
          checked={status?.auto ?? false}
          disabled={busy || !status || (wanted === '' && !status.folder)}
          onChange={(e) => setAuto(e.target.checked)}
          data-testid="publish-auto"
        />
        <span>Re-publish after each pairing and standings</span>
      </label>
      <p className="muted publish-hint">Also when the round clock starts or changes, so the page says when the round ends. A failed publish never stops the event.</p>
      {status && <LastPublished at={status.lastPublishedAt} />}
      {shownProblem && (
        <p className="problem banner" role="alert" data-testid="publish-problem">
          {shownProblem}
        </p>
      )}
      <PublishStandings state={state} readOnly={readOnly} />
      {replacing && (
        <ConfirmDialog
          title="Replace what is in this folder?"
          confirm="Publish there, replacing it"
          busy={busy}
          onCancel={() => setReplacing(null)}
          onConfirm={() => void publish({ ...replacing.params, replace: true }, replacing.done)}
        >
          <p data-testid="publish-replace-words">{replacing.words}</p>
          <p className="muted">Files of other names in the folder stay as they are. From then on the folder is this event’s site.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/**
 * A failed automatic publish, said where the scorekeeper looks (the station's header): nothing
 * while the site is fine; on a new failure, a problem toast too.
 */
export function SiteNotice() {
  const caller = useCaller((s) => s.caller);
  const toast = useStation((s) => s.toast);
  const { status } = useSiteStatus();
  const told = useRef<string | null>(null);
  const problem = status?.problem ?? null;
  useEffect(() => {
    if (!problem || told.current === problem.at) return;
    told.current = problem.at;
    toast(problem.message, { kind: 'problem' });
  }, [problem, toast]);
  if ((caller !== null && !isLocalStation(caller)) || !problem) return null;
  return (
    <p className="problem banner site-notice" role="status" data-testid="site-notice">
      {problem.message}
    </p>
  );
}
