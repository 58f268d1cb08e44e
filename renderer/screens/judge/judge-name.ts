/**
 * The judge's own name on this phone, remembered between panels and visits (the page's storage),
 * for the deck checks they start and the penalties they give. The first time, a device the
 * scorekeeper named the join page's way ("Judge Ana") offers "Ana"; any other device name is not
 * taken for a person's (a "Floor 1" would end up in the penalty log as a judge).
 */
import type { Caller } from '../../../core/api/roles.js';

const JUDGE_NAME_KEY = 'podium-judge-name';

/** The name last used on this phone (none when storage is off). */
export function rememberedJudge(): string {
  try {
    return globalThis.localStorage?.getItem(JUDGE_NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberJudge(name: string): void {
  try {
    globalThis.localStorage?.setItem(JUDGE_NAME_KEY, name);
  } catch {
    // Storage off: the name is typed again next time.
  }
}

/** The remembered name, else the person a "Judge <name>" device is named after, else none. */
export function judgeNameFor(caller: Caller | null): string {
  const remembered = rememberedJudge();
  if (remembered !== '') return remembered;
  if (caller?.kind !== 'device') return '';
  const person = /^judge\s+(.+)$/i.exec(caller.name.trim())?.[1]?.trim() ?? '';
  return person;
}
