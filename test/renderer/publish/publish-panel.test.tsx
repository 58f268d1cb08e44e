// @vitest-environment jsdom
/**
 * The Publish panel (renderer/screens/publish/PublishPanel.tsx) against the real
 * station service and journal store in a temp folder, behind the in-memory RPC pair: the folder,
 * "Publish now", the switch that re-publishes after each pairing and standings, when it was last
 * published, the problem in words when the folder is gone (the event goes on), and "Publish
 * standings after round N", which players' phones and the site then show. Nothing of it on a
 * device.
 */
import 'fake-indexeddb/auto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { act, cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Table } from '../../../core/model/types.js';
import { PublishPanel, SiteNotice } from '../../../renderer/screens/publish/PublishPanel.js';
import { useCaller } from '../../../renderer/store/caller.js';
import { attachConnection, useStation } from '../../../renderer/store/station.js';
import { resetStation, startRendererHost, type RendererHost } from '../../support/renderer-host.js';
import { Builder } from '../event-builders.js';

configure({ asyncUtilTimeout: 8000 });

let host: RendererHost;
let b: Builder;
let detach: () => void;
let siteRoot: string;
let siteDir: string;

beforeEach(async () => {
  resetStation('standings');
  useCaller.setState({ caller: null, supportLog: null });
  host = await startRendererHost();
  b = new Builder(host);
  siteRoot = await mkdtemp(path.join(os.tmpdir(), 'podium-publish-panel-'));
  siteDir = path.join(siteRoot, 'event-site');
});

afterEach(async () => {
  cleanup();
  detach?.();
  await host.close();
  await rm(siteRoot, { recursive: true, force: true });
});

async function show(): Promise<void> {
  detach = attachConnection(host.connection);
  render(
    <>
      <SiteNotice />
      <PublishPanel />
    </>,
  );
  await screen.findByTestId('publish-panel');
}

const page = (): Promise<string> => readFile(path.join(siteDir, 'index.html'), 'utf8');
const winsAll = (table: Table): Record<string, unknown> => (table.seats.length === 2 ? { games: [2, 0, 0] } : {});

describe('the Publish panel', () => {
  it('publishes to the folder typed, re-publishes by itself when switched on, and publishes standings after the finished round', async () => {
    await b.create('mtr', 8);
    await b.pairSwiss();
    await show();
    const user = userEvent.setup();
    expect(await screen.findByTestId('site-last')).toHaveProperty('textContent', 'Not published yet.');
    expect((screen.getByTestId('publish-now') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('publish-auto') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('publish-standings') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('standings-published').textContent).toBe('Standings are published after a round once every table has its result.');

    await mkdir(siteDir);
    await user.type(screen.getByTestId('publish-folder'), siteDir);
    await user.click(screen.getByTestId('publish-now'));
    await waitFor(() => expect(screen.getByTestId('site-last').textContent).toMatch(/^Last published .*\(now\)$/));
    expect(await page()).toContain('Round 1 — pairings by name');
    expect(useStation.getState().toasts.map((t) => t.message)).toContain(`Published the event site to ${siteDir}`);
    expect((await host.connection.api.siteStatus()).folder).toBe(siteDir);

    // On: published now and after each pairing and standings.
    const auto = screen.getByTestId('publish-auto') as HTMLInputElement;
    expect(auto.disabled).toBe(false);
    await user.click(auto);
    await waitFor(() => expect((screen.getByTestId('publish-auto') as HTMLInputElement).checked).toBe(true));
    expect((await host.connection.api.siteStatus()).auto).toBe(true);

    await act(async () => void (await b.finishRound(winsAll)));
    const standings = await screen.findByRole('button', { name: 'Publish standings after round 1' });
    expect(screen.getByTestId('standings-published').textContent).toBe('Players’ phones and the site show no standings yet.');
    await user.click(standings);
    await waitFor(() => expect(useStation.getState().snapshot?.state?.publishedStandings).toBe(1));
    await waitFor(() => expect(screen.getByTestId('standings-published').textContent).toBe('Players’ phones and the site show the standings after round 1.'));
    expect((screen.getByTestId('publish-standings') as HTMLButtonElement).disabled).toBe(true);
    // The site followed by itself.
    await waitFor(async () => expect(await page()).toContain('Standings after round 1'));
  });

  it('says in words why the site was not published, and the event goes on', async () => {
    await b.create('mtr', 8);
    await host.connection.api.publishSite({ folder: siteRoot, auto: true });
    await show();
    await waitFor(() => expect(screen.getByTestId('publish-folder')).toHaveProperty('value', siteRoot));
    await waitFor(() => expect((screen.getByTestId('publish-auto') as HTMLInputElement).checked).toBe(true));
    expect(screen.queryByTestId('site-notice')).toBeNull();

    await rm(siteRoot, { recursive: true, force: true });
    await act(async () => void (await b.pairSwiss()));
    expect(useStation.getState().snapshot?.state?.rounds).toHaveLength(1);
    const problem = await screen.findByTestId('publish-problem');
    expect(problem.textContent).toMatch(/^The event site was not published after the last change: cannot publish the site to .*: there is no such folder .*The event goes on as usual/);
    expect((await screen.findByTestId('site-notice')).textContent).toBe(problem.textContent);
    expect(useStation.getState().toasts.some((t) => t.kind === 'problem' && t.message === problem.textContent)).toBe(true);
    expect(existsSync(siteRoot)).toBe(false);

    // Publishing by hand to a folder that is not there: refused in words, here.
    const user = userEvent.setup();
    await user.click(screen.getByTestId('publish-now'));
    await waitFor(() => expect(screen.getByTestId('publish-problem').textContent).toMatch(/^Cannot publish the site to .*there is no such folder/));
  });

  it('asks before publishing over another event’s site, and replaces it only when confirmed', async () => {
    await b.create('mtr', 8);
    await mkdir(siteDir);
    await host.connection.api.publishSite({ folder: siteDir });
    const first = await page();
    await host.connection.api.createEvent({ name: 'Saturday Open', ruleset: 'mtr', settings: {} });
    await show();
    const user = userEvent.setup();
    await user.type(screen.getByTestId('publish-folder'), siteDir);
    await user.click(screen.getByTestId('publish-now'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Replace what is in this folder?');
    expect(screen.getByTestId('publish-replace-words').textContent).toMatch(/^.*event-site holds the site of another event, ".*": publishing "Saturday Open" there replaces it\. Confirm to replace it, or choose another folder\.$/);
    expect(screen.queryByTestId('publish-problem')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    expect(await page()).toBe(first);

    await user.click(screen.getByTestId('publish-now'));
    await user.click(await screen.findByTestId('confirm'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(await page()).toContain('Saturday Open');
    expect(useStation.getState().toasts.map((t) => t.message)).toContain(`Published the event site to ${siteDir}`);
  });

  it('shows nothing on a device that joined the venue network', async () => {
    await b.create('mtr', 4);
    useCaller.setState({ caller: { kind: 'device', id: 'd1', name: 'Judge Ana', role: 'judge' } });
    detach = attachConnection(host.connection);
    const { container } = render(
      <>
        <SiteNotice />
        <PublishPanel />
      </>,
    );
    await waitFor(() => expect(useStation.getState().snapshot?.state).toBeTruthy());
    expect(container.innerHTML).toBe('');
  });
});
