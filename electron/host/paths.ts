/**
 * Where the station keeps its own files (recent events, window positions, the default events
 * folder). The Electron shell and browser mode use the same folder, so both see the same recent
 * events: it is what Electron calls userData for an app named "Podium".
 */
import os from 'node:os';
import path from 'node:path';

export const APP_NAME = 'Podium';

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.PODIUM_DATA_DIR) return path.resolve(env.PODIUM_DATA_DIR);
  const home = os.homedir();
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), APP_NAME);
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', APP_NAME);
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), APP_NAME);
}

/** The name written into every journal line this station appends. */
export function stationName(): string {
  return os.hostname() || 'station';
}
