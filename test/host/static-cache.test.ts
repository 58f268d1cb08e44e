/**
 * How the renderer's files go out over HTTP (electron/host/static-cache.ts, through static-files.ts's
 * serveStatic, as browser mode and the venue network serve them), over a real socket with real files
 * in a temp folder: compressed as the request accepts (brotli, gzip, neither), the build's `.br`/`.gz`
 * copies used as they are, content-hashed files kept for a year and pages asked again, ETags and 304s,
 * a changed file served changed.
 */
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings, clearStaticCache, IMMUTABLE, isContentHashed } from '../../electron/host/static-cache.js';
import { contentSecurityPolicy, securityHeaders, serveStatic } from '../../electron/host/static-files.js';
import { precompressFolder } from '../../electron/tools/precompress.js';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(port: number, urlPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: urlPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** What a browser would read: the body decoded as its Content-Encoding says. */
function decoded(reply: Reply): string {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(reply.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(reply.body).toString('utf8');
  return reply.body.toString('utf8');
}

const SCRIPT = `export const words = ${JSON.stringify('Find your table. '.repeat(400))};\n`;
const PAGE = `<!doctype html><html><head><title>Podium</title><script type="module" src="/assets/player-CC9MJ6_f.js"></script></head><body>${'<p>Pairings</p>'.repeat(50)}<div id="root"></div></body></html>`;

describe('the renderer’s files over HTTP', () => {
  let dir: string;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    clearStaticCache();
    dir = await mkdtemp(path.join(os.tmpdir(), 'podium-static-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), PAGE.replace('player-CC9MJ6_f', 'index-B39IhWdR'));
    await writeFile(path.join(dir, 'player.html'), PAGE);
    await writeFile(path.join(dir, 'assets', 'player-CC9MJ6_f.js'), SCRIPT);
    await writeFile(path.join(dir, 'assets', 'tiny-Ab12Cd34.js'), 'x');
    await writeFile(path.join(dir, 'assets', 'logo-Zz98Yy76.png'), Buffer.alloc(2048, 7));
    await writeFile(path.join(dir, 'assets', 'app.js'), SCRIPT);
    const headers = securityHeaders(contentSecurityPolicy());
    server = createServer((req, res) => serveStatic(req, res, dir, headers));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(dir, { recursive: true, force: true });
    clearStaticCache();
  });

  it('reads Accept-Encoding as RFC 9110 says: brotli before gzip, q=0 refuses, * stands for the rest, nothing named means neither', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.8')).toEqual(['gzip']);
    expect(acceptedEncodings('gzip;q=1, br;q=0.5')).toEqual(['gzip', 'br']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('*;q=0')).toEqual([]);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
    expect(acceptedEncodings('x-gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('br;q=nonsense, gzip')).toEqual(['gzip']);
  });

  it('knows Vite’s content-hashed files (assets/name-HASH.ext) from the rest', () => {
    expect(isContentHashed(dir, path.join(dir, 'assets', 'player-CC9MJ6_f.js'))).toBe(true);
    expect(isContentHashed(dir, path.join(dir, 'assets', 'index-B39IhWdR.css'))).toBe(true);
    expect(isContentHashed(dir, path.join(dir, 'assets', 'app.js'))).toBe(false);
    expect(isContentHashed(dir, path.join(dir, 'player.html'))).toBe(false);
    expect(isContentHashed(dir, path.join(dir, 'favicon-AAAAAAAA.svg'))).toBe(false);
  });

  it('sends a script brotli-compressed to a browser that takes brotli, gzip to one that takes gzip, as it is to one that takes neither', async () => {
    const url = '/assets/player-CC9MJ6_f.js';
    const br = await get(port, url, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(decoded(br)).toBe(SCRIPT);
    // The security headers go out with every file.
    expect(String(br.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(br.headers['x-content-type-options']).toBe('nosniff');

    const gz = await get(port, url, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(SCRIPT);

    const none = await get(port, url);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString('utf8')).toBe(SCRIPT);
    expect(none.headers.vary).toBe('Accept-Encoding');
  });

  it('sends as it is what compressing would not shrink, and never compresses images', async () => {
    const tiny = await get(port, '/assets/tiny-Ab12Cd34.js', { 'Accept-Encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('x');
    const image = await get(port, '/assets/logo-Zz98Yy76.png', { 'Accept-Encoding': 'br, gzip' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers.vary).toBeUndefined();
    expect(image.body.length).toBe(2048);
  });

  it('keeps content-hashed files for a year (immutable) and has the pages and other files asked again (no-cache)', async () => {
    const asset = await get(port, '/assets/player-CC9MJ6_f.js', { 'Accept-Encoding': 'br' });
    expect(asset.headers['cache-control']).toBe(IMMUTABLE);
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
    for (const page of ['/p', '/p/', '/p?r=3&t=1&c=K7PMQ2', '/', '/projector']) {
      const reply = await get(port, page, { 'Accept-Encoding': 'br' });
      expect(reply.status, page).toBe(200);
      expect(reply.headers['cache-control'], page).toBe('no-cache');
      expect(reply.headers['content-encoding'], page).toBe('br');
      expect(decoded(reply), page).toContain('<div id="root">');
      expect(String(reply.headers['content-security-policy']), page).toContain("default-src 'none'");
      expect(reply.headers['x-frame-options'], page).toBe('DENY');
    }
    const unhashed = await get(port, '/assets/app.js');
    expect(unhashed.headers['cache-control']).toBe('no-cache');
  });

  it('tags each file by its content (one tag per encoding) and answers 304 to a browser that holds it, with no body', async () => {
    const first = await get(port, '/p', { 'Accept-Encoding': 'br' });
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{20,}-br"$/);
    const gz = await get(port, '/p', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers.etag).toBe(tag.replace(/-br"$/, '-gzip"'));
    expect((await get(port, '/p')).headers.etag).toBe(tag.replace(/-br"$/, '"'));

    const again = await get(port, '/p', { 'Accept-Encoding': 'br', 'If-None-Match': tag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(tag);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(String(again.headers['content-security-policy'])).toContain("default-src 'none'");
    // A tag of the same content in another encoding, or weak, still means "I have it" (RFC 9110 13.1.2).
    expect((await get(port, '/p', { 'Accept-Encoding': 'gzip', 'If-None-Match': `W/${tag}` })).status).toBe(304);
    expect((await get(port, '/p', { 'If-None-Match': '"something-else", ' + tag })).status).toBe(304);
    expect((await get(port, '/p', { 'If-None-Match': '"something-else"' })).status).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await get(port, '/assets/player-CC9MJ6_f.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    const full = await get(port, '/assets/player-CC9MJ6_f.js', { 'Accept-Encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(head.headers.etag).toBe(full.headers.etag);
  });

  it('serves a file changed on disk as it now is, under a new tag', async () => {
    const file = path.join(dir, 'assets', 'app.js');
    const before = await get(port, '/assets/app.js', { 'Accept-Encoding': 'br' });
    await writeFile(file, `${SCRIPT}// v2\n`);
    const later = new Date(Date.now() + 5_000);
    await utimes(file, later, later);
    const after = await get(port, '/assets/app.js', { 'Accept-Encoding': 'br', 'If-None-Match': String(before.headers.etag) });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(decoded(after)).toBe(`${SCRIPT}// v2\n`);
  });

  it('sends the build’s own .br and .gz copies when they are there (precompressFolder writes them beside each text file)', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'podium-precompressed-'));
    try {
      await mkdir(path.join(folder, 'assets'));
      await writeFile(path.join(folder, 'player.html'), PAGE);
      await writeFile(path.join(folder, 'assets', 'player-CC9MJ6_f.js'), SCRIPT);
      await writeFile(path.join(folder, 'assets', 'logo-Zz98Yy76.png'), Buffer.alloc(64, 1));
      const written = await precompressFolder(folder);
      expect(written.map((f) => path.relative(folder, f))).toEqual(['assets/player-CC9MJ6_f.js.br', 'assets/player-CC9MJ6_f.js.gz', 'player.html.br', 'player.html.gz']);
      // Mark the build's copy so that it can be told from one made by the server (still valid brotli).
      const marked = brotliCompressSync(Buffer.from(SCRIPT), { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
      await writeFile(path.join(folder, 'assets', 'player-CC9MJ6_f.js.br'), marked);
      const headers = securityHeaders(contentSecurityPolicy());
      const other = createServer((req, res) => serveStatic(req, res, folder, headers));
      await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
      try {
        const otherPort = (other.address() as AddressInfo).port;
        const reply = await get(otherPort, '/assets/player-CC9MJ6_f.js', { 'Accept-Encoding': 'br' });
        expect(reply.headers['content-encoding']).toBe('br');
        expect(reply.body.equals(marked)).toBe(true);
        expect(decoded(reply)).toBe(SCRIPT);
      } finally {
        await new Promise<void>((resolve) => other.close(() => resolve()));
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('still answers 404 for what is not there and 503 in words when the pages are not built', async () => {
    expect((await get(port, '/assets/nothing-AAAAAAAA.js')).status).toBe(404);
    const empty = await mkdtemp(path.join(os.tmpdir(), 'podium-unbuilt-'));
    const headers = securityHeaders(contentSecurityPolicy());
    const bare = createServer((req, res) => serveStatic(req, res, empty, headers));
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    try {
      const reply = await get((bare.address() as AddressInfo).port, '/p', { 'Accept-Encoding': 'br' });
      expect(reply.status).toBe(503);
      expect(reply.headers['cache-control']).toBe('no-store');
      expect(reply.body.toString()).toContain('not built');
    } finally {
      await new Promise<void>((resolve) => bare.close(() => resolve()));
      await rm(empty, { recursive: true, force: true });
    }
  });
});
