/** Small hand-made transcripts for tests (plain objects; JSON.stringify them for files). */
import type { Transcript } from '../../core/transcript/index.js';

/** Six players, two finished rounds of mtr Swiss, nobody dropped. */
export function mtrSix(): Transcript {
  return {
    transcript: 1,
    ruleset: 'mtr',
    seed: 7,
    players: [
      { id: 'p01', name: 'Alice Archer' },
      { id: 'p02', name: 'Bruno Baker' },
      { id: 'p03', name: 'Chloé Castro' },
      { id: 'p04', name: 'Dmitri Dvořák' },
      { id: 'p05', name: 'Emma Evans' },
      { id: 'p06', name: 'Farid Fischer' },
    ],
    rounds: [
      {
        stage: 'swiss',
        tables: [
          { table: 1, seats: ['p01', 'p02'], result: { games: [2, 0, 0] } },
          { table: 2, seats: ['p03', 'p04'], result: { games: [2, 1, 0] } },
          { table: 3, seats: ['p05', 'p06'], result: { games: [1, 2, 0] } },
        ],
      },
      {
        tables: [
          { table: 1, seats: ['p01', 'p03'], result: { games: [1, 1, 1] } },
          { table: 2, seats: ['p06', 'p02'], result: { games: [2, 0, 0] } },
          { table: 3, seats: ['p04', 'p05'], result: { games: [0, 0, 3] } },
        ],
      },
    ],
  };
}

/** A deep copy to mutate in a test. */
export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
