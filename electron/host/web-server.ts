/**
 * Browser mode's server: HTTP on 127.0.0.1 only, serving the built renderer (the station at `/`,
 * the projector at `/projector`, the player page at `/p`) with a strict CSP, the StationApi over
 * WebSocket at `/rpc`, and the players' published view at `/public` (public-door.ts: no key).
 * Requests whose Host is not this machine are refused (no DNS rebinding).
 *
 * The station key: the one it is given (browser mode keeps one across launches, station-key.ts)
 * or a fresh one, and `/rpc` refuses any connection without it; a new key closes the windows that
 * still hold the old one. The address to open carries it (`/?key=…`, as Jupyter's `?token=`); the
 * page keeps it and takes it out of the address bar (renderer/api/index.ts). The pages
 * and their scripts are served without the key: they hold no event data (everything of the event
 * comes over `/rpc`), and a page opened without the key must still be able to say so in words.
 * A plain `GET /rpc?key=…` answers 204 or 403 in words, so a page can tell "refused" from "host
 * gone" (a browser's WebSocket does not say why a connection failed).
 *
 * This is the local door only. The venue network's listeners on the LAN address (venue-network.ts,
 * lan-door.ts) are other servers on the same port, where the station key means nothing.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { HostApi } from '../../core/api/contract.js';
import { PUBLIC_SOCKET_PATH } from '../../core/public/types.js';
import { listen } from './listen.js';
import { refuseLocalPhone, refusePhoneUpgrade, type PublicDoor } from './public-door.js';
import { contentSecurityPolicy, securityHeaders, serveStatic } from './static-files.js';
import {
  attachWebSocketRpc,
  createStationKey,
  isLoopbackHost,
  KEY_PARAM,
  refuseKey,
  RPC_PATH,
  type DroppedConnection,
  type SendBufferOptions,
  type SendBufferStats,
} from './transport-ws.js';

export const DEFAULT_PORT = 5719;
export const LOOPBACK = '127.0.0.1';

export interface WebServerOptions {
  api: HostApi;
  /** The built renderer (dist/renderer). */
  rendererDir: string;
  /** Wanted port (0 = any free port). When it is taken, a free port is used instead. */
  port?: number;
  /** The station key `/rpc` requires (default: a fresh random one for this launch). */
  key?: string;
  onRefused?: (reason: string) => void;
  /** Told about every request over `/rpc` refused before it reached the api (not a valid request). */
  onInvalidRequest?: (method: string, reason: string) => void;
  /** Every connection's send buffer (defaults in transport-ws.ts). */
  sendBuffer?: SendBufferOptions;
  /** Told about a window dropped for being over its send buffer (it reconnects by itself). */
  onDropped?: (dropped: DroppedConnection) => void;
  /**
   * The players' door: `/public` answers without the station key, for the projector's
   * player page and tests on this machine (the Host and Origin checks stay).
   */
  phones?: PublicDoor;
}

export interface WebServer {
  /** The server's address, without the key (`http://127.0.0.1:5719/`). */
  readonly url: string;
  readonly port: number;
  /** The station key now (browser mode keeps it across launches: station-key.ts). */
  readonly key: string;
  /**
   * Replace the station key: from now on only `key` opens `/rpc`, and every window still holding
   * the old one is closed (it then says in words what to do).
   */
  rotateKey(key: string): void;
  /** The address that opens a page with the key (`/` the station, `/projector`), to print or open. */
  keyedUrl(page?: string): string;
  /** True when the wanted port was taken and another one was used. */
  readonly portFallback: boolean;
  connections(): number;
  /** The send buffer of every open connection, by the host's own accounting. */
  sendBuffers(): SendBufferStats[];
  close(): Promise<void>;
}


/** `/public` on the local door: a loopback peer naming this machine, from a page of this server if from a page at all; no key. */
function publicSocket(phones: PublicDoor, port: number, onRefused?: (reason: string) => void) {
  return (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const refused = refuseLocalPhone(request, port);
    if (!refused) return phones.upgrade(request, socket, head, 'local');
    onRefused?.(refused);
    refusePhoneUpgrade(socket, '403 Forbidden', refused);
  };
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  let key = options.key ?? createStationKey();
  const phones = options.phones;
  let port = 0;
  const csp = (): string =>
    contentSecurityPolicy([RPC_PATH, PUBLIC_SOCKET_PATH].flatMap((socket) => [`ws://${LOOPBACK}:${port}${socket}`, `ws://localhost:${port}${socket}`]));

  const handle = (request: IncomingMessage, response: ServerResponse): void => {
    const headers = securityHeaders(csp());
    const plain = (status: number, text: string, extra: Record<string, string> = {}): void => {
      response.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra });
      response.end(`${text}\n`);
    };
    if (!isLoopbackHost(request.headers.host)) return plain(403, 'Podium answers only on this machine (127.0.0.1).');
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method not allowed.', { Allow: 'GET, HEAD' });
    if ((request.url ?? '').split('?')[0] === RPC_PATH) {
      const refused = refuseKey(request.url, key);
      if (refused) return plain(403, `Podium refused this connection: ${refused}.`);
      response.writeHead(204, { ...headers, 'Cache-Control': 'no-store' });
      return void response.end();
    }
    serveStatic(request, response, options.rendererDir, headers);
  };

  const server = createServer(handle);
  const wanted = options.port ?? DEFAULT_PORT;
  let portFallback = false;
  try {
    await listen(server, wanted, LOOPBACK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || wanted === 0) throw error;
    portFallback = true;
    await listen(server, 0, LOOPBACK);
  }
  const address = server.address();
  port = address && typeof address === 'object' ? address.port : wanted;
  const rpc = attachWebSocketRpc(server, options.api, {
    key,
    ...(options.onRefused ? { onRefused: options.onRefused } : {}),
    ...(options.onInvalidRequest ? { onInvalidRequest: options.onInvalidRequest } : {}),
    ...(options.sendBuffer ? { sendBuffer: options.sendBuffer } : {}),
    ...(options.onDropped ? { onDropped: options.onDropped } : {}),
    ...(phones ? { otherSockets: { [PUBLIC_SOCKET_PATH]: publicSocket(phones, port, options.onRefused) } } : {}),
  });
  const url = `http://${LOOPBACK}:${port}/`;

  return {
    url,
    port,
    get key() {
      return key;
    },
    rotateKey(next) {
      rpc.setKey(next);
      key = next;
    },
    keyedUrl: (page = '/') => `${url}${page.replace(/^\/+/, '')}?${KEY_PARAM}=${encodeURIComponent(key)}`,
    portFallback,
    connections: () => rpc.connections(),
    sendBuffers: () => rpc.sendBuffers(),
    async close() {
      await rpc.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
