/**
 * What the host sends every phone when the public view changes: an RFC 6902 patch from the view it
 * has to the new one (a result is a few hundred bytes), or the whole view when that is smaller (a
 * new round) or the phone's view is of another event. Made once per change, sent to every phone.
 * fast-json-patch: the common, tested implementation of RFC 6902 (compare here, applyPatch on the
 * phone).
 *
 * Pure: no I/O.
 */
import fastJsonPatch from 'fast-json-patch';
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
  const push: PublicPush = { type: 'patch', from: before.version, to: after.version, ops: fastJsonPatch.compare(before, after) };
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
  try {
    const copy = fastJsonPatch.deepClone(view) as PublicView;
    return { ...fastJsonPatch.applyPatch(copy, push.ops as fastJsonPatch.Operation[], true, true).newDocument, version: push.to };
  } catch {
    return null;
  }
}
