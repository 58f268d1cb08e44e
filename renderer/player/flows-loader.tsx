/**
 * Loading the result screens (flows.tsx) when they are wanted: once, kept for the page's life; a
 * load that fails (the Wi-Fi dropped) is said in words with a way to try again, and never leaves
 * the page blank.
 */
import { useEffect, useState, type ReactNode } from 'react';

type Flows = typeof import('./flows.js');

let loading: Promise<Flows> | null = null;
let loaded: Flows | null = null;

/** Start loading the result screens (or join the load under way). */
export function loadFlows(): Promise<Flows> {
  loading ??= import('./flows.js').then(
    (flows) => (loaded = flows),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Load them in the background now, so that a tap on "Report the result" finds them ready. */
export function usePrefetchFlows(wanted: boolean): void {
  useEffect(() => {
    if (wanted && !loaded) loadFlows().catch(() => undefined);
  }, [wanted]);
}

/** The result screens, drawn by `children` once loaded; meanwhile, or when the load failed, words. */
export function WithFlows({ children }: { children: (flows: Flows) => ReactNode }) {
  const [flows, setFlows] = useState<Flows | null>(loaded);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (flows) return;
    let live = true;
    loadFlows().then(
      (done) => live && setFlows(done),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [flows, attempt]);
  if (flows) return <>{children(flows)}</>;
  if (!failed)
    return (
      <p className="pl-muted" role="status" data-testid="flows-loading">
        Loading the result form…
      </p>
    );
  return (
    <div className="pl-step">
      <p className="pl-problem" role="alert">
        This phone could not load the result form: check its Wi-Fi, then try again.
      </p>
      <button
        type="button"
        className="pl-secondary"
        onClick={() => {
          setFailed(false);
          setAttempt((n) => n + 1);
        }}
      >
        Try again
      </button>
    </div>
  );
}
