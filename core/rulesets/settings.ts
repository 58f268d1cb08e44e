/**
 * Settings every rule set reads the same way: the defaults they share (each rule set names only
 * where it differs) and a patch checked by the command schema, laid over a rule set's defaults.
 */
import { settingsPatchSchema } from '../event/commands.js';
import { checkAnnouncement } from './announced-rounds.js';
import { fail } from '../model/errors.js';
import type { Settings, SettingsInput } from '../model/types.js';
import { zodMessage } from '../model/zod-words.js';

/** Individual players at Regular REL, one game to win, late entries with losses. */
export const SHARED_DEFAULTS: Settings = {
  rel: 'regular',
  gamesToWin: 1,
  format: 'constructed',
  teamSize: 1,
  twoHeadedGiant: false,
  pairWithinDraftPods: true,
  lateEntryRecord: 'loss',
  releaseWeekend: false,
  podSize: 4,
  balanceSeats: false,
};

/** `input` checked field by field and laid over `defaults`; PodiumError('invalid-settings') in words. */
export function settingsOver(defaults: Settings, input: SettingsInput): Settings {
  const parsed = settingsPatchSchema.safeParse(input);
  if (!parsed.success) fail('invalid-settings', zodMessage(parsed.error, 'setting', { at: ' ', root: '?' }));
  const settings: Record<string, unknown> = { ...defaults, ...parsed.data };
  // null takes a setting back to none (swissRounds: the recommendation; variableRounds: a fixed number).
  for (const [key, value] of Object.entries(settings)) if (value === null) delete settings[key];
  const merged = settings as unknown as Settings;
  checkAnnouncement(merged);
  return merged;
}
