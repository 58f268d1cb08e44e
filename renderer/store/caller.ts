/**
 * Who this window is to the host: the local station (the head-judge computer), or a
 * device that joined the venue network with a role. The host's `whoami` says so on every
 * (re)connection; screens ask `useMayCall` / `useMayDispatch` and hide what the role may not do,
 * by the same table the host refuses by (core/api/methods.ts).
 *
 * The head-judge station also learns the venue network's state here once it is connected (later
 * changes come as `network` pushes, which the station store folds in).
 */
import { create } from 'zustand';
import { mayCall as mayCallMethod, mayDispatch, type RequestMethod } from '../../core/api/methods.js';
import type { Caller } from '../../core/api/roles.js';
import type { StationConnection } from '../api/index.js';
import { useStation } from './station.js';

export interface CallerStore {
  /** What the host said at the last connection; null until it has answered. */
  caller: Caller | null;
  /** Where the host writes its support log (the local station's help shows it); null when it did not say. */
  supportLog: string | null;
}

export const useCaller = create<CallerStore>(() => ({ caller: null, supportLog: null }));

/**
 * May this window call `method`? Until the host has answered, a window that connects as the
 * station takes itself for the local station (a device window waits for the answer before it
 * shows anything).
 */
export function mayCall(caller: Caller | null, method: RequestMethod): boolean {
  return caller === null || mayCallMethod(caller, method);
}

export function useMayCall(method: RequestMethod): boolean {
  const caller = useCaller((s) => s.caller);
  return mayCall(caller, method);
}

/** May this window send commands of this type (judge devices send a few, displays none)? */
export function useMayDispatch(commandType: string): boolean {
  const caller = useCaller((s) => s.caller);
  return caller === null || mayDispatch(caller, commandType);
}

/** The local station: everything, the venue network included. */
export function isLocalStation(caller: Caller | null): boolean {
  return caller === null || caller.kind === 'local';
}

/**
 * Ask the host who this window is, now and at every reconnection (a device's role may have been
 * given again under a new join); the head-judge station then reads the venue network's state.
 * Returns a stop function.
 */
export function attachCaller(connection: StationConnection): () => void {
  let live = true;
  const ask = (): void => {
    connection.api
      .whoami()
      .then(({ caller, supportLog }) => {
        if (!live) return;
        useCaller.setState({ caller, supportLog: supportLog ?? null });
        if (caller.kind !== 'local') return;
        return connection.api.networkStatus().then(
          (network) => {
            if (live) useStation.setState({ network });
          },
          // No venue network on this host (the command line, tests): the station has no panel state.
          () => undefined,
        );
      })
      .catch(() => undefined); // not connected after all: asked again when it is
  };
  const stop = connection.onStatus((status) => {
    if (status === 'connected') ask();
  });
  if (connection.status() === 'connected') ask();
  return () => {
    live = false;
    stop();
  };
}
