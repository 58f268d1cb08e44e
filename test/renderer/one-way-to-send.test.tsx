// @vitest-environment jsdom
/**
 * One way to send (renderer/store/send.ts): every command from every window goes through it, with
 * a client command id (so a command sent again after a dropped connection is written once) — the
 * station's own result entry, the penalty form, the swap panel, the draft pods and a CSV import
 * included. Checked two ways: no screen calls the API's dispatch itself, and the draft pods, which
 * used to be one dispatch per player, go as one batch under one id.
 */
import 'fake-indexeddb/auto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StationApi } from '../../core/api/contract.js';
import { App } from '../../renderer/App.js';
import type { StationConnection } from '../../renderer/api/index.js';
import { resetStation, startRendererHost, type RendererHost } from '../support/renderer-host.js';

const RENDERER = path.resolve(import.meta.dirname, '../../renderer');

async function sources(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await sources(full)));
    else if (/\.tsx?$/.test(entry.name)) found.push(full);
  }
  return found;
}

let host: RendererHost;

beforeEach(async () => {
  resetStation('pairings');
  host = await startRendererHost();
});

afterEach(async () => {
  cleanup();
  await host.close();
});

/** The connection with every dispatch it makes recorded (its parameters as sent). */
function recorded(connection: StationConnection): { connection: StationConnection; calls: { method: string; params: Record<string, unknown> }[] } {
  const calls: { method: string; params: Record<string, unknown> }[] = [];
  const api = new Proxy(connection.api, {
    get(target, name) {
      const value = Reflect.get(target, name) as unknown;
      if ((name === 'dispatch' || name === 'dispatchBatch') && typeof value === 'function')
        return (params: Record<string, unknown>) => {
          calls.push({ method: name, params });
          return (value as (p: unknown) => Promise<unknown>)(params);
        };
      return value;
    },
  }) as StationApi;
  return { connection: { ...connection, api }, calls };
}

describe('one way to send', () => {
  it('no screen sends a command by itself: every dispatch goes through store/send.ts', async () => {
    const offenders: string[] = [];
    for (const file of await sources(RENDERER)) {
      if (file.endsWith(path.join('store', 'send.ts'))) continue;
      const text = await readFile(file, 'utf8');
      // A call of the API's own dispatch (`api.dispatch({ command … })`, `.dispatchBatch({ commands … })`).
      if (/\.dispatch(Batch)?\(\s*\{\s*commands?\b/.test(text)) offenders.push(path.relative(RENDERER, file));
    }
    expect(offenders).toEqual([]);
  });

  it('the draft pods are seated as one batch under one client command id, not a dispatch per player', async () => {
    const api = host.connection.api;
    await api.createEvent({ name: 'Draft Open', ruleset: 'mtr', settings: { format: 'draft' }, seed: 5 });
    await api.dispatchBatch({ commands: Array.from({ length: 10 }, (_, i) => ({ type: 'register-player' as const, player: { id: `p${i + 1}`, name: `Player ${i + 1}` }, draw: i + 1 })) });
    const { connection, calls } = recorded(host.connection);
    const user = userEvent.setup();
    render(<App connection={connection} view="station" />);
    await user.click(await screen.findByTestId('seat-draft-pods'));
    await waitFor(() => expect(calls).toHaveLength(1));
    const [call] = calls;
    expect(call?.method).toBe('dispatchBatch');
    expect(call?.params.commands).toHaveLength(10);
    expect(typeof call?.params.cid).toBe('string');
    expect(typeof call?.params.typedAt).toBe('string');
    await waitFor(async () => expect((await api.snapshot()).state?.players.every((p) => p.draftPod !== undefined)).toBe(true));
  });
});
