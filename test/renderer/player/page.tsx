/**
 * The player page rendered against a fake `/public` host (support.ts): the real client with a
 * fake socket and hand-run timers, the phone's clock fixed (the host's comes with ticks).
 */
import { render, screen } from '@testing-library/react';
import type { PublicView } from '../../../core/public/types.js';
import type { TableCode } from '../../../renderer/player/memory.js';
import { PlayerApp } from '../../../renderer/player/PlayerApp.js';
import { PublicClient } from '../../../renderer/player/public-client.js';
import { FakeHost, handTimers, memoryStore, T0 } from './support.js';

export interface OpenOptions {
  store?: ReturnType<typeof memoryStore>;
  slip?: TableCode | null;
  /** The player this phone found before (remembered for the view's event). */
  me?: string;
}

export function openPage(view: PublicView, options: OpenOptions = {}) {
  const store = options.store ?? memoryStore();
  if (options.me) store.setItem(`podium.player.${view.event.id}.me`, options.me);
  const host = new FakeHost(view);
  const timers = handTimers();
  const client = new PublicClient({ url: 'ws://venue/public', createSocket: host.factory, timers, now: () => T0, watchdogTimers: null }); // (the watchdog: public-client.test.tsx)
  const rendered = render(<PlayerApp client={client} store={store} slip={options.slip ?? null} everyMs={3_600_000} />);
  return { host, timers, client, store, rendered };
}

/** Text without the isolation marks names are wrapped in. */
export function plain(text: string | null | undefined): string {
  return (text ?? '').replace(/[\u2066-\u2069]/g, '');
}

/** The page's text of a test id, without isolation marks. */
export async function textOf(testId: string): Promise<string> {
  return plain((await screen.findByTestId(testId)).textContent);
}
