/**
 * What the command line's logic is given, and the shape of a command. Core has no files, clock,
 * hashes, PDF renderer or argument parser: the host entry (electron/host/cli.ts) passes them in.
 */
import type { Notice } from '../api/contract.js';
import type { DocDefinition } from '../documents/index.js';
import type { Command } from '../event/commands.js';
import { PodiumError } from '../model/errors.js';
import type { EventState } from '../model/types.js';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** The file's text; throws a FileError (the host's words for why) when it cannot be read. */
  readFile(path: string): string;
  /** Throws a FileError when the file cannot be written. */
  writeFile(path: string, text: string): void;
  /** Milliseconds from any origin (performance.now), for timing pairings. */
  now(): number;
  /** `print`: render a document definition to PDF (the host's renderer, electron/host/print/cli-io.ts). */
  renderPdf?(definition: DocDefinition): Promise<{ pdf: Uint8Array; pages: number; missingCharacters: string[] }>;
  /** `print`: write bytes to a file; throws a FileError when it cannot. */
  writeBytes?(path: string, bytes: Uint8Array): void;
  /** `print`: the time printed on documents ("2026-05-01 14:05"); core has no clock. */
  timestamp?(): string;
  /** The machine's IANA time zone, for times a document prints from the journal (absent: UTC). */
  timeZone?(): string;
  /**
   * `.podium` event saves (ARCHITECTURE "The event save"). Core has no file or hash access, so the
   * entry passes the host's (electron/host/save-cli-io.ts). readSave verifies and folds a save and
   * never changes it; it throws a PodiumError (with the line) when there is no event to read, or a
   * FileError when the file cannot be read.
   */
  readSave?(path: string): SaveReading;
  /**
   * Write a new save holding these commands (the first a create-event; the host gives the event
   * its own id and creation time). Refuses an existing file, never replacing it; a PodiumError in
   * words when it cannot.
   */
  createSave?(path: string, commands: readonly Command[]): void;
}

/** What the command line needs of a save. */
export interface SaveReading {
  /** The fold of the good entries. */
  state: EventState;
  /** Number of good entries. */
  entries: number;
  /** The good entries in order (undos included): `export` reads the decklists' corrections from them. */
  journal?: readonly { seq: number; command: Command }[];
  /** Damage other than a torn last line (the line, 1-based, and what is wrong there). */
  damage?: { line: number; message: string };
  /** A torn last line, an older format, the damage again: worth a warning. */
  notices: readonly Notice[];
}

/** An invalid input: exit 2 with this one-line message. */
export class UsageError extends Error {}

/**
 * A file named on the command line cannot be read or written. The message is the whole line, in
 * the host's words ("cannot read x.json: no such file", electron/host/fs-words.ts): core knows no
 * system error codes.
 */
export class FileError extends PodiumError {}

/** A command's options, in the shape of `node:util` parseArgs's (the host parses with it). */
export type OptionSpec = Readonly<Record<string, { readonly type: 'string' | 'boolean' }>>;

export type OptionValues<O extends OptionSpec> = { [K in keyof O]?: O[K]['type'] extends 'string' ? string : boolean };

export interface ParsedArgs<O extends OptionSpec = OptionSpec> {
  /** As many as the command names, in order. */
  positionals: string[];
  values: OptionValues<O>;
}

/** One command of the command line (core/cli/commands/, one file each). */
export interface CliCommand<O extends OptionSpec = OptionSpec> {
  name: string;
  options: O;
  /** Its positional arguments, by name ("FILE.json"): each required, no others allowed. */
  positionals: readonly string[];
  /** Renders asynchronously (print): only runCliAsync runs it. */
  async?: boolean;
  /** Write the output into `out` and warnings into `warnings`; printed only once it succeeded. */
  run(args: ParsedArgs<O>, io: CliIo, out: string[], warnings: string[]): number | Promise<number>;
}

/** A command, with its option values typed from its option spec. */
export function defineCommand<const O extends OptionSpec>(command: CliCommand<O>): CliCommand<O> {
  return command;
}

/**
 * The host's argument parser (electron/host/cli/args.ts, over `node:util` parseArgs): the
 * command's positionals and option values, or a UsageError naming the problem.
 */
export type ArgParser = <O extends OptionSpec>(command: CliCommand<O>, args: readonly string[]) => ParsedArgs<O>;
