/** Log screen — being built. */
export function LogScreen() {
  return <section className="card"><h2>Log</h2><p className="notice">Coming in this release.</p></section>;
}
