/**
 * The player page (1 and the phone half of 2): one question per screen — "Find me" first,
 * then my table; pairings, standings and the bracket behind a bottom tab bar; reporting and
 * confirming a result from the table's code. It shows only what the published view holds, says
 * plainly when it is offline, and speaks the rule set's words (the view's `event.words`; the rule
 * set's code comes with the result screens, loaded when wanted: flows-loader.tsx) without ever asking
 * which rule set it shows.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { PublicPlayer, PublicView } from '../../core/public/types.js';
import { usePrefetchFlows, WithFlows } from './flows-loader.js';
import { FindMe, Pairings } from './Lists.js';
import { ClaimOffer, claimFromCard, claimsOn } from './claim-offer.js';
import { dropHeldSlip, rememberClaim, rememberCode, rememberedClaim, rememberedMe, rememberMe, type Claim, type KeyValue, type TableCode } from './memory.js';
import { MyTable } from './MyTable.js';
import type { PublicClient } from './public-client.js';
import type { Talk } from './Report.js';
import { placeOf, playersById, slipWords } from './view.js';

// The standings and the bracket are behind their tabs: loaded when a tab is touched (Published.tsx, in later.ts).
const loadPublished = (): Promise<typeof import('./later.js')> => import('./later.js');
const Standings = lazy(() => loadPublished().then((m) => ({ default: m.Standings })));
const Bracket = lazy(() => loadPublished().then((m) => ({ default: m.Bracket })));

/** What the page needs of its connection (PublicClient; tests may give a fake). */
export type PlayerClient = Pick<PublicClient, 'subscribe' | 'getState' | 'request' | 'hostNow'>;

export interface PlayerAppProps {
  client: PlayerClient;
  store: KeyValue;
  /** The table and code a slip's QR code opened the page with: straight to reporting once found. */
  slip?: TableCode | null;
  /** The personal code a player card's QR code opened the page with: this phone claims that player once the event is known. */
  claimCode?: string | null;
  /** How often the clock is redrawn (ms). */
  everyMs?: number;
}

type Tab = 'me' | 'pairings' | 'standings' | 'bracket';
type Flow = 'table' | 'report' | 'confirm';

/** The host's time, redrawn every `everyMs` (and whenever a tick moves the offset). */
function useHostNow(client: PlayerClient, everyMs: number): number {
  const [, setBeat] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setBeat((n) => n + 1), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return client.hostNow();
}

function Banner({ status }: { status: 'connecting' | 'online' | 'offline' }) {
  if (status === 'online') return null;
  return (
    <p className={`pl-banner ${status}`} role="status" data-testid="connection">
      {status === 'offline' ? 'Offline — reconnecting…' : 'Connecting…'}
    </p>
  );
}

function TabBar({ tab, setTab, bracket }: { tab: Tab; setTab(tab: Tab): void; bracket: boolean }) {
  const tabs: [Tab, string][] = [['me', 'Me'], ['pairings', 'Pairings'], ['standings', 'Standings'], ...(bracket ? ([['bracket', 'Bracket']] as [Tab, string][]) : [])];
  return (
    <nav className="pl-tabs" aria-label="Screens" onPointerDown={() => void loadPublished()}>
      {tabs.map(([id, label]) => (
        <button key={id} type="button" className="pl-tab" aria-current={tab === id ? 'page' : undefined} onClick={() => setTab(id)}>
          {label}
        </button>
      ))}
    </nav>
  );
}

interface MeProps {
  view: PublicView;
  me: PublicPlayer | null;
  flow: Flow;
  setFlow(flow: Flow): void;
  choose(player: PublicPlayer | null): void;
  talk: Talk;
  now: number;
  notice: string | null;
  setNotice(notice: string | null): void;
  /** This phone claimed `me` (it holds the token). */
  claimed: boolean;
  onClaimed(claim: Claim): void;
}

function MeScreen({ view, me, flow, setFlow, choose, talk, now, notice, setNotice, claimed, onClaimed }: MeProps) {
  const place = me ? placeOf(view.round, me.id) : null;
  const table = place?.kind === 'table' ? place.table : null;
  // A table still to be decided, and reporting on: the result screens are fetched in the background.
  usePrefetchFlows(!!table && !table.result && view.selfReports !== 'off');
  if (!me)
    return (
      <>
        {notice && <p className="pl-warning" data-testid="notice">{notice}</p>}
        {claimsOn(view) && (
          <>
            <ClaimOffer talk={talk} onClaimed={onClaimed} />
          </>
        )}
        <FindMe view={view} choose={choose} />
      </>
    );
  const round = view.round?.number ?? 0;
  const back = (
    <button type="button" className="pl-link pl-back" onClick={() => setFlow('table')}>
      ← My table
    </button>
  );
  if (table && flow === 'report' && !table.result && view.selfReports !== 'off')
    return (
      <section aria-label="Report the result">
        {back}
        <WithFlows>
          {({ Report, rulesetOf }) => (
            <Report
              key={`${round}-${table.table}`}
              view={view}
              ruleset={rulesetOf(view.event.ruleset)}
              table={table}
              me={me.id}
              talk={talk}
              onSent={(accepted) => {
                setNotice(accepted ? 'Your result was recorded.' : null);
                setFlow(accepted ? 'table' : 'confirm');
              }}
              onPending={() => setFlow('confirm')}
            />
          )}
        </WithFlows>
      </section>
    );
  if (table && flow === 'confirm' && view.selfReports !== 'off')
    return (
      <section aria-label="Confirm the result">
        {back}
        <WithFlows>
          {({ Confirm, rulesetOf }) => <Confirm key={`${round}-${table.table}`} view={view} ruleset={rulesetOf(view.event.ruleset)} table={table} me={me.id} talk={talk} />}
        </WithFlows>
      </section>
    );
  return (
    <MyTable
      view={view}
      me={me}
      now={now}
      notice={notice}
      notMe={() => choose(null)}
      claimed={claimed}
      claimBox={claimsOn(view) && !claimed ? <ClaimOffer talk={talk} onClaimed={onClaimed} compact /> : null}
      report={() => setFlow('report')}
      confirm={() => setFlow('confirm')}
    />
  );
}

/**
 * A slip's QR code (held since the page opened). Once the view says which event and round are on,
 * its code is kept for that event if the slip is of this round (never offered in another event);
 * a slip of another round says so at once. Once the player is known: a slip of another table says
 * so; their own goes straight to reporting (or confirming) that table. Returns what to say, if anything.
 */
function useSlip(view: PublicView | null, me: PublicPlayer | null, slip: TableCode | null | undefined, store: KeyValue, setFlow: (flow: Flow) => void): string | null {
  const [bound, setBound] = useState(false);
  const [done, setDone] = useState(false);
  const [words, setWords] = useState<string | null>(null);
  useEffect(() => {
    if (bound || !slip || !view?.round) return;
    setBound(true);
    dropHeldSlip(store);
    if (slip.round === view.round.number) rememberCode(store, view.event.id, slip);
    else setWords(slipWords(slip, view.round, null));
  }, [bound, slip, view, store]);
  useEffect(() => {
    if (done || !bound || !slip || !view?.round || !me) return;
    setDone(true);
    if (slip.round !== view.round.number) return;
    const place = placeOf(view.round, me.id);
    const problem = slipWords(slip, view.round, place);
    if (problem || place.kind !== 'table') return setWords(problem);
    if (place.table.result || view.selfReports === 'off') return;
    setFlow(place.table.reportPending ? 'confirm' : 'report');
  }, [done, bound, slip, view, me, setFlow]);
  return words;
}

/**
 * A player card's QR code (held since the page opened): once the view says which event is open, the
 * phone claims the card's player — unless it already holds a claim in this event. Returns what to say.
 */
function useClaimCode(view: PublicView | null, code: string | null | undefined, talk: Talk, onClaimed: (claim: Claim) => void): string | null {
  const [done, setDone] = useState(false);
  const [words, setWords] = useState<string | null>(null);
  useEffect(() => {
    if (done || !code || !view) return;
    setDone(true);
    void claimFromCard(view, code, talk).then((answer) => (answer.ok ? onClaimed(answer.claim) : setWords(answer.message)));
  }, [done, code, view, talk, onClaimed]);
  return words;
}

export function PlayerApp({ client, store, slip, claimCode, everyMs = 1000 }: PlayerAppProps) {
  const state = useSyncExternalStore(client.subscribe, client.getState);
  const now = useHostNow(client, everyMs);
  const [tab, setTab] = useState<Tab>('me');
  const [flow, setFlow] = useState<Flow>('table');
  const [notice, setNotice] = useState<string | null>(null);
  const [, setChosen] = useState(0);
  const view = state.view;
  const claim = view ? rememberedClaim(store, view.event.id) : null;
  // A claimed phone is its player's, whatever was found by name before.
  const rememberedId = view ? (claim?.player ?? rememberedMe(store, view.event.id)) : null;
  const me = view && rememberedId ? (playersById(view).get(rememberedId) ?? null) : null;
  const slipNotice = useSlip(view, me, slip, store, setFlow);
  useEffect(() => {
    if (view) document.title = `${view.event.name} — Podium`;
  }, [view]);
  // One object for the page's life: the Confirm screen asks the host again whenever `talk` changes,
  // and the page redraws every second (the clock) — a new one each render meant a `look` a second.
  const talk = useMemo<Talk>(() => ({ request: (ask) => client.request(ask), store }), [client, store]);
  const onClaimed = useCallback(
    (made: Claim): void => {
      const eventId = client.getState().view?.event.id;
      if (!eventId) return;
      rememberClaim(store, eventId, made);
      rememberMe(store, eventId, made.player);
      const name = client.getState().view?.players.find((p) => p.id === made.player)?.name ?? 'your player';
      setNotice(`This phone is now ${name}’s.`);
      setFlow('table');
      setTab('me');
      setChosen((n) => n + 1);
    },
    [client, store],
  );
  const cardNotice = useClaimCode(view, claimCode, talk, onClaimed);
  if (!view)
    return (
      <div className="pl-page">
        <Banner status={state.status === 'online' && !state.noEvent ? 'connecting' : state.status} />
        <p className="pl-big-words pl-waiting" data-testid="waiting">
          {state.noEvent ?? (state.status === 'offline' ? 'This phone cannot reach the event yet.' : 'Loading the event…')}
        </p>
      </div>
    );
  const choose = (player: PublicPlayer | null): void => {
    rememberMe(store, view.event.id, player?.id ?? null);
    setFlow('table');
    setNotice(null);
    setChosen((n) => n + 1);
  };
  const pick = (next: Tab): void => {
    if (next === 'me') setFlow('table');
    setTab(next);
  };
  const shownTab = tab === 'bracket' && !view.bracket ? 'me' : tab;
  return (
    <div className="pl-page">
      <header className="pl-header">
        <h1>{view.event.name}</h1>
      </header>
      <Banner status={state.status} />
      <main className="pl-main">
        {shownTab === 'me' && <MeScreen view={view} me={me} flow={flow} setFlow={setFlow} choose={choose} talk={talk} now={now} notice={notice ?? cardNotice ?? slipNotice} setNotice={setNotice} claimed={!!claim && claim.player === me?.id} onClaimed={onClaimed} />}
        {shownTab === 'pairings' && <Pairings view={view} me={me?.id ?? null} />}
        <Suspense fallback={<p className="pl-waiting">Loading…</p>}>
          {shownTab === 'standings' && <Standings view={view} me={me?.id ?? null} />}
          {shownTab === 'bracket' && <Bracket view={view} me={me?.id ?? null} />}
        </Suspense>
      </main>
      <TabBar tab={shownTab} setTab={pick} bracket={!!view.bracket && view.bracket.length > 0} />
    </div>
  );
}
