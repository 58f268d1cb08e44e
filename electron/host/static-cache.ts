/**
 * How the renderer's files go out over HTTP (browser mode and the venue network's listeners): a
 * phone on a crowded venue Wi-Fi should fetch the player page once, small, and never again.
 *
 * - Compressed: brotli, else gzip, as the request's Accept-Encoding allows (RFC 9110 12.5.3, with
 *   q-values). The build writes `.br` and `.gz` beside each text file (electron/tools/precompress.ts);
 *   a file without them is compressed here once and the bytes kept.
 * - Cached for good where that is safe: a file of `assets/` carries its content's hash in its name
 *   (Vite's `name-HASH.ext`), so it is `public, max-age=31536000, immutable`; every other file (the
 *   pages, the icon) is `no-cache`: the browser asks again each time and gets a 304 while unchanged.
 * - ETag: the identity bytes' SHA-256, one tag per encoding (a strong ETag names one
 *   representation); If-None-Match answers 304 Not Modified.
 *
 * A file is re-read when its size or modification time changes. Files over MAX_CACHED_BYTES are
 * streamed as they are (the renderer has none). Plain Node.
 */
import { createHash } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** The suffix of the file the build writes beside each text file, per encoding. */
export const PRECOMPRESSED_SUFFIX: Readonly<Record<Encoding, string>> = { br: '.br', gzip: '.gz' };

/** Text worth compressing (fonts and images are compressed already). */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.map', '.txt']);

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** One file of the renderer is well under this (the station's script is ~0.6 MB). */
const MAX_CACHED_BYTES = 8 * 1024 * 1024;
/** All kept bytes together (several renderer folders in one process: tests, a rebuilt renderer). */
const MAX_TOTAL_BYTES = 96 * 1024 * 1024;

/**
 * Vite names what it builds into `assets/` after its content (`player-CC9MJ6_f.js`): such a file
 * never changes under its name, so a browser may keep it for a year without asking.
 */
export function isContentHashed(rootDir: string, file: string): boolean {
  const relative = path.relative(path.resolve(rootDir), file).split(path.sep);
  return relative.length === 2 && relative[0] === 'assets' && /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(relative[1] ?? '');
}

/**
 * The encodings `header` (Accept-Encoding) accepts, best first: brotli (smaller) before gzip.
 * `q=0` refuses one; `*` stands for those not named; no header means no compression (RFC 9110
 * 12.5.3 allows any, but a client that names none is safest served as is).
 */
export function acceptedEncodings(header: string | string[] | undefined): Encoding[] {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const weights = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const any = weights.get('*');
  const weightOf = (name: string): number => weights.get(name) ?? (name === 'gzip' ? weights.get('x-gzip') : undefined) ?? any ?? 0;
  return (['br', 'gzip'] as const).filter((e) => weightOf(e) > 0).sort((a, b) => weightOf(b) - weightOf(a));
}

/** Does If-None-Match name this file's content (any encoding's tag, weak or strong: RFC 9110 13.1.2)? */
function notModified(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => {
    const bare = tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
    return bare === hash || bare.startsWith(`${hash}-`);
  });
}

interface Entry {
  /** Size and modification time the bytes were read at. */
  version: string;
  hash: string;
  identity: Buffer;
  /** The compressed bytes per encoding (null: not smaller than the file itself). */
  encoded: Map<Encoding, Promise<Buffer | null>>;
  compressible: boolean;
  bytes: number;
}

const entries = new Map<string, Promise<Entry>>();
/** The entries read so far, by file, for counting and letting go of their bytes. */
const kept = new Map<string, Entry>();
let totalBytes = 0;

const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  // Only for a file the build did not compress (quality 11 is for the build: it is slow).
  br: (body) => promisify(brotliCompress)(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
};

/** The build's compressed copy of `file` (as new as the file), or the bytes compressed here. */
async function encode(file: string, fileStats: Stats, entry: Entry, encoding: Encoding): Promise<Buffer | null> {
  const sibling = `${file}${PRECOMPRESSED_SUFFIX[encoding]}`;
  const siblingStats = await stat(sibling).catch(() => null);
  const body = siblingStats?.isFile() && siblingStats.mtimeMs >= fileStats.mtimeMs ? await readFile(sibling) : await compressors[encoding](entry.identity);
  if (body.length >= entry.identity.length) return null;
  keep(file, entry, body.length);
  return body;
}

/** Count `bytes` more for `file`; past the total, the files read longest ago are let go. */
function keep(file: string, entry: Entry, bytes: number): void {
  entry.bytes += bytes;
  totalBytes += bytes;
  if (!kept.has(file)) kept.set(file, entry);
  for (const [old, oldEntry] of kept) {
    if (totalBytes <= MAX_TOTAL_BYTES || old === file) break;
    kept.delete(old);
    entries.delete(old);
    totalBytes -= oldEntry.bytes;
  }
}

async function load(file: string, version: string): Promise<Entry> {
  const identity = await readFile(file);
  const entry: Entry = {
    version,
    hash: createHash('sha256').update(identity).digest('base64url').slice(0, 27),
    identity,
    encoded: new Map(),
    compressible: COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase()),
    bytes: 0,
  };
  const replaced = kept.get(file);
  if (replaced) {
    kept.delete(file);
    totalBytes -= replaced.bytes;
  }
  keep(file, entry, identity.length);
  return entry;
}

/** The kept bytes of `file` as it is now (read again when it changed). */
async function entryOf(file: string, fileStats: Stats): Promise<Entry> {
  const version = `${fileStats.size}:${fileStats.mtimeMs}`;
  const held = entries.get(file);
  if (held) {
    const entry = await held.catch(() => null);
    if (entry?.version === version) return entry;
    if (entries.get(file) === held) entries.delete(file);
  }
  const loading = load(file, version);
  entries.set(file, loading);
  loading.catch(() => entries.delete(file));
  return loading;
}

/** The encoding to send `entry` in, and its bytes (identity when nothing accepted is smaller). */
async function chooseBody(file: string, fileStats: Stats, entry: Entry, accepted: readonly Encoding[]): Promise<{ encoding: Encoding | null; body: Buffer }> {
  if (!entry.compressible) return { encoding: null, body: entry.identity };
  for (const encoding of accepted) {
    let encoded = entry.encoded.get(encoding);
    if (!encoded) {
      // A copy that cannot be read or made: the file goes out as it is.
      encoded = encode(file, fileStats, entry, encoding).catch(() => null);
      entry.encoded.set(encoding, encoded);
    }
    const body = await encoded;
    if (body) return { encoding, body };
  }
  return { encoding: null, body: entry.identity };
}

export interface SendFileOptions {
  /** The renderer folder (which files are content-hashed is decided under it). */
  rootDir: string;
  /** Headers every answer carries (the security headers). */
  headers: Record<string, string>;
  contentType: string;
}

/**
 * Answer a GET or HEAD with `file`: 200 (compressed when accepted), or 304 when the browser holds
 * it already. Resolves false when the file cannot be read (the caller answers 404 or 503 in words).
 */
export async function sendFile(request: IncomingMessage, response: ServerResponse, file: string, options: SendFileOptions): Promise<boolean> {
  const fileStats = await stat(file).catch(() => null);
  if (!fileStats?.isFile()) return false;
  const cacheControl = isContentHashed(options.rootDir, file) ? IMMUTABLE : REVALIDATE;
  const headers = options.headers;
  if (fileStats.size > MAX_CACHED_BYTES) return streamLarge(request, response, file, fileStats, { ...headers, 'Cache-Control': cacheControl, 'Content-Type': options.contentType });
  let entry: Entry;
  try {
    entry = await entryOf(file, fileStats);
  } catch {
    return false;
  }
  const vary: Record<string, string> = entry.compressible ? { Vary: 'Accept-Encoding' } : {};
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  if (notModified(request.headers['if-none-match'], entry.hash)) {
    const { encoding } = await chooseBody(file, fileStats, entry, accepted);
    response.writeHead(304, { ...headers, ...vary, 'Cache-Control': cacheControl, ETag: etag(entry.hash, encoding) });
    response.end();
    return true;
  }
  const { encoding, body } = await chooseBody(file, fileStats, entry, accepted);
  if (response.destroyed) return true;
  response.writeHead(200, {
    ...headers,
    ...vary,
    'Content-Type': options.contentType,
    'Content-Length': String(body.length),
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    'Cache-Control': cacheControl,
    ETag: etag(entry.hash, encoding),
  });
  response.end(request.method === 'HEAD' ? undefined : body);
  return true;
}

function etag(hash: string, encoding: Encoding | null): string {
  return `"${hash}${encoding ? `-${encoding}` : ''}"`;
}

/** A file too large to keep: sent as it is, tagged by size and time. */
function streamLarge(request: IncomingMessage, response: ServerResponse, file: string, fileStats: Stats, headers: Record<string, string>): Promise<boolean> {
  const tag = `W/"${fileStats.size.toString(36)}-${Math.floor(fileStats.mtimeMs).toString(36)}"`;
  if (request.headers['if-none-match']?.split(',').some((t) => t.trim() === tag)) {
    response.writeHead(304, { ...headers, ETag: tag });
    response.end();
    return Promise.resolve(true);
  }
  return new Promise((resolve) => {
    const stream = createReadStream(file);
    stream.once('error', () => resolve(response.headersSent ? (response.destroy(), true) : false));
    stream.once('open', () => {
      response.writeHead(200, { ...headers, 'Content-Length': String(fileStats.size), ETag: tag });
      resolve(true);
      if (request.method === 'HEAD') {
        stream.destroy();
        response.end();
      } else stream.pipe(response);
    });
    response.once('close', () => stream.destroy());
  });
}

/** Forget every kept file (tests). */
export function clearStaticCache(): void {
  entries.clear();
  kept.clear();
  totalBytes = 0;
}
