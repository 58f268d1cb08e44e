/**
 * `npm run cli -- print FILE.json --doc DOC --out FILE.pdf [--page-size A4|Letter]` (conformance
 * README): every document as a valid PDF for every registered rule set, and one-line errors.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DOCUMENT_NAMES } from '../../core/api/contract.js';
import { fileIo } from '../../electron/host/cli/file-io.js';
import { type CliIo, runCliAsync } from '../../electron/host/cli/run.js';
import { formatTranscript, stateToTranscript } from '../../core/transcript/index.js';
import { printIo } from '../../electron/host/print/cli-io.js';
import { tempDir } from '../support/cli.js';
import { repoRoot } from '../support/paths.js';
import { conformanceCase, pdfInfo, pdfText, printableEvents } from '../support/print.js';

const tmp = tempDir('podium-print-');
afterAll(() => tmp.cleanup());

async function cli(argv: string[], overrides: Partial<CliIo> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCliAsync(argv, {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    ...fileIo,
    now: () => 0,
    ...printIo,
    timestamp: () => '2026-05-01 14:05',
    ...overrides,
  });
  return { code, stdout, stderr };
}

/** A transcript file for every registered rule set (the conformance case when there is one). */
function transcriptFiles(): { rulesetId: string; file: string }[] {
  return printableEvents().map(({ rulesetId, state }) => {
    const known = conformanceCase(rulesetId);
    return { rulesetId, file: known ? known.file : tmp.file(`${rulesetId}.json`, formatTranscript(stateToTranscript(state))) };
  });
}

describe('print', () => {
  for (const { rulesetId, file } of transcriptFiles()) {
    it(`${rulesetId}: every document as a valid PDF`, async () => {
      for (const doc of DOCUMENT_NAMES) {
        const out = path.join(tmp.dir, `${rulesetId}-${doc}.pdf`);
        const run = await cli(['print', file, '--doc', doc, '--out', out]);
        expect(run.stderr).toBe('');
        expect(run.code).toBe(0);
        expect(run.stdout).toMatch(new RegExp(`^Wrote .*${doc}\\.pdf: ${doc}.*, \\d+ pages? \\(A4\\)\\n$`));
        const info = pdfInfo(readFileSync(out));
        expect(Number(info.Pages)).toBeGreaterThan(0);
        expect(run.stdout).toContain(`${info.Pages} page`);
      }
    });
  }

  it('names the event after the file, prints Letter, an earlier round, two sheets', async () => {
    const { file } = conformanceCase('mtr') as { file: string };
    const out = path.join(tmp.dir, 'letter.pdf');
    const run = await cli(['print', file, '--doc', 'pairings-by-name', '--out', out, '--page-size', 'Letter', '--round', '2', '--split-at', 'L']);
    expect(run.code).toBe(0);
    const pdf = readFileSync(out);
    expect(pdfInfo(pdf)['Page size']).toMatch(/^612 x 792/);
    const text = pdfText(pdf);
    expect(text).toContain('mtr-9-players');
    expect(text).toContain('Round 2');
    expect(text).toMatch(/A–K[\s\S]*L–Z/);
  });

  const { file: mtrFile } = conformanceCase('mtr') as { file: string };
  const invalid: [string, string[], RegExp][] = [
    ['an unknown document', ['--doc', 'posters', '--out', 'x.pdf'], new RegExp(`^print: unknown document "posters" \\(documents: ${DOCUMENT_NAMES.join(', ')}\\)$`)],
    ['no --doc', ['--out', 'x.pdf'], /^print: --doc is required$/],
    ['no --out', ['--doc', 'standings'], /^print: --out is required$/],
    ['a page size it does not know', ['--doc', 'standings', '--out', 'x.pdf', '--page-size', 'A5'], /^print: --page-size must be A4 or Letter \(got "A5"\)$/],
    ['a round the event does not have', ['--doc', 'standings', '--out', 'x.pdf', '--round', '9'], /mtr-9-players\.json: there is no round 9 \(rounds 1 to 4\)$/],
    ['a split that is not a letter', ['--doc', 'pairings-by-name', '--out', 'x.pdf', '--split-at', 'LM'], /^print: --split-at must be one letter/],
  ];
  for (const [name, args, message] of invalid) {
    it(`${name}: exit 2, one line, nothing written`, async () => {
      const run = await cli(['print', mtrFile, ...args]);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.split('\n')).toHaveLength(2);
      expect(run.stderr.trimEnd()).toMatch(message);
    });
  }

  it('a directory that does not exist: exit 2', async () => {
    const run = await cli(['print', mtrFile, '--doc', 'standings', '--out', path.join(tmp.dir, 'no', 'such', 'x.pdf')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^cannot write .*x\.pdf: no such directory\n$/);
  });

  it('says which characters print as boxes', async () => {
    const { state } = conformanceCase('mtr') as { state: import('../../core/model/types.js').EventState };
    const t = stateToTranscript({ ...state, players: state.players.map((p, i) => (i === 0 ? { ...p, name: '山田 太郎' } : p)) });
    const file = tmp.file('cjk.json', formatTranscript(t));
    const run = await cli(['print', file, '--doc', 'standings', '--out', path.join(tmp.dir, 'cjk.pdf')]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('note: 4 characters of the names have no glyph in the embedded font and print as an empty box: 太 山 田 郎\n');
  });

  it('works as a process: npx tsx electron/host/cli.ts print', () => {
    const out = path.join(tmp.dir, 'process.pdf');
    const result = spawnSync('npx', ['tsx', 'electron/host/cli.ts', 'print', mtrFile, '--doc', 'match-slips', '--out', out], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Wrote .*process\.pdf: match-slips, round 4, 1 page \(A4\)\n$/);
    expect(pdfText(readFileSync(out))).toContain('Games won');
  });
});
