/** Clock screen — being built. */
export function ClockScreen() {
  return <section className="card"><h2>Clock</h2><p className="notice">Coming in this release.</p></section>;
}
