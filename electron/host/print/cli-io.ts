/**
 * What `npm run cli -- print` needs from the host (electron/host/cli.ts loads this only for `print`):
 * the renderer, writing bytes, and the local time printed on documents.
 */
import type { CliIo } from '../../../core/cli/io.js';
import { dateTimeStamp } from '../../../core/text/format.js';
import { fileIo } from '../cli/file-io.js';
import { renderPdf } from './render.js';

/** "2026-05-01 14:05" in this computer's time zone: the time printed on documents. */
export function localTimestamp(date = new Date()): string {
  return dateTimeStamp(date);
}

export const printIo: Required<Pick<CliIo, 'renderPdf' | 'writeBytes' | 'timestamp' | 'timeZone'>> = {
  renderPdf: (definition) => renderPdf(definition),
  writeBytes: fileIo.writeBytes,
  timestamp: () => localTimestamp(),
  timeZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
};
