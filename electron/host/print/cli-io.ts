/**
 * What `npm run cli -- print` needs from the host (electron/host/cli.ts loads this only for `print`):
 * the renderer, writing bytes, and the local time printed on documents.
 */
import { writeFileSync } from 'node:fs';
import type { CliIo } from '../../../core/cli/run.js';
import { renderPdf } from './render.js';

export function localTimestamp(date = new Date()): string {
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

export const printIo: Required<Pick<CliIo, 'renderPdf' | 'writeBytes' | 'timestamp'>> = {
  renderPdf: (definition) => renderPdf(definition),
  writeBytes: (path, bytes) => writeFileSync(path, bytes),
  timestamp: () => localTimestamp(),
};
