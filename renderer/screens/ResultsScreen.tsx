/** Results screen — being built. */
export function ResultsScreen() {
  return <section className="card"><h2>Results</h2><p className="notice">Coming in this release.</p></section>;
}
