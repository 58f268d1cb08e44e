/** Start screen — being built. */
export function StartScreen() {
  return <section className="card"><h2>Start</h2><p className="notice">Coming in this release.</p></section>;
}
