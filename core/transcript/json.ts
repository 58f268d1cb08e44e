/**
 * JSON.parse with a useful message. V8's own messages do not always carry a position (Node 20:
 * "Unexpected token '}', ... is not valid JSON"), so when parsing fails a small scanner walks the
 * text again to find where, and the message names the line and column of the first fault.
 */
import { PodiumError } from '../model/errors.js';

export function parseJson(input: string): unknown {
  // A byte-order mark (editors on Windows add one) is not part of the JSON.
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const fault = locateJsonFault(text);
    throw new PodiumError('invalid-input', `malformed JSON at line ${fault.line}, column ${fault.column} (position ${fault.position}): ${fault.problem}`);
  }
}

export interface JsonFault {
  /** 0-based character offset. */
  position: number;
  /** 1-based. */
  line: number;
  column: number;
  problem: string;
}

class Fault extends Error {
  constructor(
    readonly position: number,
    readonly problem: string,
  ) {
    super(problem);
  }
}

/** Where the first syntax error of `text` is (only meaningful for text JSON.parse rejects). */
export function locateJsonFault(text: string): JsonFault {
  let i = 0;
  const describe = (at: number): string => (at >= text.length ? 'the end of the text' : `"${text[at] === '\n' ? '\\n' : text[at]}"`);
  const skipSpace = (): void => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const expect = (what: string): never => {
    throw new Fault(i, `expected ${what} but found ${describe(i)}`);
  };
  const literal = (word: string): void => {
    if (text.startsWith(word, i)) {
      i += word.length;
      return;
    }
    expect('a value');
  };
  const string = (): void => {
    i++; // opening quote
    for (;;) {
      if (i >= text.length) throw new Fault(i, 'a string is not closed');
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return;
      }
      if (c < 0x20) throw new Fault(i, 'a string contains an unescaped control character (line break or tab)');
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) throw new Fault(i, 'a \\u escape needs four hex digits');
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else throw new Fault(i, 'invalid escape in a string');
      } else i++;
    }
  };
  const number = (): void => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!match || match[0] === '' || match[0] === '-') expect('a value');
    i += (match as RegExpExecArray)[0].length;
  };
  const key = (): void => {
    skipSpace();
    if (text[i] !== '"') expect('a property name in double quotes');
    string();
    skipSpace();
    if (text[i] !== ':') expect('":"');
    i++;
  };
  /** One JSON value, iteratively (an explicit stack of open containers, so any depth works). */
  const value = (): void => {
    const open: ('{' | '[')[] = [];
    for (;;) {
      // A value starts here.
      skipSpace();
      const c = text[i];
      let opened = false;
      if (c === '{' || c === '[') {
        i++;
        skipSpace();
        const close = c === '{' ? '}' : ']';
        if (text[i] === close) i++;
        else {
          open.push(c);
          if (c === '{') key();
          opened = true;
        }
      } else if (c === '"') string();
      else if (c === 't') literal('true');
      else if (c === 'f') literal('false');
      else if (c === 'n') literal('null');
      else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) number();
      else expect('a value');
      if (opened) continue;
      // The value ended: close containers until one continues with ",".
      for (;;) {
        const top = open[open.length - 1];
        if (top === undefined) return;
        skipSpace();
        if (text[i] === ',') {
          i++;
          if (top === '{') key();
          break;
        }
        if (text[i] === (top === '{' ? '}' : ']')) {
          i++;
          open.pop();
          continue;
        }
        expect(top === '{' ? '"," or "}"' : '"," or "]"');
      }
    }
  };

  let position = text.length;
  let problem = 'the text is not valid JSON';
  try {
    if (text.trim() === '') throw new Fault(0, 'the file is empty');
    value();
    skipSpace();
    if (i < text.length) throw new Fault(i, `unexpected ${describe(i)} after the end of the JSON value`);
  } catch (error) {
    if (error instanceof Fault) {
      position = error.position;
      problem = error.problem;
    } else throw error;
  }
  let line = 1;
  let lineStart = 0;
  for (let k = 0; k < position && k < text.length; k++) {
    if (text[k] === '\n') {
      line++;
      lineStart = k + 1;
    }
  }
  return { position, line, column: position - lineStart + 1, problem };
}
