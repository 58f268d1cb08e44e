/**
 * Serving the built renderer (dist/renderer), shared by browser mode's HTTP server, the venue
 * network's listeners and the Electron shell's podium:// protocol: which file a URL path means,
 * its content type, and the security headers every page goes out with (a strict CSP first). How
 * the bytes go out over HTTP (compressed, cached, 304s) is static-cache.ts.
 */
import { existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { PLAYER_PAGE_PATH } from '../../core/public/types.js';
import { sendFile } from './static-cache.js';

/**
 * Paths the single-page app answers itself (the renderer reads location.pathname): the station,
 * the projector, and the venue network's pages (the join page a join code's QR code opens, and
 * the judge and display screens a joined device shows).
 */
export const APP_ROUTES = ['/', '/index.html', '/projector', '/join', '/judge', '/display'] as const;

/**
 * Paths answered by a page of their own (a second Vite input, not the station's app): the player
 * page players' phones open, `/p` and `/p/`, with the query a slip's QR code adds.
 */
export const PAGE_ROUTES: Readonly<Record<string, string>> = { [PLAYER_PAGE_PATH]: 'player.html' };

/**
 * The Content-Security-Policy of every page. Nothing inline, nothing from elsewhere: scripts,
 * styles, fonts and images come from the app itself; the only connection is back to the host
 * (`connectSources` adds the WebSocket URL in browser mode).
 */
export function contentSecurityPolicy(connectSources: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${["'self'", ...connectSources].join(' ')}`,
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "worker-src 'none'",
    "frame-src 'none'",
  ].join('; ');
}

export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=()',
  };
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentType(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file under `rootDir` that `urlPath` names, or null (outside the root, a folder, missing).
 * App routes map to index.html; the player page's route to player.html.
 */
export function resolveStatic(rootDir: string, urlPath: string): { file: string; isPage: boolean } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0]?.split('#')[0] ?? '/');
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const route = decoded.length > 1 ? decoded.replace(/\/+$/, '') : decoded;
  if ((APP_ROUTES as readonly string[]).includes(route)) return { file: path.join(rootDir, 'index.html'), isPage: true };
  const page = Object.hasOwn(PAGE_ROUTES, route) ? PAGE_ROUTES[route] : undefined;
  if (page) return { file: path.join(rootDir, page), isPage: true };
  const root = path.resolve(rootDir);
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  if (!existsSync(file) || !statSync(file).isFile()) return null;
  return { file, isPage: path.extname(file) === '.html' };
}

/**
 * Answer a GET or HEAD with the renderer's file for the request's path (404 when there is none,
 * 503 in words when the renderer is not built), compressed and cached as static-cache.ts says.
 * `headers`: the security headers to send.
 */
export function serveStatic(request: IncomingMessage, response: ServerResponse, rootDir: string, headers: Record<string, string>): void {
  const plain = (status: number, text: string): void => {
    if (response.headersSent) return void response.destroy();
    response.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(`${text}\n`);
  };
  const found = resolveStatic(rootDir, request.url ?? '/');
  if (!found) return plain(404, 'Not found.');
  sendFile(request, response, found.file, { rootDir, headers, contentType: contentType(found.file) }).then(
    (sent) => {
      if (sent) return;
      if (found.isPage) plain(503, 'The station screens are not built: run `npm start` (it builds them first).');
      else plain(404, 'Not found.');
    },
    () => plain(500, 'The station could not read this file.'),
  );
}
