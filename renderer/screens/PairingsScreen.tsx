/** Pairings screen — being built. */
export function PairingsScreen() {
  return <section className="card"><h2>Pairings</h2><p className="notice">Coming in this release.</p></section>;
}
