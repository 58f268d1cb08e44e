/**
 * An in-process station host for renderer component tests: the real station service over the real
 * journal store in a temp folder, reached through the in-memory RPC pair — the same protocol the
 * WebSocket and IPC transports carry. `connection` plugs straight into the renderer's store.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createMemoryChannelPair, createRpcClient, serveRpc } from '../../core/api/rpc.js';
import { createHostServices } from '../../electron/host/host.js';
import type { SupportLog } from '../../electron/host/log.js';
import type { StationService } from '../../electron/host/station-service.js';
import type { StationConnection } from '../../renderer/api/index.js';
import { useStation, type ScreenId } from '../../renderer/store/station.js';

export interface RendererHost {
  connection: StationConnection;
  service: StationService;
  dataDir: string;
  close(): Promise<void>;
}

/** `log`: the host's support log for its station folder (default none). */
export async function startRendererHost(options: { log?: (dataDir: string) => SupportLog } = {}): Promise<RendererHost> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'podium-ui-'));
  const service = createHostServices({ dataDir, station: 'test-station', ...(options.log ? { log: options.log(dataDir) } : {}) });
  const [host, renderer] = createMemoryChannelPair();
  const stop = serveRpc(service, host);
  const api = createRpcClient(renderer);
  const connection: StationConnection = {
    api,
    transport: 'websocket',
    status: () => 'connected',
    onStatus: () => () => undefined,
    onMenu: () => () => undefined,
  };
  return {
    connection,
    service,
    dataDir,
    async close() {
      stop();
      await service.closeEvent().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The renderer's store as a fresh window has it, on `screen` (between component tests). */
export function resetStation(screen: ScreenId): void {
  useStation.setState({ connection: null, status: 'connecting', snapshot: null, clock: null, screen, pairingProposal: null, toasts: [], progress: null, helpOpen: false });
}
