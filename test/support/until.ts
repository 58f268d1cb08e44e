/**
 * The one way a test waits for something that happens by itself (a push, a file, a socket): check
 * `condition` now and again — every `everyMs`, or whenever `subscribe` says something changed —
 * until it holds; fail naming `what` after `timeoutMs` (a guard against a hang, never a wait for time
 * to pass).
 */
export interface UntilOptions {
  timeoutMs?: number;
  everyMs?: number;
  /** Re-check on each change this reports instead of polling (e.g. a zustand store's subscribe). */
  subscribe?: (changed: () => void) => () => void;
}

export async function until(condition: () => boolean | Promise<boolean>, what: string, options: UntilOptions = {}): Promise<void> {
  const { timeoutMs = 10_000, everyMs = 5, subscribe } = options;
  if (await condition()) return;
  const deadline = Date.now() + timeoutMs;
  if (subscribe) {
    await new Promise<void>((resolve, reject) => {
      const guard = setTimeout(() => {
        stop();
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      const stop = subscribe(() => {
        void Promise.resolve(condition()).then((holds) => {
          if (!holds) return;
          clearTimeout(guard);
          stop();
          resolve();
        });
      });
    });
    return;
  }
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
