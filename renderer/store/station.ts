/**
 * The station's view state (zustand): the last snapshot and clock the host pushed, the connection,
 * the current screen, and the routine-work helpers every screen uses — `dispatch` with an Undo
 * toast, and `run` for anything that may take a while (progress after half a second, errors in
 * words). Screens never talk to the host except through these and `api()`.
 */
import { create } from 'zustand';
import { clockView, type ClockView } from '../../core/clock/index.js';
import type { DispatchAck, NetworkStatus, StationApi, StationSnapshot } from '../../core/api/contract.js';
import { follow, newFollower, type FollowerEffect, type FollowerInput } from '../../core/api/follower.js';
import { stillWaiting } from './outbox.js';
import { sendCommand, type SendOptions, type SendOutcome } from './send.js';
import type { NewCommand } from '../../core/event/commands.js';
import type { PairingProposal } from '../../core/model/types.js';
import type { ConnectionStatus, StationConnection } from '../api/index.js';

export type ScreenId = 'players' | 'pairings' | 'results' | 'standings' | 'playoffs' | 'clock' | 'log';

/**
 * A pairing not yet published: the next round, a re-pair of the current round (`replace`), or new
 * seats for just the tables of the current round without a result (`fix`, a `fix-tables` command).
 */
export interface PendingProposal {
  /** The event it was made for, and how many rounds it had then (a change makes it stale). */
  eventId: string;
  roundsThen: number;
  round: number;
  replace: boolean;
  proposal: PairingProposal;
  /** Re-pairing the open tables only: the tables that change (their published numbers). */
  fix?: { tables: number[] };
}

export interface Toast {
  id: number;
  message: string;
  /** Journal entry an Undo button reverts. */
  undoSeq?: number;
  kind: 'info' | 'problem';
}

export interface StationStore {
  connection: StationConnection | null;
  status: ConnectionStatus;
  /** The event as the host last described it: a snapshot, kept current by folding each pushed journal entry. */
  snapshot: StationSnapshot | null;
  /** The venue network (the head-judge station only: devices never hear of it). */
  network: NetworkStatus | null;
  clock: ClockView | null;
  /** Host time minus local time at the last clock push, so local redraws stay in step. */
  clockSkewMs: number;
  /**
   * The host was reached, then lost, and what is shown has not been refreshed since: every window
   * says so ("Connection lost"), and meanwhile the clock counts on here from the last event state
   * and the host's time (the same computation the host makes), until the host's own ticks return.
   */
  connectionLost: boolean;
  screen: ScreenId;
  /**
   * The unpublished pairing proposal of the Pairings screen (with its pairing check), kept here so
   * that it survives switching screens; dropped once the rounds change under it.
   */
  pairingProposal: PendingProposal | null;
  setPairingProposal(proposal: PendingProposal | null): void;
  /** The top bar's "Publish round N" was pressed: the Pairings screen asks to publish its proposal, once. */
  publishRequested: boolean;
  requestPublish(requested?: boolean): void;
  toasts: Toast[];
  /** Long work in progress, in words ("Pairing round 4…"), shown after half a second. */
  progress: string | null;
  helpOpen: boolean;
  setScreen(screen: ScreenId): void;
  setHelpOpen(open: boolean): void;
  toast(message: string, options?: { undoSeq?: number; kind?: Toast['kind'] }): void;
  dismiss(id: number): void;
  /**
   * Append a command; on success an Undo toast (when `done` is given); on failure a problem toast.
   * Clock commands and results go without a time: the host stamps `at` with its own clock.
   * Offline, it waits to send (listed on the screen it was typed on: store/outbox.ts).
   */
  dispatch(command: NewCommand, done?: string): Promise<DispatchAck | null>;
  /**
   * Send a command, or several as one batch, through store/send.ts (a client command id, resent
   * under it, waiting offline), with when it was typed on the host's clock; `place` defaults to
   * the screen shown. Nothing else is said: the caller shows the outcome.
   */
  send(sending: NewCommand | readonly NewCommand[], options?: SendOptions): Promise<SendOutcome>;
  /** Run host work with progress and errors in words; resolves null when it failed. */
  run<T>(label: string, work: (api: StationApi) => Promise<T>): Promise<T | null>;
  undo(seq: number): Promise<void>;
}

let nextToast = 1;
const TOAST_MS = 6000;
const PROGRESS_AFTER_MS = 500;

export const useStation = create<StationStore>((set, get) => ({
  connection: null,
  status: 'connecting',
  snapshot: null,
  network: null,
  clock: null,
  clockSkewMs: 0,
  connectionLost: false,
  screen: 'players',
  pairingProposal: null,
  setPairingProposal: (pairingProposal) => set({ pairingProposal }),
  publishRequested: false,
  requestPublish: (requested = true) => set({ publishRequested: requested }),
  toasts: [],
  progress: null,
  helpOpen: false,
  setScreen: (screen) => set({ screen }),
  setHelpOpen: (helpOpen) => set({ helpOpen }),
  toast(message, options = {}) {
    const toast: Toast = { id: nextToast++, message, kind: options.kind ?? 'info', ...(options.undoSeq !== undefined ? { undoSeq: options.undoSeq } : {}) };
    set({ toasts: [...get().toasts.slice(-3), toast] });
    setTimeout(() => get().dismiss(toast.id), toast.kind === 'problem' ? TOAST_MS * 2 : TOAST_MS);
  },
  dismiss: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
  async send(sending, options = {}) {
    const connection = get().connection;
    if (!connection) return { kind: 'offline', message: 'Not sent: this window is not connected to the station host.' };
    return sendCommand(connection, sending, { place: get().screen, typedAt: Date.now() + get().clockSkewMs, ...options });
  },
  async dispatch(command, done) {
    // One id for every sending of this command: after a dropped connection it is sent again, and
    // the host writes it once (store/send.ts).
    if (!get().connection) return null;
    let waiting = false;
    const timer = setTimeout(() => {
      if (!waiting) set({ progress: 'Saving…' });
    }, PROGRESS_AFTER_MS);
    let outcome: SendOutcome;
    try {
      outcome = await get().send(command, {
        onWaiting: () => {
          waiting = true;
          if (get().progress === 'Saving…') set({ progress: null });
        },
      });
    } finally {
      clearTimeout(timer);
      if (get().progress === 'Saving…') set({ progress: null });
    }
    if (outcome.kind !== 'saved') {
      get().toast(outcome.message, { kind: 'problem' });
      return null;
    }
    const ack: DispatchAck = outcome.duplicate ? { seq: outcome.seq, duplicate: true } : { seq: outcome.seq };
    if (done) get().toast(done, { undoSeq: ack.seq });
    return ack;
  },
  async run(label, work) {
    const connection = get().connection;
    if (!connection) return null;
    const timer = setTimeout(() => set({ progress: label }), PROGRESS_AFTER_MS);
    try {
      return await work(connection.api);
    } catch (error) {
      get().toast(error instanceof Error ? error.message : String(error), { kind: 'problem' });
      return null;
    } finally {
      clearTimeout(timer);
      if (get().progress === label) set({ progress: null });
    }
  },
  async undo(seq) {
    const ack = await get().run('Undoing…', (api) => api.undo({ seq }));
    if (ack) get().toast('Undone (it stays in the event log)');
  },
}));

/** The API of the current connection (screens call it through `run` for errors and progress). */
export function api(): StationApi {
  const connection = useStation.getState().connection;
  if (!connection) throw new Error('not connected to the station host');
  return connection.api;
}

/** The clock's unit: the host ticks at whole seconds (electron/host/clock-service.ts). */
const SECOND = 1000;

/**
 * Draw the clock of the event this window holds at the host's second `at` (the host pushes only
 * the time; every window computes the same view from the same state). No event: no clock.
 */
function drawClock(at: number): void {
  const state = useStation.getState().snapshot?.state;
  if (!state) {
    if (useStation.getState().clock !== null) useStation.setState({ clock: null });
    return;
  }
  try {
    useStation.setState({ clock: clockView(state, at) });
  } catch {
    // Nothing better to show than the last view.
  }
}

/** The host's current whole second, as this window knows it (its own time plus the skew measured at the last tick). */
function hostSecond(): number {
  return Math.floor((Date.now() + useStation.getState().clockSkewMs) / SECOND) * SECOND;
}

/**
 * While the host is out of reach, count the clock on here: `clockView` of the last event state at
 * the host's time (local time + the skew measured at the last push), at each whole host second —
 * what the host would have pushed. Returns a stop function.
 */
function countLocally(): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const step = (): void => {
    const { clockSkewMs, clock } = useStation.getState();
    const hostNow = Date.now() + clockSkewMs;
    const at = Math.floor(hostNow / SECOND) * SECOND;
    if (!clock || at > clock.now) drawClock(at);
    timer = setTimeout(step, SECOND - (hostNow % SECOND) + 20);
  };
  step();
  return () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}

/** Wire a connection into the store: pushes, status, and a first snapshot. */
export function attachConnection(connection: StationConnection): () => void {
  useStation.setState({ connection, status: connection.status(), connectionLost: false });
  let wasConnected = connection.status() === 'connected';
  /** Counting the clock here (from the loss of the host until its first tick after it is back). */
  let stopCounting: (() => void) | null = null;
  const stopLocalClock = (): void => {
    stopCounting?.();
    stopCounting = null;
  };
  // The copy of the event, kept by core's follower (core/api/follower.ts); this runs its asks.
  let follower = newFollower();
  const feed = (input: FollowerInput): void => {
    const step = follow(follower, input);
    const before = follower.snapshot;
    follower = step.follower;
    if (follower.snapshot !== before) useStation.setState({ snapshot: follower.snapshot });
    for (const effect of step.effects) run(effect);
  };
  const run = (effect: FollowerEffect): void => {
    if (effect.type === 'ask-journal') {
      connection.api
        .query({ kind: 'journal', from: effect.from })
        .then((answer) => feed(answer.kind === 'journal' ? { type: 'journal', entries: answer.entries } : { type: 'failed' }))
        .catch(() => feed({ type: 'failed' }));
      return;
    }
    connection.api
      .snapshot()
      .then((snapshot) => {
        feed({ type: 'snapshot', snapshot });
        // Either way the window shows what the host has now.
        if (connection.status() === 'connected') useStation.setState({ connectionLost: false });
        // A host back without an event sends no clock: nothing left to count.
        if (!useStation.getState().snapshot?.state) stopLocalClock();
      })
      .catch(() => undefined);
  };
  const stopPushes = connection.api.subscribe((push) => {
    if (push.type === 'state' || push.type === 'entries') feed({ type: 'push', push });
    else if (push.type === 'network') {
      useStation.setState({ network: push.status });
    } else if (push.type === 'clock') {
      stopLocalClock(); // the host's own time again
      useStation.setState({ clockSkewMs: push.now - Date.now() });
      drawClock(push.now);
    } else {
      // The host's own progress (opening a large save): "Opening friday.podium… 42 %".
      const percent = push.total > 0 ? Math.floor((push.done * 100) / push.total) : 100;
      useStation.setState({ progress: push.finished ? null : `${push.label}… ${percent} %` });
    }
  });
  const stopStatus = connection.onStatus((status) => {
    useStation.setState({ status });
    if (status === 'connected') {
      wasConnected = true;
      feed({ type: 'connected' });
    } else if (wasConnected) {
      // The host is gone (a crash, a restart, a dropped window): say so, and keep the clock going.
      if (!useStation.getState().connectionLost) useStation.setState({ connectionLost: true });
      if (!stopCounting) stopCounting = countLocally();
    }
  });
  // A change redraws the clock at the last second the host ticked (or this window's best guess of
  // it), after the change itself is on screen: the result first, the clock's counts a moment later.
  let redraw: ReturnType<typeof setTimeout> | null = null;
  const stopRedraws = useStation.subscribe((now, before) => {
    if (now.snapshot === before.snapshot || redraw !== null) return;
    redraw = setTimeout(() => {
      redraw = null;
      drawClock(useStation.getState().clock?.now ?? hostSecond());
    }, 0);
  });
  feed({ type: 'connected' });
  // Closing the page with commands still waiting to send would lose them: the browser asks first.
  const warnBeforeClosing = (event: Event): void => {
    if (stillWaiting() > 0) event.preventDefault();
  };
  globalThis.addEventListener?.('beforeunload', warnBeforeClosing);
  return () => {
    globalThis.removeEventListener?.('beforeunload', warnBeforeClosing);
    stopPushes();
    stopStatus();
    stopRedraws();
    if (redraw !== null) clearTimeout(redraw);
    stopLocalClock();
  };
}
