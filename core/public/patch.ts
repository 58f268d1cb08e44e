/**
 * What the host sends every phone when the public view changes: an RFC 6902 patch from the view it
 * has to the new one (a result is a few hundred bytes), or the whole view when that is smaller (a
 * new round) or the phone's view is of another event. Made once per change, sent to every phone.
 * The patch is made by `viewPatch`, which skips every part of the view that is the same object in
 * both (core/public/view.ts reuses a table, a player list, points and standings while their inputs
 * are the same objects), so a result costs the table it touched, not a walk of the whole view;
 * rfc6902 (maintained) applies it, on the phone and in the tests (`applyPublicPatch`).
 *
 * Pure: no I/O.
 */
import { applyPatch, type Operation } from 'rfc6902';
import type { PublicPush, PublicView } from './types.js';

/** Below this a patch is sent without weighing it against the whole view. */
const SMALL_PATCH_BYTES = 16 * 1024;

/** The push that takes a phone from `before` to `after`, serialised once for every phone. */
export function publicChange(before: PublicView | undefined, after: PublicView): { push: PublicPush; text: string } {
  const whole = (): { push: PublicPush; text: string } => {
    const push: PublicPush = { type: 'view', view: after };
    return { push, text: JSON.stringify(push) };
  };
  if (!before || before.event.id !== after.event.id) return whole();
  const push: PublicPush = { type: 'patch', from: before.version, to: after.version, ops: viewPatch(before, after) };
  const text = JSON.stringify(push);
  if (text.length <= SMALL_PATCH_BYTES) return { push, text };
  const view = whole();
  return view.text.length < text.length ? view : { push, text };
}

/**
 * A phone's view with a patch applied, at the patch's version (a copy: the view given is left as it
 * was), or null when the patch is not for it or does not apply (the phone then asks for the whole
 * view). The player page and the tests apply patches with this alone.
 */
export function applyPublicPatch(view: PublicView, push: Extract<PublicPush, { type: 'patch' }>): PublicView | null {
  if (push.from !== view.version) return null;
  const copy = JSON.parse(JSON.stringify(view)) as PublicView;
  try {
    const errors = applyPatch(copy, push.ops as Operation[]);
    return errors.every((error) => error === null) ? { ...copy, version: push.to } : null;
  } catch {
    return null;
  }
}

type Op = { op: 'add' | 'replace'; path: string; value: unknown } | { op: 'remove'; path: string };

/** A JSON pointer's segment (RFC 6901): "~" and "/" escaped. */
const segment = (key: string | number): string => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * The RFC 6902 operations that take `before` to `after` (JSON data: an undefined member counts as
 * absent), descending only where the two differ and skipping any part that is the same object in
 * both. Arrays are patched by position, shortened from the end.
 */
export function viewPatch(before: unknown, after: unknown, path = '', ops: Op[] = []): Op[] {
  if (before === after) return ops;
  if (!isContainer(before) || !isContainer(after) || Array.isArray(before) !== Array.isArray(after)) {
    ops.push({ op: 'replace', path, value: after });
    return ops;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const common = Math.min(before.length, after.length);
    for (let i = 0; i < common; i++) viewPatch(before[i], after[i], `${path}/${i}`, ops);
    for (let i = before.length - 1; i >= after.length; i--) ops.push({ op: 'remove', path: `${path}/${i}` });
    for (let i = before.length; i < after.length; i++) ops.push({ op: 'add', path: `${path}/${i}`, value: after[i] });
    return ops;
  }
  const from = before as Record<string, unknown>;
  const to = after as Record<string, unknown>;
  for (const key of Object.keys(from)) {
    if (from[key] === undefined) continue;
    if (!Object.hasOwn(to, key) || to[key] === undefined) ops.push({ op: 'remove', path: `${path}/${segment(key)}` });
    else viewPatch(from[key], to[key], `${path}/${segment(key)}`, ops);
  }
  for (const key of Object.keys(to)) {
    if (to[key] === undefined || (Object.hasOwn(from, key) && from[key] !== undefined)) continue;
    ops.push({ op: 'add', path: `${path}/${segment(key)}`, value: to[key] });
  }
  return ops;
}
