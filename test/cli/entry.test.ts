/** The real entry, as a subprocess: `npx tsx electron/host/cli.ts ...` with no build step. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { conformanceCasesDir, repoRoot } from '../support/paths.js';

function run(args: string[]) {
  const result = spawnSync('npx', ['tsx', 'electron/host/cli.ts', ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
  // npm itself may warn about the machine's npm configuration; that is not the CLI's output.
  const stderr = result.stderr
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('npm warn'))
    .join('\n');
  return { code: result.status, stdout: result.stdout, stderr };
}

describe('electron/host/cli.ts as a process', () => {
  it('prints standings JSON and exits 0', () => {
    const { code, stdout, stderr } = run(['standings', path.join(conformanceCasesDir, 'mtr-9-players.json'), '--json']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const json = JSON.parse(stdout) as { standings: { id: string }[] };
    expect(json.standings[0]?.id).toBe('p007');
  });

  it('exits 2 with one line on stderr and nothing on stdout for invalid input', () => {
    const { code, stdout, stderr } = run(['standings', path.join(conformanceCasesDir, 'does-not-exist.json')]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^cannot read .*does-not-exist\.json: no such file$/);
  });
});
