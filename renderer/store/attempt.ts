/**
 * The store's `run` for a screen that shows a refusal in place (under its form) rather than only in
 * a toast: the work's value, or the host's refusal in words, or null when there is no connection or
 * `run` already said what went wrong.
 */
import type { StationApi } from '../../core/api/contract.js';
import { useStation } from './station.js';

export async function attempt<T>(label: string, work: (api: StationApi) => Promise<T>): Promise<{ value: T } | { error: string } | null> {
  return useStation.getState().run(label, async (api): Promise<{ value: T } | { error: string }> => {
    try {
      return { value: await work(api) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  });
}
