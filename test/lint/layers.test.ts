/**
 * The layer rules (eslint.config.js) over the whole tree: part of `npm test`, so code in the wrong
 * layer fails the run like a failing test. The allowlisted debts (files that still import a rule
 * set's internals, or still have a function over the size limit) are reported as warnings and
 * listed here; an entry with nothing left to report fails, so the allowlists only ever shrink.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.js';

interface LintConfigModule {
  RULESET_INTERNALS_ALLOWLIST: string[];
  LONG_FUNCTIONS_ALLOWLIST: string[];
}

const config = (await import(pathToFileURL(path.join(repoRoot, 'eslint.config.js')).href)) as LintConfigModule;

/** The allowlists, and the one rule each one's files may still break (as warnings). */
const DEBTS = [
  { list: 'RULESET_INTERNALS_ALLOWLIST', files: config.RULESET_INTERNALS_ALLOWLIST, rule: 'ruleset-internals/no-restricted-paths' },
  { list: 'LONG_FUNCTIONS_ALLOWLIST', files: config.LONG_FUNCTIONS_ALLOWLIST, rule: 'max-lines-per-function' },
];

interface Finding {
  file: string;
  rule: string | null;
  severity: number;
  text: string;
}

let findings: Finding[] = [];

beforeAll(async () => {
  const results = await new ESLint({ cwd: repoRoot }).lintFiles(['.']);
  expect(results.length).toBeGreaterThan(100); // it did lint the tree
  findings = results.flatMap((result) => {
    const file = path.relative(repoRoot, result.filePath).split(path.sep).join('/');
    return result.messages.map((m) => ({ file, rule: m.ruleId, severity: m.severity, text: `${file}:${m.line}:${m.column} ${m.ruleId ?? '(eslint)'} ${m.message}` }));
  });
}, 120_000);

const isDebt = (f: Finding): boolean => f.severity === 1 && DEBTS.some((debt) => debt.rule === f.rule && debt.files.includes(f.file));

describe('the layers (eslint.config.js)', () => {
  it('hold everywhere: `npm run lint` finds nothing but the allowlisted debts', () => {
    expect(findings.filter((f) => !isDebt(f)).map((f) => f.text)).toEqual([]);
    const debts = findings.filter(isDebt);
    if (debts.length > 0) console.warn(`layers: ${debts.length} allowlisted finding(s) still to pay off:\n  ${debts.map((f) => f.text).join('\n  ')}`);
  });

  for (const debt of DEBTS) {
    it(`allow only what still needs it: every file in ${debt.list} still breaks ${debt.rule}`, () => {
      const stale = debt.files.filter((file) => !existsSync(path.join(repoRoot, file)) || !findings.some((f) => f.file === file && f.rule === debt.rule));
      expect(stale, `take these out of ${debt.list} in eslint.config.js: nothing of theirs is left to allow`).toEqual([]);
    });
  }
});
