/**
 * The WebSocket transport, host side (browser mode and tests): the RPC protocol of core/api/rpc.ts
 * as JSON text frames on `/rpc` of an HTTP server bound to 127.0.0.1. Each connection gets its own
 * RpcChannel served by serveRpc (which validates every request) and receives every push.
 *
 * Guarding the door: only loopback peers; the Host header must name a loopback host (no DNS
 * rebinding); a browser's Origin must be this very server (a page from any other site or port
 * is refused); frames are size-limited; anything that is not JSON is dropped.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { StationApi } from '../../core/api/contract.js';
import { serveRpc, type RpcChannel } from '../../core/api/rpc.js';

export const RPC_PATH = '/rpc';
const MAX_FRAME_BYTES = 16 * 1024 * 1024;

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** A Host header naming this machine's loopback interface (any port). */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  try {
    return LOOPBACK_NAMES.has(new URL(`http://${host}`).hostname) || isLoopbackAddress(new URL(`http://${host}`).hostname);
  } catch {
    return false;
  }
}

/** A browser Origin that is a page of this server (http, loopback host, our port). */
export function isOwnOrigin(origin: string, port: number): boolean {
  try {
    const url = new URL(origin);
    const urlPort = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
    return url.protocol === 'http:' && isLoopbackHost(url.host) && urlPort === port;
  } catch {
    return false;
  }
}

/** Why an upgrade request must be refused, or null. */
export function refuseUpgrade(request: IncomingMessage, port: number): string | null {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return 'not a loopback peer';
  if (!isLoopbackHost(request.headers.host)) return `Host ${JSON.stringify(request.headers.host ?? '')} is not this machine`;
  const origin = request.headers.origin;
  // Browsers always send an Origin; local non-browser clients (tests, tools) send none.
  if (origin !== undefined && !isOwnOrigin(origin, port)) return `Origin ${origin} is not this station`;
  return null;
}

/** One connection as an RpcChannel (JSON text frames). */
export function webSocketChannel(socket: WebSocket): RpcChannel {
  const handlers = new Set<(message: unknown) => void>();
  socket.on('message', (data, isBinary) => {
    if (isBinary) return;
    let message: unknown;
    try {
      message = JSON.parse(data.toString());
    } catch {
      return;
    }
    for (const handler of [...handlers]) handler(message);
  });
  return {
    send(message) {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
    onMessage(handler) {
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
      };
    },
  };
}

export interface WebSocketRpc {
  /** Open connections. */
  connections(): number;
  close(): Promise<void>;
}

/** Serve `api` over WebSocket on `server`'s RPC_PATH. */
export function attachWebSocketRpc(
  server: Server,
  api: StationApi,
  options: { onRefused?: (reason: string) => void } = {},
): WebSocketRpc {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  const port = (): number => {
    const address = server.address();
    return address && typeof address === 'object' ? address.port : 0;
  };
  const refuse = (socket: Duplex, status: string, reason: string): void => {
    options.onRefused?.(reason);
    socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: text/plain\r\n\r\n${reason}\n`);
    socket.destroy();
  };
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const pathname = (request.url ?? '').split('?')[0];
    if (pathname !== RPC_PATH) return refuse(socket, '404 Not Found', `no WebSocket endpoint at ${pathname}`);
    const refused = refuseUpgrade(request, port());
    if (refused) return refuse(socket, '403 Forbidden', refused);
    wss.handleUpgrade(request, socket, head, (ws) => {
      const stop = serveRpc(api, webSocketChannel(ws));
      ws.on('close', stop);
      ws.on('error', () => ws.terminate());
    });
  };
  server.on('upgrade', onUpgrade);
  return {
    connections: () => wss.clients.size,
    close: () =>
      new Promise<void>((resolve) => {
        server.off('upgrade', onUpgrade);
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}
