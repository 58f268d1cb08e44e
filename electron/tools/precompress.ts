/**
 * The build's compressed copies: after Vite writes the renderer, every text file gets a `.br`
 * (brotli at its best quality: slow, so done once here rather than by the host at the event) and a `.gz`
 * beside it, which electron/host/static-cache.ts sends to browsers that accept them. A copy that
 * would not be smaller is not written. Used by vite.config.ts.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { COMPRESSIBLE_EXTENSIONS, PRECOMPRESSED_SUFFIX } from '../host/static-cache.js';

async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const item of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) found.push(...(await filesUnder(full)));
    else if (item.isFile() && COMPRESSIBLE_EXTENSIONS.has(path.extname(item.name).toLowerCase())) found.push(full);
  }
  return found;
}

/**
 * Brotli's quality for a file of `bytes`: 11 (the smallest) for the files a phone loads, all well
 * under 256 KiB — on React's chunk it saves 5 KB of the player page's 80 KB over quality 9; 9 for the
 * station's own bundle (~550 KB), which quality 11 would take seconds more to compress at every
 * build for 7 % less, served mostly on this machine.
 */
function brotliQuality(bytes: number): number {
  return bytes <= 256 * 1024 ? 11 : 9;
}

/** Write `file.br` and `file.gz` for every text file under `dir`; the files written. */
export async function precompressFolder(dir: string): Promise<string[]> {
  const written: string[] = [];
  // Every file at once: zlib works on libuv's thread pool, so the copies are made side by side.
  await Promise.all(
    (await filesUnder(dir)).map(async (file) => {
      const body = await readFile(file);
      const copies = await Promise.all([
        promisify(brotliCompress)(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: brotliQuality(body.length), [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }).then((copy) => [PRECOMPRESSED_SUFFIX.br, copy] as const),
        promisify(gzip)(body, { level: 9 }).then((copy) => [PRECOMPRESSED_SUFFIX.gzip, copy] as const),
      ]);
      for (const [suffix, copy] of copies) {
        if (copy.length >= body.length) continue;
        await writeFile(`${file}${suffix}`, copy);
        written.push(`${file}${suffix}`);
      }
    }),
  );
  return written.sort();
}

/** The Vite plugin: compress the output folder once the build has written it (public files included). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'podium-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (outDir) await precompressFolder(outDir);
    },
  };
}
