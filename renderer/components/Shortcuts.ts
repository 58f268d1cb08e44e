/** Every keyboard shortcut of the station, listed once: the help overlay (?) reads this. */
import type { ScreenId } from '../store/station.js';

export const SCREEN_KEYS: { key: string; screen: ScreenId; label: string }[] = [
  { key: '1', screen: 'players', label: 'Players' },
  { key: '2', screen: 'pairings', label: 'Pairings' },
  { key: '3', screen: 'results', label: 'Results' },
  { key: '4', screen: 'standings', label: 'Standings' },
  { key: '5', screen: 'playoffs', label: 'Playoffs' },
  { key: '6', screen: 'clock', label: 'Clock' },
  { key: '7', screen: 'log', label: 'Event log' },
];

/** The Venue network panel (head-judge station only), by the key's place (KeyboardEvent.code). */
export const NETWORK_SHORTCUT = { keys: 'Alt+N', code: 'KeyN' } as const;

/**
 * How a result is entered, said the same on the Results screen, in this help and in the README:
 * the table box takes the number, Enter moves to the result, Enter records (Tab does as the first
 * Enter does), and the cursor comes back to the table box.
 */
export const RESULT_KEYS = 'table number, Enter, result, Enter';

export const SHORTCUTS: { keys: string; what: string }[] = [
  { keys: '/', what: 'Search (players, standings, log)' },
  { keys: '?', what: 'This help' },
  ...SCREEN_KEYS.map((s) => ({ keys: `Alt+${s.key}`, what: `Go to ${s.label}` })),
  { keys: NETWORK_SHORTCUT.keys, what: 'Venue network: turn it on, the address it listens on, join codes, devices (head-judge station)' },
  { keys: `Results: ${RESULT_KEYS}`, what: 'Enter a result; the cursor returns to the table box' },
  { keys: 'Esc', what: 'Close a dialog or this help' },
  { keys: 'Results: Esc', what: 'Cancel the table being entered or amended (nothing is saved); the cursor returns to the table box' },
];
