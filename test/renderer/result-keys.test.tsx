// @vitest-environment jsdom
/**
 * How a result is entered is said once (components/Shortcuts.ts RESULT_KEYS) and the same on the
 * Results screen, in the `?` help and in the README — and it is how entry works: table number,
 * Enter, result, Enter (Tab doing what the first Enter does), the cursor back in the table box.
 */
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../renderer/App.js';
import { RESULT_KEYS } from '../../renderer/components/Shortcuts.js';
import { useStation } from '../../renderer/store/station.js';
import { repoRoot } from '../support/paths.js';
import type { RendererHost } from '../support/renderer-host.js';
import { Builder, stationPerTest } from './event-builders.js';

/** A guard for the host's answer on a loaded machine, not a wait. */
const SOON = { timeout: 5000 };

let host: RendererHost;
let b: Builder;
stationPerTest((h, builder) => {
  host = h;
  b = builder;
});

describe('the result-entry keys', () => {
  it('README, the Results screen and the help say the same keys, and they work', async () => {
    expect(RESULT_KEYS).toBe('table number, Enter, result, Enter');
    expect(readFileSync(path.join(repoRoot, 'README.md'), 'utf8')).toContain(`results go in as *${RESULT_KEYS}*`);

    await b.create('mtr', 8);
    await b.pairSwiss();
    useStation.setState({ screen: 'results' });
    const user = userEvent.setup();
    render(<App connection={host.connection} view="station" />);
    expect((await screen.findByTestId('entry-keys')).textContent).toBe(`Keys: ${RESULT_KEYS} — the cursor comes back to the table box.`);

    // As said: table number, Enter, result, Enter.
    const box = screen.getByTestId('table-box');
    await waitFor(() => expect(document.activeElement).toBe(box), SOON);
    await user.keyboard('2{Enter}');
    await waitFor(() => expect(document.activeElement?.hasAttribute('data-result-field')).toBe(true), SOON);
    await user.keyboard('2-1{Enter}');
    await waitFor(async () => expect((await b.state()).rounds[0]!.tables[1]!.result).toEqual({ games: [2, 1, 0] }), SOON);
    await waitFor(() => expect(document.activeElement).toBe(box), SOON);
    // Tab does what the first Enter does.
    await user.keyboard('3{Tab}');
    await waitFor(() => expect(document.activeElement?.hasAttribute('data-result-field')).toBe(true), SOON);
    await user.keyboard('0-2{Enter}');
    await waitFor(async () => expect((await b.state()).rounds[0]!.tables[2]!.result).toEqual({ games: [0, 2, 0] }), SOON);

    // The help lists the same keys.
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('?');
    const help = screen.getByRole('dialog', { name: 'Help' });
    expect(within(help).getByText(`Results: ${RESULT_KEYS}`)).toBeTruthy();
  });
});
