/**
 * The station shell: the bar every screen shares (event, round, clock, outstanding tables, the one
 * primary action), the screen tabs, toasts with Undo, progress, and the keyboard shortcuts. The
 * screens live in screens/; the projector window draws ProjectorScreen only.
 *
 * On the venue network a page that joined as a device draws what its role does, once
 * the host said who it is (`whoami`): a display the projector, a judge the judge's screen, a second
 * station this station without what only the head-judge station may do (files, the venue network)
 * — each under a banner while it is offline. A device the scorekeeper removed is told so.
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { EventSummary } from '../core/api/contract.js';
import type { StationConnection } from './api/index.js';
import { HelpOverlay } from './components/HelpOverlay.js';
import { KeyRefused } from './components/StationKey.js';
import { NETWORK_SHORTCUT, SCREEN_KEYS } from './components/Shortcuts.js';
import { ACTION_SCREEN, currentRound, outstandingTables, primaryAction, roundsDecision, type PrimaryAction } from './lib/event.js';
import type { EventState } from '../core/model/types.js';
import { printDocument } from './components/PrintButton.js';
import { ClockScreen } from './screens/ClockScreen.js';
import { clockFace } from './screens/clock/display.js';
import { DeviceConnecting, DeviceRemoved, OfflineBanner } from './screens/device/DevicePages.js';
import { Outbox } from './components/Outbox.js';
import { JudgeScreen } from './screens/judge/JudgeScreen.js';
import { deviceLabel, NetworkButton, NetworkPanel } from './screens/network/NetworkPanel.js';
import { SiteNotice } from './screens/publish/PublishPanel.js';
import { LogScreen } from './screens/LogScreen.js';
import { PairingsScreen, proposePairing } from './screens/PairingsScreen.js';
import { PlayersScreen } from './screens/PlayersScreen.js';
import { PlayoffsScreen } from './screens/PlayoffsScreen.js';
import { ProjectorScreen } from './screens/ProjectorScreen.js';
import { ResultsScreen } from './screens/ResultsScreen.js';
import { StandingsScreen } from './screens/StandingsScreen.js';
import { StartScreen } from './screens/StartScreen.js';
import { attachCaller, isLocalStation, useCaller, useMayCall } from './store/caller.js';
import { useNetworkPanel } from './store/network-panel.js';
import { attachConnection, useStation, type ScreenId } from './store/station.js';

const SCREENS: Record<ScreenId, () => React.JSX.Element> = {
  players: PlayersScreen,
  pairings: PairingsScreen,
  results: ResultsScreen,
  standings: StandingsScreen,
  playoffs: PlayoffsScreen,
  clock: ClockScreen,
  log: LogScreen,
};

function ConnectionBadge() {
  const status = useStation((s) => s.status);
  const lost = useStation((s) => s.connectionLost);
  const transport = useStation((s) => s.connection?.transport);
  // Once the host was reached and then lost, say so steadily while it retries (the channel goes
  // back and forth between "connecting" and "disconnected"), until the station has the host's
  // state again.
  const shown = lost && status !== 'refused' ? 'lost' : status;
  const words = {
    connected: 'Connected',
    connecting: 'Connecting…',
    disconnected: 'Disconnected — retrying',
    lost: status === 'connected' ? 'Reconnected — catching up…' : 'Connection lost — reconnecting…',
    refused: 'Not connected: open the address Podium printed (it carries the station key)',
  }[shown];
  return (
    <span
      className={`badge badge-${shown === 'lost' ? 'disconnected badge-lost' : status}`}
      title={transport === 'ipc' ? 'Desktop app' : 'Browser mode'}
      data-testid="connection"
      data-status={shown}
      role={shown === 'lost' ? 'status' : undefined}
    >
      {words}
    </span>
  );
}

function ClockBadge() {
  const clock = useStation((s) => s.clock);
  const hasEvent = useStation((s) => !!s.snapshot?.state);
  // A finished round needs no clock: the bar already says "Round N · complete".
  if (!hasEvent || !clock || clock.round === null || clock.status === 'no-round' || clock.status === 'finished') return null;
  // The same words as the Clock screen and the projector (screens/clock/display.ts).
  const face = clockFace(clock);
  return (
    <span className={`clock-badge phase-${face.phase}${face.words.length > 8 ? ' long' : ''}`} data-testid="station-clock" title={face.detail ?? face.words}>
      {face.words}
    </span>
  );
}

/**
 * The primary button does what it says: pairs (the proposal and its check open; publishing still
 * asks once), publishes a waiting proposal (its confirmation), starts the round clock at the rule
 * set's length, posts the standings to players' phones and the site, prints them — each on the
 * screen where it is done.
 */
async function takeAction(state: EventState, action: PrimaryAction): Promise<void> {
  const store = useStation.getState();
  const final = (action.kind === 'standings' || action.kind === 'print-standings') && action.final && !!state.playoff;
  store.setScreen(final ? 'playoffs' : ACTION_SCREEN[action.kind]);
  if (action.kind === 'pair') {
    // A proposal already made for that round is kept.
    const kept = store.pairingProposal;
    const fresh = kept && kept.eventId === state.id && kept.roundsThen === state.rounds.length && !kept.replace;
    if (!fresh) void proposePairing('next');
  } else if (action.kind === 'publish') store.requestPublish();
  else if (action.kind === 'clock')
    await store.dispatch({ type: 'start-round-clock', round: action.round }, `Round ${action.round} clock started at the rule set’s length (change it on the Clock screen)`);
  else if (action.kind === 'standings')
    await store.dispatch(
      { type: 'publish-standings', round: action.round },
      action.final ? 'Final standings posted: players’ phones and the site show them' : `Standings after round ${action.round} posted: players’ phones and the site show them`,
    );
  else if (action.kind === 'print-standings') await printDocument({ doc: 'standings' });
}

function TopBar() {
  const snapshot = useStation((s) => s.snapshot);
  const setScreen = useStation((s) => s.setScreen);
  const state = snapshot?.state;
  const round = state ? currentRound(state) : undefined;
  const open = outstandingTables(round);
  // A read-only save has no next step here (the banner says why and what to do).
  const kept = useStation((s) => s.pairingProposal);
  const proposal = state && kept && kept.eventId === state.id && kept.roundsThen === state.rounds.length && !kept.replace && !kept.fix ? kept.round : undefined;
  const action = state && !snapshot?.summary?.readOnly ? primaryAction(state, proposal !== undefined ? { proposal } : {}) : null;
  // MTR 10.2: a variable number of rounds, once decided, beside the round.
  const decision = state ? roundsDecision(state) : null;
  const go = (): void => {
    if (action && state) void takeAction(state, action);
  };
  return (
    <header className="topbar">
      <div className="topbar-event">
        {/* A long name wraps onto a second line in a smaller size rather than being cut (1366×768). */}
        <h1 className={state && state.name.length > 36 ? 'long-name' : undefined} title={state?.name} data-testid="event-title">
          {state ? state.name : 'Podium'}
        </h1>
        {state && (
          <span className="topbar-round" data-testid="round">
            {round ? `${round.stage === 'playoff' ? 'Playoff round' : 'Round'} ${round.number}` : 'Registration'}
            {round && (open.length > 0 ? ` · ${open.length} outstanding` : ' · complete')}
            {decision && (
              <span title={decision.words} data-testid="rounds-decision">
                {' · '}
                {decision.short}
              </span>
            )}
          </span>
        )}
      </div>
      <ClockBadge />
      {action && (
        <button type="button" className="primary" onClick={go} data-testid="primary-action">
          {action.label}
        </button>
      )}
      <NetworkButton />
      <SiteNotice />
      <DeviceBadge />
      <ConnectionBadge />
    </header>
  );
}

/** A second station says which device it is ("Desk 2 (second station)"). */
function DeviceBadge() {
  const caller = useCaller((s) => s.caller);
  if (!caller || caller.kind !== 'device') return null;
  return (
    <span className="device-badge" data-testid="device-badge" title="This is a device on the venue network; the head-judge station keeps the event">
      {deviceLabel(caller)}
    </span>
  );
}

/** The screen tabs, and beside them the toasts: docked in the row, so an Undo never covers the screen. */
function Tabs() {
  const screen = useStation((s) => s.screen);
  const setScreen = useStation((s) => s.setScreen);
  return (
    <div className="tab-row">
      <nav className="tabs" aria-label="Screens">
        {SCREEN_KEYS.map((s) => (
          <button key={s.screen} type="button" className={screen === s.screen ? 'tab active' : 'tab'} aria-current={screen === s.screen ? 'page' : undefined} onClick={() => setScreen(s.screen)}>
            {s.label}
          </button>
        ))}
      </nav>
      <Toasts docked />
    </div>
  );
}

/**
 * Undo toasts and progress. With an event open they sit in the tab row, right of the tabs (only the
 * newest; all of them stay in the event log), so none covers what a screen shows at 1366×768 — the
 * bracket's Champion, a row's buttons; without one (the Start screen), at the bottom right.
 */
function Toasts({ docked = false }: { docked?: boolean }) {
  const toasts = useStation((s) => s.toasts);
  const dismiss = useStation((s) => s.dismiss);
  const undo = useStation((s) => s.undo);
  const progress = useStation((s) => s.progress);
  return (
    <div className={docked ? 'toasts docked' : 'toasts'} aria-live="polite" data-testid="toasts">
      {progress && (
        <div className="toast progress" role="status">
          <span className="spinner" aria-hidden="true" /> {progress}
        </div>
      )}
      {toasts.map((t) => (
        <div key={t.id} className={`toast ${t.kind}`} role={t.kind === 'problem' ? 'alert' : 'status'}>
          <span title={t.message}>{t.message}</span>
          {t.undoSeq !== undefined && (
            <button
              type="button"
              onClick={() => {
                dismiss(t.id);
                void undo(t.undoSeq as number);
              }}
            >
              Undo
            </button>
          )}
          <button type="button" className="quiet" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (element.tagName === 'INPUT' || element.tagName === 'TEXTAREA' || element.tagName === 'SELECT' || element.isContentEditable);
}

function useShortcuts(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      const store = useStation.getState();
      if (event.key === 'Escape' && store.helpOpen) {
        store.setHelpOpen(false);
        return;
      }
      if (event.altKey && !event.ctrlKey && !event.metaKey) {
        // Alt+N: the Venue network panel (the head-judge station only). By the key's place, so
        // a keyboard whose Alt+N types a letter (macOS) opens it too.
        if (event.code === NETWORK_SHORTCUT.code) {
          if (isLocalStation(useCaller.getState().caller)) {
            event.preventDefault();
            const panel = useNetworkPanel.getState();
            panel.setOpen(!panel.open);
          }
          return;
        }
        const target = SCREEN_KEYS.find((s) => s.key === event.key || event.code === `Digit${s.key}`);
        if (target && store.snapshot?.state) {
          event.preventDefault();
          store.setScreen(target.screen);
        }
        return;
      }
      if (isTyping(event.target) || event.ctrlKey || event.metaKey) return;
      if (event.key === '?') {
        event.preventDefault();
        store.setHelpOpen(!store.helpOpen);
      } else if (event.key === '/') {
        const search = document.querySelector<HTMLInputElement>('[data-search]');
        if (search) {
          event.preventDefault();
          search.focus();
          search.select();
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/**
 * The sticky head's height as --station-head (CSS), for what sticks below it (the standings
 * breakdown): it changes with the event name's lines and the window's width.
 */
function useStationHeadHeight(): RefObject<HTMLDivElement | null> {
  const head = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = head.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => document.documentElement.style.setProperty('--station-head', `${Math.ceil(element.getBoundingClientRect().height)}px`));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return head;
}

/** Why nothing can be changed in this save, and what to do about it. */
function ReadOnlyBanner({ summary }: { summary: EventSummary }) {
  const run = useStation((s) => s.run);
  const toast = useStation((s) => s.toast);
  const mayTakeOver = useMayCall('takeOverEvent');
  if (summary.readOnlyReason === 'locked') {
    const gone = summary.heldBy?.gone ?? false;
    const takeOver = async (): Promise<void> => {
      const snapshot = await run('Taking over the save…', (api) => api.takeOverEvent());
      if (!snapshot) return;
      useStation.setState({ snapshot });
      toast('This station now writes to the save');
    };
    return (
      <div className="notice banner-info locked-banner" role="status" data-testid="locked-banner">
        <p>
          {gone ? (
            <>
              The other Podium has let go of this save. Take over to go on entering results here (the save is read again first, so nothing it wrote is
              missed).
            </>
          ) : (
            <>
              This save is {summary.heldBy?.description ?? 'open for writing in another Podium'}. Only one Podium may write to a save, so it is shown here
              read-only. Close it there to take over here.
            </>
          )}
        </p>
        {mayTakeOver && (
          <button type="button" className={gone ? 'primary' : ''} disabled={!gone} onClick={() => void takeOver()} data-testid="take-over">
            Take over
          </button>
        )}
      </div>
    );
  }
  const words = {
    damaged: 'This save is damaged and open read-only: nothing can be changed. Use “Save a repaired copy” on the Players screen to continue from the last good line.',
    migrated: 'This save has an older format and is open read-only. Use “Save a repaired copy” on the Players screen to continue in the current format.',
    'no-permission':
      'This save is on a read-only disk or in a file Podium may not write to, so it is open read-only (the save itself is fine). Use “Save a copy” on the Players screen to continue somewhere writable.',
  }[summary.readOnlyReason ?? 'damaged'];
  return (
    <p className={summary.readOnlyReason === 'no-permission' ? 'notice banner-info' : 'problem banner'} role="alert">
      {words}
    </p>
  );
}

function Station() {
  const snapshot = useStation((s) => s.snapshot);
  const screen = useStation((s) => s.screen);
  const networkPanelOpen = useNetworkPanel((s) => s.open);
  const local = useCaller((s) => isLocalStation(s.caller));
  useShortcuts();
  const head = useStationHeadHeight();
  const Screen = SCREENS[screen];
  const hasEvent = !!snapshot?.state;
  return (
    <div className="station">
      <div className="station-head" ref={head}>
        <TopBar />
        {hasEvent && <Tabs />}
      </div>
      <main className={hasEvent ? 'screen' : 'screen start'}>
        {snapshot?.summary?.readOnly && <ReadOnlyBanner summary={snapshot.summary} />}
        {/* What was typed here while offline: waiting to send, then its outcome (store/outbox.ts). */}
        <Outbox show={(place) => place === screen} />
        {hasEvent ? <Screen /> : <StartScreen />}
      </main>
      {!hasEvent && <Toasts />}
      <HelpOverlay />
      {networkPanelOpen && local && <NetworkPanel />}
    </div>
  );
}

/**
 * A page that joined the venue network as a device: what its role does, once the host has said
 * who it is; the removed-device page when the host refuses its token.
 */
function DeviceApp({ connection }: { connection: StationConnection }) {
  const caller = useCaller((s) => s.caller);
  const status = useStation((s) => s.status);
  const remembered = connection.device?.remembered ?? null;
  if (status === 'refused') return <DeviceRemoved device={caller?.kind === 'device' ? caller : remembered} />;
  if (!caller) return <DeviceConnecting device={remembered} />;
  // A display is the projector (with its own "Connection lost" mark); the judge's screen says itself that it is offline.
  if (caller.kind === 'device' && caller.role === 'display') return <ProjectorScreen />;
  if (caller.kind === 'device' && caller.role === 'judge') return <JudgeScreen />;
  return (
    <>
      <OfflineBanner />
      <Station />
    </>
  );
}

export function App({ connection, view }: { connection: StationConnection; view: 'station' | 'projector' }) {
  useEffect(() => attachConnection(connection), [connection]);
  useEffect(() => attachCaller(connection), [connection]);
  useEffect(
    () =>
      connection.onMenu((command) => {
        const store = useStation.getState();
        // The desktop menu's Print: the document the floor needs on this screen (its primary Print
        // button, else its first one); on screens without one, the pairings board.
        if (command === 'print' && store.snapshot?.state) {
          const button = document.querySelector<HTMLButtonElement>('button.primary[data-print]') ?? document.querySelector<HTMLButtonElement>('button[data-print]');
          if (button) button.click();
          else store.setScreen('pairings');
        }
      }),
    [connection],
  );
  if (view === 'projector') return connection.device ? <ProjectorScreen /> : <LocalWindow view="projector" />;
  return connection.device ? <DeviceApp connection={connection} /> : <LocalWindow view="station" />;
}

/** The station's own window (the station or the projector): refused by the host, it says why and what to do. */
function LocalWindow({ view }: { view: 'station' | 'projector' }) {
  const refused = useStation((s) => s.status === 'refused');
  if (refused) return <KeyRefused view={view} />;
  return view === 'projector' ? <ProjectorScreen /> : <Station />;
}
