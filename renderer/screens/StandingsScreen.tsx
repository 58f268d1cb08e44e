/** Standings screen — being built. */
export function StandingsScreen() {
  return <section className="card"><h2>Standings</h2><p className="notice">Coming in this release.</p></section>;
}
