/**
 * `npm run bench`: the performance budgets of ARCHITECTURE.md "Performance budgets", measured on
 * this machine. Never run by the tests (tests never time anything).
 *
 * Each benchmark is an entry of BENCHMARKS: it prints what it wants while it runs and returns rows
 * for the final table (work, budget, measured, verdict). To add one (pods, saves, PDFs, ...) add
 * an entry; a budget nothing measures yet is listed from PENDING so the table always shows all of
 * ARCHITECTURE.md's budgets.
 */
import { performance } from 'node:perf_hooks';
import type { EventState } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { simulateEvent } from '../../core/simulate.js';

interface Row {
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

interface Benchmark {
  name: string;
  run(): Row[];
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Pairs that met in an earlier Swiss round (each repeat counts once) and byes beyond a first. */
function pairingFaults(state: EventState): { rematches: number; doubleByes: number } {
  const met = new Set<string>();
  let rematches = 0;
  const byes = new Map<string, number>();
  let doubleByes = 0;
  for (const round of state.rounds) {
    if (round.stage !== 'swiss') continue;
    for (const table of round.tables) {
      const seats = [...table.seats].sort();
      for (let i = 0; i < seats.length; i++) {
        for (let j = i + 1; j < seats.length; j++) {
          const key = `${seats[i]}\u0000${seats[j]}`;
          if (met.has(key)) rematches++;
          met.add(key);
        }
      }
    }
    for (const bye of round.byes) {
      const count = (byes.get(bye.player) ?? 0) + 1;
      byes.set(bye.player, count);
      if (count > 1) doubleByes++;
    }
  }
  return { rematches, doubleByes };
}

function swissPairing(players: number, rounds: number, budgetMs?: number): Benchmark {
  return {
    name: `mtr Swiss pairing, ${players.toLocaleString('en')} players × ${rounds} rounds (drop rate 0.02)`,
    run() {
      const started = performance.now();
      const { state, pairingMs } = simulateEvent({ ruleset: 'mtr', players, rounds, seed: 2026, dropRate: 0.02, clock: () => performance.now() });
      const total = performance.now() - started;
      const faults = pairingFaults(state);
      console.log(`  per round: ${pairingMs.map((m) => m.toFixed(1)).join(', ')} ms`);
      console.log(`  max ${ms(Math.max(...pairingMs))}; whole simulation ${ms(total)}; ${state.players.filter((p) => p.droppedAfterRound !== undefined).length} dropped`);
      console.log(`  rematches ${faults.rematches}, second byes ${faults.doubleByes}`);
      const label = `${players.toLocaleString('en')} players`;
      const last = pairingMs[pairingMs.length - 1] as number;
      return [
        budgetMs !== undefined
          ? { work: `pair one Swiss round, ${label}, head-to-head, round ${rounds}`, budget: `under ${budgetMs} ms`, limitMs: budgetMs, measured: last }
          : { work: `pair one Swiss round, ${label}, head-to-head, round ${rounds}`, budget: '', measured: last },
        { work: `  slowest of the ${rounds} rounds, ${label}`, budget: budgetMs !== undefined ? `under ${budgetMs} ms` : '', ...(budgetMs !== undefined ? { limitMs: budgetMs } : {}), measured: Math.max(...pairingMs) },
        { work: `  rematches / second byes, ${label}`, budget: '0 / 0', measured: `${faults.rematches} / ${faults.doubleByes}`, ok: faults.rematches === 0 && faults.doubleByes === 0 },
      ];
    },
  };
}

function standingsTiming(players: number, rounds: number, budgetMs: number, runs = 9): Benchmark {
  return {
    name: `mtr standings, ${players.toLocaleString('en')} players × ${rounds} rounds (median of ${runs})`,
    run() {
      const { state } = simulateEvent({ ruleset: 'mtr', players, rounds, seed: 15, dropRate: 0.02 });
      const ruleset = getRuleset('mtr');
      ruleset.standings(state); // warm-up
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        ruleset.standings(state);
        times.push(performance.now() - started);
      }
      console.log(`  runs: ${times.map((t) => t.toFixed(1)).join(', ')} ms`);
      return [
        {
          work: `standings with all tiebreakers, ${players.toLocaleString('en')} players × ${rounds} rounds`,
          budget: `under ${budgetMs} ms`,
          limitMs: budgetMs,
          measured: median(times),
        },
      ];
    },
  };
}

const BENCHMARKS: Benchmark[] = [swissPairing(1024, 12), swissPairing(4096, 12, 250), standingsTiming(4096, 15, 50)];

/** Budgets of ARCHITECTURE.md that nothing measures yet. */
const PENDING: Row[] = [
  { work: 'pair one round of pods, 2,048 players, round 9', budget: 'under 250 ms', measured: 'not built yet' },
  { work: 'open a save of 20,000 commands', budget: 'under 500 ms', measured: 'not built yet' },
  { work: 'append + fsync one result', budget: 'under 10 ms median', measured: 'not built yet' },
  { work: '1,000 match slips to PDF', budget: 'under 5 s', measured: 'not built yet' },
];

function verdict(row: Row): string {
  if (row.ok !== undefined) return row.ok ? 'ok' : 'FAIL';
  if (row.limitMs !== undefined && typeof row.measured === 'number') return row.measured < row.limitMs ? 'ok' : 'OVER';
  return '';
}

function printTable(rows: Row[]): void {
  const cells = rows.map((r) => [r.work, r.budget, typeof r.measured === 'number' ? ms(r.measured) : r.measured, verdict(r)]);
  const header = ['work', 'budget', 'measured', ''];
  const widths = header.map((h, c) => Math.max(h.length, ...cells.map((row) => (row[c] as string).length)));
  const line = (row: string[]): string => row.map((cell, c) => (c === 2 ? cell.padStart(widths[c] as number) : cell.padEnd(widths[c] as number))).join('  ').trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of cells) console.log(line(row));
}

function main(): void {
  const rows: Row[] = [];
  let failed = false;
  for (const bench of BENCHMARKS) {
    console.log(bench.name);
    try {
      rows.push(...bench.run());
    } catch (error) {
      failed = true;
      const message = error instanceof Error ? error.message : String(error);
      console.log(`  could not run: ${message}`);
      rows.push({ work: bench.name, budget: '', measured: `error: ${message.slice(0, 60)}` });
    }
    console.log('');
  }
  rows.push(...PENDING);
  printTable(rows);
  if (failed || rows.some((r) => ['OVER', 'FAIL'].includes(verdict(r)))) process.exitCode = 1;
}

main();
