/** Projector screen — being built. */
export function ProjectorScreen() {
  return <section className="card"><h2>Projector</h2><p className="notice">Coming in this release.</p></section>;
}
