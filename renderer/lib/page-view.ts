/** Which page a path is (the host serves the one index.html for each): `/projector`, `/join`, else the station. */
export type PageView = 'station' | 'projector' | 'join';

export function pageView(pathname: string): PageView {
  const path = pathname.replace(/\/+$/, '');
  if (path.endsWith('/projector')) return 'projector';
  if (path.endsWith('/join')) return 'join';
  return 'station';
}
