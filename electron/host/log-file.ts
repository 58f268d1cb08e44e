/**
 * The support log's file (log.ts): lines appended asynchronously, so the event loop never waits for
 * the disk, and rotated by size: `podium.log` is the current file; when the next write would take
 * it past its cap it becomes `podium.1.log` (the previous `podium.1.log` becomes `podium.2.log`,
 * and so on), and the oldest beyond the number kept is deleted. After a restart the host goes on
 * appending to `podium.log`.
 *
 * Lines wait in memory while a write or a rotation is under way (at most MAX_WAITING_BYTES; beyond
 * that they are counted, and the count is written when the disk catches up).
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { plural, pluralWord } from '../../core/text/format.js';
import { PRIVATE_DIR, PRIVATE_FILE } from './fs-safe.js';

export interface RotatingFileOptions {
  /** The folder (made if missing). */
  dir: string;
  /** The current file's name; older ones get `.1`, `.2`, … before the extension. */
  name: string;
  /** A file's cap in bytes: a write that would pass it goes to a new file (a single longer line fills one alone). */
  maxBytes: number;
  /** Files kept in all, the current one included (at least 2). */
  files: number;
  /** Told about a write, rotation or open that failed (the lines of that write are lost). */
  onError(error: Error): void;
}

const MAX_WAITING_BYTES = 4 * 1024 * 1024;

export class RotatingFile {
  /** The current file's path. */
  readonly file: string;
  private readonly options: RotatingFileOptions;
  private handle: FileHandle | null = null;
  private size = 0;
  private waiting: string[] = [];
  /** Lines taken by the writer and not yet handed to the OS (it is opening or rotating the file). */
  private held: string[] = [];
  private waitingBytes = 0;
  private dropped = 0;
  private writing: Promise<void> | null = null;
  private closed = false;

  constructor(options: RotatingFileOptions) {
    this.options = { ...options, files: Math.max(2, options.files) };
    this.file = path.join(options.dir, options.name);
  }

  /** `podium.log` → `podium.3.log`. */
  older(n: number): string {
    const { ext, name } = path.parse(this.options.name);
    return path.join(this.options.dir, `${name}.${n}${ext}`);
  }

  write(text: string): void {
    if (this.closed) return;
    const bytes = Buffer.byteLength(text);
    if (this.waitingBytes + bytes > MAX_WAITING_BYTES) {
      this.dropped++;
      return;
    }
    this.waiting.push(text);
    this.waitingBytes += bytes;
    this.writing ??= this.drain();
  }

  /** Resolves when everything written so far is in the file. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /**
   * Whatever waits, appended now, synchronously: a crashing process's last lines (the lines the
   * writer holds while it opens the file come first). Lines already handed to the OS are its.
   */
  flushSync(): void {
    if (this.held.length === 0 && this.waiting.length === 0) return;
    const text = [...this.held, ...this.take()].join('');
    this.held = [];
    try {
      mkdirSync(this.options.dir, { recursive: true, mode: PRIVATE_DIR });
      appendFileSync(this.file, text, { mode: PRIVATE_FILE });
    } catch {
      // nothing more can be done on the way out
    }
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    await this.handle?.close().catch(() => undefined);
    this.handle = null;
  }

  /** The waiting lines (and a line counting the lost ones), taken out of the queue. */
  private take(): string[] {
    const lines = this.waiting;
    if (this.dropped > 0) {
      lines.push(`${JSON.stringify({ level: 'warn', time: new Date().toISOString(), msg: `${plural(this.dropped, 'line')} ${pluralWord(this.dropped, 'was', 'were')} lost while the disk was busy` })}\n`);
      this.dropped = 0;
    }
    this.waiting = [];
    this.waitingBytes = 0;
    return lines;
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const lines = this.take();
        this.held = lines;
        try {
          await this.current();
          // As many lines as fit under the cap go in one append; the next starts a new file.
          let chunk = '';
          let chunkBytes = 0;
          for (const [i, line] of lines.entries()) {
            const bytes = Buffer.byteLength(line);
            if (this.size + chunkBytes > 0 && this.size + chunkBytes + bytes > this.options.maxBytes) {
              this.held = lines.slice(i);
              if (chunk) await this.append(chunk, chunkBytes);
              [chunk, chunkBytes] = ['', 0];
              await this.rotate();
            }
            chunk += line;
            chunkBytes += bytes;
          }
          this.held = [];
          if (chunk) await this.append(chunk, chunkBytes);
        } catch (error) {
          this.held = [];
          this.options.onError(error instanceof Error ? error : new Error(String(error)));
        }
      }
    } finally {
      this.writing = null;
    }
  }

  private async append(text: string, bytes: number): Promise<void> {
    await (await this.current()).appendFile(text);
    this.size += bytes;
  }

  /** The open current file (opened, and its size read, the first time). */
  private async current(): Promise<FileHandle> {
    if (this.handle) return this.handle;
    await mkdir(this.options.dir, { recursive: true, mode: PRIVATE_DIR });
    this.handle = await open(this.file, 'a', PRIVATE_FILE);
    this.size = (await this.handle.stat()).size;
    return this.handle;
  }

  /** podium.log → podium.1.log → … → podium.(files − 1).log; the oldest is deleted. */
  private async rotate(): Promise<void> {
    await this.handle?.close();
    this.handle = null;
    const last = this.options.files - 1;
    await rm(this.older(last), { force: true });
    for (let n = last - 1; n >= 1; n--) {
      if (await exists(this.older(n))) await rename(this.older(n), this.older(n + 1));
    }
    await rename(this.file, this.older(1));
    await this.current();
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
