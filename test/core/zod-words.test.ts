/** A failed zod parse in words (core/model/zod-words.ts), as commands, requests and settings say it. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateRequest } from '../../core/api/methods.js';
import { parseCommand, settingsPatchSchema } from '../../core/event/commands.js';
import { firstIssue, zodMessage } from '../../core/model/zod-words.js';
import { getRuleset } from '../../core/rulesets/index.js';

const schema = z.object({ result: z.object({ games: z.array(z.int().min(0)) }) });
const failed = (value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('parsed');
  return parsed.error;
};

describe('zod-words', () => {
  it('the first problem: a dotted path and the message', () => {
    expect(firstIssue(failed({ result: { games: [2, -1] } }))).toEqual({ path: 'result.games.1', message: expect.stringMatching(/>=0/) });
    expect(firstIssue(failed(5)).path).toBe('');
    expect(firstIssue({ issues: [] })).toEqual({ path: '', message: 'unknown problem' });
  });

  it('one line: subject, where, what', () => {
    expect(zodMessage(failed({ result: { games: [2, -1] } }), 'invalid command')).toMatch(/^invalid command at result\.games\.1: /);
    expect(zodMessage(failed(5), 'invalid command')).toMatch(/^invalid command: /);
    expect(zodMessage(failed(5), 'setting', { at: ' ', root: '?' })).toMatch(/^setting \?: /);
  });

  it('is how commands, requests and settings say it', () => {
    const command = parseCommand({ type: 'record-result', round: 'one', table: 1, result: {} });
    expect(command.ok ? '' : command.message).toMatch(/^invalid command at round: /);
    const request = validateRequest('dispatch', { command: 5 });
    expect(request.ok ? '' : request.message).toMatch(/^dispatch: invalid request at command: /);
    expect(() => getRuleset('mtr').settings({ gamesToWin: 9 })).toThrow(/^setting gamesToWin: /);
    expect(settingsPatchSchema.safeParse({ gamesToWin: 2 }).success).toBe(true);
  });
});
