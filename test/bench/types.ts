/**
 * The shapes test/bench/run.ts reads (its own Row and Benchmark, structurally the same), for the
 * benchmarks that live in their own files.
 */
export interface Row {
  work: string;
  /** The budget in words, e.g. "under 250 ms"; '' when the row is information only. */
  budget: string;
  /** The limit in ms, when there is one. */
  limitMs?: number;
  /** The measurement in ms, or a short text (a count, "not built yet"). */
  measured: number | string;
  /** For counts that must be 0 and the like: true = fine. */
  ok?: boolean;
}

export interface Benchmark {
  name: string;
  run(): Row[] | Promise<Row[]>;
}
