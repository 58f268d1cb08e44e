// @vitest-environment jsdom
/**
 * The station's help (`?`): the keyboard shortcuts, and where the support log is — the host tells
 * the local station with `whoami` (the same over IPC and the WebSocket); a host without a support
 * log (tests, the command line) leaves the help to say where it lives in the station folder.
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { noSupportLog, supportLogFile } from '../../electron/host/log.js';
import { App } from '../../renderer/App.js';
import { useCaller } from '../../renderer/store/caller.js';
import { resetStation, startRendererHost, type RendererHost } from '../support/renderer-host.js';

let host: RendererHost | undefined;

afterEach(async () => {
  cleanup();
  useCaller.setState({ caller: null, supportLog: null });
  await host?.close();
});

async function openHelp(options: { log: boolean }): Promise<HTMLElement> {
  resetStation('players');
  host = await startRendererHost(options.log ? { log: (dataDir) => ({ ...noSupportLog, file: supportLogFile(dataDir) }) } : {});
  const user = userEvent.setup();
  render(<App connection={host.connection} view="station" />);
  // The Start screen puts the cursor in the event name, where `?` is typed, not a shortcut.
  (await screen.findByTestId('event-name')).blur();
  await user.keyboard('?');
  return screen.getByRole('dialog', { name: 'Help' });
}

describe('the help', () => {
  it('shows the support log path the host gives the local station', async () => {
    const help = await openHelp({ log: true });
    const file = supportLogFile((host as RendererHost).dataDir);
    await within(help).findByText(file);
    expect(within(help).getByTestId('support-log-path').textContent).toBe(file);
    expect(within(help).getByRole('heading', { name: 'Support log' })).toBeTruthy();
    expect(help.textContent).toContain('Older ones are beside it (podium.1.log, podium.2.log, …).');
    // Still the shortcuts first.
    expect(within(help).getByText('Go to Players')).toBeTruthy();
  });

  it('says where the log is in the station folder when the host did not say', async () => {
    const help = await openHelp({ log: false });
    expect(within(help).getByTestId('support-log-path').textContent).toBe('It is logs/podium.log in the station folder (the host did not say where that is).');
  });
});
