import { fail } from '../../model/errors.js';
import type { HeadToHeadResult, Table } from '../../model/types.js';
import type { ResultContext } from '../ruleset.js';

export function validateMtrResult(_table: Table, _result: unknown, _context: ResultContext): HeadToHeadResult {
  fail('invalid-result', 'not implemented yet');
}
