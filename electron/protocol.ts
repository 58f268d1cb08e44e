/**
 * The podium:// scheme: registered as privileged before the app is ready, then served from the
 * built renderer (dist/renderer) with the same security headers browser mode sends. Anything that
 * is not a file of the renderer folder on podium://station is "Not found".
 */
import { readFile } from 'node:fs/promises';
import type { Protocol } from 'electron';
import { contentSecurityPolicy, contentType, resolveStatic, securityHeaders } from './host/static-files.js';
import { isAppUrl, SCHEME } from './security.js';

const CSP = contentSecurityPolicy();

/** Before the app is ready (Electron only allows it then): podium:// behaves like https://. */
export function registerScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([{ scheme: SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } }]);
}

/** Once ready: answer podium:// requests from `rendererDir`. */
export function serveRenderer(protocol: Pick<Protocol, 'handle'>, rendererDir: string): void {
  protocol.handle(SCHEME, (request) => rendererResponse(rendererDir, request.url));
}

/** The response to one podium:// request. */
export async function rendererResponse(rendererDir: string, url: string): Promise<Response> {
  if (!isAppUrl(url)) return notFound();
  const found = resolveStatic(rendererDir, new URL(url).pathname);
  if (!found) return notFound();
  try {
    const body = await readFile(found.file);
    return new Response(body, { headers: { ...securityHeaders(CSP), 'Content-Type': contentType(found.file) } });
  } catch {
    return notFound();
  }
}

function notFound(): Response {
  return new Response('Not found', { status: 404 });
}
