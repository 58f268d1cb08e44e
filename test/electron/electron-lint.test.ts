/**
 * The Electron shell's security review: @doyensec/electronegativity over electron/ finds
 * nothing open. Part of `npm test`, so CI runs it with everything else.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');

it('electronegativity reports no open findings in electron/', () => {
  const run = spawnSync(process.execPath, [path.join(root, 'electron', 'tools', 'lint-electron.cjs')], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  expect(run.stdout + run.stderr).toMatch(/0 open findings/);
  expect(run.status).toBe(0);
});
