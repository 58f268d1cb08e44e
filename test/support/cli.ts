/** Run the CLI in-process with real files, capturing what it writes. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileIo } from '../../electron/host/cli/file-io.js';
import { type CliIo, runCli } from '../../electron/host/cli/run.js';
import { saveIo } from '../../electron/host/save-cli-io.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function cli(argv: readonly string[], overrides: Partial<CliIo> = {}): CliRun {
  let stdout = '';
  let stderr = '';
  let clock = 0;
  const code = runCli(argv, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    ...fileIo,
    now: () => (clock += 1),
    ...saveIo,
    ...overrides,
  });
  return { code, stdout, stderr };
}

/** A fresh directory under os.tmpdir(); call `cleanup` in afterAll. */
export function tempDir(prefix = 'podium-test-'): { dir: string; file(name: string, content: string | object): string; cleanup(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return {
    dir,
    file(name, content) {
      const target = path.join(dir, name);
      writeFileSync(target, typeof content === 'string' ? content : JSON.stringify(content, null, 1), 'utf8');
      return target;
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
