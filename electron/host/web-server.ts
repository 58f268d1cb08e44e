/**
 * Browser mode's server: HTTP on 127.0.0.1 only, serving the built renderer (the station at `/`,
 * the projector at `/projector`) with a strict CSP, and the StationApi over WebSocket at `/rpc`.
 * Requests whose Host is not this machine are refused (no DNS rebinding).
 */
import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { StationApi } from '../../core/api/contract.js';
import { contentSecurityPolicy, contentType, resolveStatic, securityHeaders } from './static-files.js';
import { attachWebSocketRpc, isLoopbackHost, RPC_PATH } from './transport-ws.js';

export const DEFAULT_PORT = 5719;
export const LOOPBACK = '127.0.0.1';

export interface WebServerOptions {
  api: StationApi;
  /** The built renderer (dist/renderer). */
  rendererDir: string;
  /** Wanted port (0 = any free port). When it is taken, a free port is used instead. */
  port?: number;
  onRefused?: (reason: string) => void;
}

export interface WebServer {
  readonly url: string;
  readonly port: number;
  /** True when the wanted port was taken and another one was used. */
  readonly portFallback: boolean;
  connections(): number;
  close(): Promise<void>;
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = (): void => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, LOOPBACK);
  });
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  let port = 0;
  const csp = (): string => contentSecurityPolicy([`ws://${LOOPBACK}:${port}${RPC_PATH}`, `ws://localhost:${port}${RPC_PATH}`]);

  const handle = (request: IncomingMessage, response: ServerResponse): void => {
    const headers = securityHeaders(csp());
    const plain = (status: number, text: string, extra: Record<string, string> = {}): void => {
      response.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra });
      response.end(`${text}\n`);
    };
    if (!isLoopbackHost(request.headers.host)) return plain(403, 'Podium answers only on this machine (127.0.0.1).');
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method not allowed.', { Allow: 'GET, HEAD' });
    const found = resolveStatic(options.rendererDir, request.url ?? '/');
    if (!found) return plain(404, 'Not found.');
    const stream = createReadStream(found.file);
    stream.once('error', () => {
      if (found.isPage) plain(503, 'The station screens are not built: run `npm start` (it builds them first).');
      else plain(404, 'Not found.');
    });
    stream.once('open', () => {
      response.writeHead(200, {
        ...headers,
        'Content-Type': contentType(found.file),
        'Cache-Control': found.isPage ? 'no-store' : 'no-cache',
      });
      if (request.method === 'HEAD') {
        stream.destroy();
        response.end();
      } else stream.pipe(response);
    });
  };

  const server = createServer(handle);
  const wanted = options.port ?? DEFAULT_PORT;
  let portFallback = false;
  try {
    await listen(server, wanted);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || wanted === 0) throw error;
    portFallback = true;
    await listen(server, 0);
  }
  const address = server.address();
  port = address && typeof address === 'object' ? address.port : wanted;
  const rpc = attachWebSocketRpc(server, options.api, options.onRefused ? { onRefused: options.onRefused } : {});

  return {
    url: `http://${LOOPBACK}:${port}/`,
    port,
    portFallback,
    connections: () => rpc.connections(),
    async close() {
      await rpc.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
