/**
 * A failed zod parse in words: the first problem, where it is and what it is — how every input
 * Podium validates with zod (commands, StationApi requests, settings, the command line's
 * --settings, journal lines) says what is wrong, in one line.
 */

/** What a failed parse gives (a ZodError), structurally: no zod import needed to word one. */
export interface ZodErrorLike {
  readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[];
}

/** The first problem: its path joined with dots ("result.games.0"; "" at the root) and its message. */
export function firstIssue(error: ZodErrorLike): { path: string; message: string } {
  const issue = error.issues[0];
  return { path: issue ? issue.path.map(String).join('.') : '', message: issue?.message ?? 'unknown problem' };
}

export interface ZodMessageOptions {
  /** What joins the subject and the path: " at " (default: "invalid command at result.games"), or " " ("setting gamesToWin"). */
  at?: string;
  /** The path named for a problem with the whole value (none by default: "invalid command: …"). */
  root?: string;
}

/** "{subject}{at}{path}: {message}", e.g. "invalid command at result.games: Too small: expected …". */
export function zodMessage(error: ZodErrorLike, subject: string, options: ZodMessageOptions = {}): string {
  const { path, message } = firstIssue(error);
  const where = path || options.root || '';
  return `${subject}${where ? `${options.at ?? ' at '}${where}` : ''}: ${message}`;
}
