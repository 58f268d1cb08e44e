/**
 * Builds the renderer (renderer/) into dist/renderer, served by browser mode's HTTP server and by
 * the Electron shell's podium:// scheme. electron/tools/build.ts runs this through Vite's API.
 *
 * Two pages: the station's app (index.html) and the player page players' phones open (player.html,
 * served at `/p`: electron/host/static-files.ts), which shares no code with the station's app but
 * React and a little of core/; it loads the rule sets' code (its result forms) only when a player
 * may report (renderer/player/flows-loader.tsx), so a phone's first screen is ~75 KB on the wire.
 * Every text file is also written brotli- and gzip-compressed beside itself (electron/tools/
 * precompress.ts), which the host sends to browsers that take them (electron/host/static-cache.ts).
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from './electron/tools/precompress.js';

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: path.join(root, 'renderer'),
  base: '/',
  plugins: [react(), precompress()],
  logLevel: 'warn',
  build: {
    outDir: path.join(root, 'dist', 'renderer'),
    emptyOutDir: true,
    // Nothing inline: the CSP allows scripts and styles from the app's own files only.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    target: 'chrome120',
    sourcemap: false,
    reportCompressedSize: false,
    // A desktop app loads its bundle from disk, not over a network: one chunk is fine.
    chunkSizeWarningLimit: 4096,
    rolldownOptions: {
      input: {
        index: path.join(root, 'renderer', 'index.html'),
        player: path.join(root, 'renderer', 'player.html'),
      },
    },
  },
});
