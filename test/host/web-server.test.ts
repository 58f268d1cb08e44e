/**
 * Browser mode's server: what it serves (the app at / and /projector, with a strict CSP), and who
 * it refuses (foreign hosts, foreign origins, paths outside the renderer).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createHostServices } from '../../electron/host/host.js';
import type { StationService } from '../../electron/host/station-service.js';
import { isLoopbackAddress, isLoopbackHost, isOwnOrigin } from '../../electron/host/transport-ws.js';
import { startWebServer, type WebServer } from '../../electron/host/web-server.js';
import { parseWebArgs } from '../../electron/web.js';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(port: number, urlPath: string, options: { host?: string; method?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: urlPath, method: options.method ?? 'GET', headers: options.host ? { Host: options.host } : {} },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Try a WebSocket upgrade; resolves 'open' or the HTTP status it was refused with. */
function tryConnect(url: string, headers: Record<string, string> = {}, origin?: string): Promise<'open' | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, ...(origin ? { origin } : {}) });
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('error', (error) => {
      if (!String(error.message).includes('Unexpected server response')) reject(error);
    });
  });
}

describe('browser mode server', () => {
  let dataDir: string;
  let rendererDir: string;
  let service: StationService;
  let server: WebServer;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'podium-web-'));
    rendererDir = path.join(dataDir, 'renderer');
    await mkdir(path.join(rendererDir, 'assets'), { recursive: true });
    await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>Podium</title><div id="root"></div>');
    await writeFile(path.join(rendererDir, 'assets', 'app.js'), 'console.log("podium");');
    await writeFile(path.join(dataDir, 'secret.txt'), 'not for the web');
    service = createHostServices({ dataDir: path.join(dataDir, 'station'), station: 'web-test' });
    server = await startWebServer({ api: service, rendererDir, port: 0 });
  });

  afterAll(async () => {
    await server.close();
    await service.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 only', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
  });

  it('serves the station at / and the projector at /projector, with a strict CSP', async () => {
    for (const page of ['/', '/projector', '/projector/']) {
      const reply = await get(server.port, page);
      expect(reply.status).toBe(200);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(reply.body).toContain('<div id="root">');
      const csp = String(reply.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${server.port}/rpc`);
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['x-frame-options']).toBe('DENY');
    }
    const asset = await get(server.port, '/assets/app.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(asset.body).toContain('podium');
  });

  it('serves nothing outside the built renderer', async () => {
    for (const bad of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/../../secret.txt', '/assets/%2e%2e%2f%2e%2e%2fsecret.txt', '/nothing-here', '/assets']) {
      const reply = await get(server.port, bad);
      expect(reply.status, bad).toBe(404);
      expect(reply.body).not.toContain('not for the web');
    }
    expect((await get(server.port, '/', { method: 'POST' })).status).toBe(405);
  });

  it('refuses requests for another host name (DNS rebinding)', async () => {
    const reply = await get(server.port, '/', { host: 'evil.example' });
    expect(reply.status).toBe(403);
    expect((await get(server.port, '/', { host: `localhost:${server.port}` })).status).toBe(200);
  });

  it('accepts WebSocket connections from this machine and its own pages only', async () => {
    const url = `ws://127.0.0.1:${server.port}/rpc?key=${encodeURIComponent(server.key)}`;
    expect(await tryConnect(url)).toBe('open'); // a local tool: no Origin
    expect(await tryConnect(url, {}, `http://127.0.0.1:${server.port}`)).toBe('open');
    expect(await tryConnect(url, {}, `http://localhost:${server.port}`)).toBe('open');
    expect(await tryConnect(url, {}, 'http://evil.example')).toBe(403);
    expect(await tryConnect(url, {}, 'https://podium.evil.example:443')).toBe(403);
    expect(await tryConnect(url, {}, `http://127.0.0.1:${server.port + 1}`)).toBe(403); // another local site
    expect(await tryConnect(url, {}, 'null')).toBe(403);
    expect(await tryConnect(url, { Host: 'evil.example' })).toBe(403);
    expect(await tryConnect(`ws://127.0.0.1:${server.port}/elsewhere`)).toBe(404);
    expect(await tryConnect(`ws://127.0.0.1:${server.port}/rpc`)).toBe(403); // no station key (test/host/locked-door.test.ts)
  });

  it('falls back to a free port when the wanted one is taken', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as { port: number }).port;
    const other = await startWebServer({ api: service, rendererDir, port: taken });
    try {
      expect(other.portFallback).toBe(true);
      expect(other.port).not.toBe(taken);
      expect((await get(other.port, '/')).status).toBe(200);
    } finally {
      await other.close();
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('says so when the renderer is not built', async () => {
    const empty = await startWebServer({ api: service, rendererDir: path.join(dataDir, 'missing'), port: 0 });
    try {
      const reply = await get(empty.port, '/');
      expect(reply.status).toBe(503);
      expect(reply.body).toMatch(/npm start/);
    } finally {
      await empty.close();
    }
  });
});

describe('loopback checks', () => {
  it('knows loopback addresses, hosts and our own origin', () => {
    expect(['127.0.0.1', '127.3.4.5', '::1', '::ffff:127.0.0.1'].every(isLoopbackAddress)).toBe(true);
    expect(['10.0.0.2', '192.168.1.4', '::ffff:10.0.0.1', '', undefined].some(isLoopbackAddress)).toBe(false);
    expect(['127.0.0.1:5719', 'localhost:5719', 'localhost', '[::1]:5719'].every(isLoopbackHost)).toBe(true);
    expect(['evil.example', 'localhost.evil.example', '127.0.0.1.nip.io', undefined].some(isLoopbackHost)).toBe(false);
    expect(isOwnOrigin('http://127.0.0.1:5719', 5719)).toBe(true);
    expect(isOwnOrigin('http://127.0.0.1:5720', 5719)).toBe(false);
    expect(isOwnOrigin('file://', 5719)).toBe(false);
  });
});

describe('npm run start:web arguments', () => {
  it('reads --port and --data-dir, and refuses the rest in words', () => {
    expect(parseWebArgs(['--port', '6001'])).toEqual({ port: 6001 });
    expect(parseWebArgs(['--web', '--port=0', '--data-dir', '/tmp/p'])).toEqual({ port: 0, dataDir: path.resolve('/tmp/p') });
    expect(() => parseWebArgs(['--port', 'http'])).toThrow(/--port must be a port number/);
    expect(() => parseWebArgs(['--port'])).toThrow(/--port needs a value/);
    expect(() => parseWebArgs(['--verbose'])).toThrow(/unknown option "--verbose"/);
  });
});
