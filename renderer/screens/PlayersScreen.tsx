/** Players screen — being built. */
export function PlayersScreen() {
  return <section className="card"><h2>Players</h2><p className="notice">Coming in this release.</p></section>;
}
