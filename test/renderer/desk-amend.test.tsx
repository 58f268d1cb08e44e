// @vitest-environment jsdom
/**
 * A second desk's result that clashes with one entered elsewhere, against the real in-process host
 * with the window connected as Desk 2: the host refuses in words ("Table 3 was entered at … by the
 * head-judge station — amend it?"), the entry panel turns into the amend form once the other
 * result arrives, and the scorekeeper can leave it with nothing saved — Cancel, or Escape — the
 * cursor back in the table box.
 */
import 'fake-indexeddb/auto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Caller } from '../../core/api/roles.js';
import { createMemoryChannelPair, createRpcClient, serveRpc } from '../../core/api/rpc.js';
import type { NewCommand } from '../../core/event/commands.js';
import { createHostServices } from '../../electron/host/host.js';
import type { StationService } from '../../electron/host/station-service.js';
import { App } from '../../renderer/App.js';
import { useCaller } from '../../renderer/store/caller.js';
import { FloorConnection } from '../support/floor-connection.js';
import { resetStation } from '../support/renderer-host.js';

const DESK_2: Caller = { kind: 'device', id: 'desk-2', name: 'Desk 2', role: 'station' };
const NAMES = ['Ana Archer', 'Bo Brandt', 'Chloé Dubois', "Dara O'Neill", 'Eitan Levi', 'Fumiko Sato', 'Gus Pereira', 'Hana Novak'];
const SOON = { timeout: 5000 };

let dataDir: string;
let service: StationService;
let connection: FloorConnection;
let stopRpc: () => void;

beforeEach(async () => {
  resetStation('results');
  useCaller.setState({ caller: null });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'podium-desk-amend-'));
  service = createHostServices({ dataDir, station: 'head-desk', printer: async () => ({ pdfBase64: '', pages: 1, fileName: 'x.pdf' }) });
  const [host, desk] = createMemoryChannelPair();
  stopRpc = serveRpc(service, host, { caller: DESK_2 });
  connection = Object.assign(new FloorConnection(createRpcClient(desk)), { device: { remembered: { id: 'desk-2', name: 'Desk 2', role: 'station' as const } } });
  await service.createEvent({ name: 'Friday Modern', ruleset: 'mtr', settings: {}, seed: 1 });
  for (const [i, name] of NAMES.entries()) await run({ type: 'register-player', player: { id: `p${i + 1}`, name }, draw: i });
  await run({ type: 'pair-round', round: 1, stage: 'swiss', tables: [1, 2, 3, 4].map((t) => ({ table: t, seats: [`p${2 * t - 1}`, `p${2 * t}`] })), byes: [], seed: 1 } as NewCommand);
});

afterEach(async () => {
  cleanup();
  stopRpc();
  await service.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

async function run(command: NewCommand): Promise<void> {
  await service.dispatch({ command });
}

async function results(): Promise<number> {
  const answer = await service.query({ kind: 'journal' });
  return answer.kind === 'journal' ? answer.entries.filter((e) => e.command.type === 'record-result').length : -1;
}

/** Desk 2 types table 3's result while the head-judge station enters it, and is refused; the other result then arrives. */
async function clash(user: ReturnType<typeof userEvent.setup>): Promise<HTMLInputElement> {
  const box = (await screen.findByTestId('table-box', {}, SOON)) as HTMLInputElement;
  await user.click(box);
  await user.keyboard('3{Enter}');
  await user.keyboard('2-0');
  connection.holdEntries();
  await run({ type: 'record-result', round: 1, table: 3, result: { games: [0, 2, 0] } } as NewCommand);
  await user.keyboard('{Enter}');
  const verdict = screen.getByTestId('verdict');
  await waitFor(() => expect(within(verdict).getByRole('alert').textContent).toMatch(/^Table 3 was entered at \d{1,2}:\d{2}.* by the head-judge station — amend it\?/), SOON);
  connection.releaseEntries();
  await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: /Amend a result/ })).toBeTruthy(), SOON);
  return box;
}

describe('Desk 2’s amend form after a clash', () => {
  it('Escape leaves it with nothing saved, the cursor back in the table box', async () => {
    const user = userEvent.setup();
    render(<App connection={connection} view="station" />);
    const box = await clash(user);
    await user.click(screen.getByRole('textbox', { name: /Reason for the change/ }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(box.value).toBe(''));
    expect(document.activeElement).toBe(box);
    expect(screen.queryByRole('textbox', { name: /Reason for the change/ })).toBeNull();
    expect(within(screen.getByTestId('entry')).queryByRole('alert')).toBeNull();
    expect(await results()).toBe(1);
    expect(service.current()?.state.rounds[0]?.tables[2]?.result).toEqual({ games: [0, 2, 0] });
  });

  it('Cancel does the same, and says it keeps the result', async () => {
    const user = userEvent.setup();
    render(<App connection={connection} view="station" />);
    const box = await clash(user);
    const cancel = screen.getByTestId('entry-cancel');
    expect(cancel.textContent).toBe('Cancel — keep the result');
    await user.click(cancel);
    await waitFor(() => expect(box.value).toBe(''));
    expect(document.activeElement).toBe(box);
    expect(screen.queryByTestId('entry-cancel')).toBeNull();
    expect(await results()).toBe(1);
  });
});
