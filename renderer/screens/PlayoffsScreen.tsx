/** Playoffs screen — being built. */
export function PlayoffsScreen() {
  return <section className="card"><h2>Playoffs</h2><p className="notice">Coming in this release.</p></section>;
}
