// A small seeded PRNG (mulberry32) for tests that must replay exactly from a printed seed:
// the same seed gives the same sequence on every machine and Node version.

import { seededRandom as mulberry32 } from '../../scenes/kit/random.ts';

export interface SeededRandom {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T;
  /** A key of `weights`, each as likely as its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K;
}

export function seededRandom(seed: number): SeededRandom {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (list) => list[int(0, list.length - 1)]!,
    weighted(weights) {
      const entries = Object.entries(weights) as Array<[keyof typeof weights, number]>;
      let roll = next() * entries.reduce((sum, [, w]) => sum + w, 0);
      for (const [key, weight] of entries) {
        roll -= weight;
        if (roll < 0) return key;
      }
      return entries.at(-1)![0];
    },
  };
}
