// Plinko payout tables: rows 8–16 × risk low, medium, high; slot k (0 … rows, the number of
// right bounces) pays PLINKO_MULTIPLIERS[rows][risk][k] × bet. The ball's slot follows
// Binomial(rows, ½) (core/fair plinkoPath), so the exact return of a table is
// Σ C(rows, k) · m_k / 2^rows. Multipliers have one decimal, so with tenths t_k = 10·m_k the return is
// exactly PLINKO_RETURN_TENTHS[rows][risk] / (10 · 2^rows); every table returns 98.9 %–99.2 %.
// tests/core/fair/payouts.test.ts recomputes each value from the binomial probabilities.

export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];
export const PLINKO_ROWS = [8, 9, 10, 11, 12, 13, 14, 15, 16] as const;
export type PlinkoRows = (typeof PLINKO_ROWS)[number];

export const PLINKO_MULTIPLIERS: Record<PlinkoRows, Record<PlinkoRisk, readonly number[]>> = {
  8: {
    low: [5.6, 2.1, 1.1, 1, 0.5, 1, 1.1, 2.1, 5.6],
    medium: [13, 3, 1.3, 0.7, 0.4, 0.7, 1.3, 3, 13],
    high: [29, 4, 1.5, 0.3, 0.2, 0.3, 1.5, 4, 29],
  },
  9: {
    low: [5.6, 2, 1.6, 1, 0.7, 0.7, 1, 1.6, 2, 5.6],
    medium: [18, 4, 1.7, 0.9, 0.5, 0.5, 0.9, 1.7, 4, 18],
    high: [43, 7, 2, 0.6, 0.2, 0.2, 0.6, 2, 7, 43],
  },
  10: {
    low: [8.9, 3, 1.4, 1.1, 1, 0.5, 1, 1.1, 1.4, 3, 8.9],
    medium: [22, 5, 2, 1.4, 0.6, 0.4, 0.6, 1.4, 2, 5, 22],
    high: [76, 10, 3, 0.9, 0.3, 0.2, 0.3, 0.9, 3, 10, 76],
  },
  11: {
    low: [8.4, 3, 1.9, 1.3, 1, 0.7, 0.7, 1, 1.3, 1.9, 3, 8.4],
    medium: [24, 6, 3, 1.8, 0.7, 0.5, 0.5, 0.7, 1.8, 3, 6, 24],
    high: [120, 14, 5.2, 1.4, 0.4, 0.2, 0.2, 0.4, 1.4, 5.2, 14, 120],
  },
  12: {
    low: [10, 3, 1.6, 1.4, 1.1, 1, 0.5, 1, 1.1, 1.4, 1.6, 3, 10],
    medium: [33, 11, 4, 2, 1.1, 0.6, 0.3, 0.6, 1.1, 2, 4, 11, 33],
    high: [170, 24, 8.1, 2, 0.7, 0.2, 0.2, 0.2, 0.7, 2, 8.1, 24, 170],
  },
  13: {
    low: [8.1, 4, 3, 1.9, 1.2, 0.9, 0.7, 0.7, 0.9, 1.2, 1.9, 3, 4, 8.1],
    medium: [43, 13, 6, 3, 1.3, 0.7, 0.4, 0.4, 0.7, 1.3, 3, 6, 13, 43],
    high: [260, 37, 11, 4, 1, 0.2, 0.2, 0.2, 0.2, 1, 4, 11, 37, 260],
  },
  14: {
    low: [7.1, 4, 1.9, 1.4, 1.3, 1.1, 1, 0.5, 1, 1.1, 1.3, 1.4, 1.9, 4, 7.1],
    medium: [58, 15, 7, 4, 1.9, 1, 0.5, 0.2, 0.5, 1, 1.9, 4, 7, 15, 58],
    high: [420, 56, 18, 5, 1.9, 0.3, 0.2, 0.2, 0.2, 0.3, 1.9, 5, 18, 56, 420],
  },
  15: {
    low: [15, 8, 3, 2, 1.5, 1.1, 1, 0.7, 0.7, 1, 1.1, 1.5, 2, 3, 8, 15],
    medium: [88, 18, 11, 5, 3, 1.3, 0.5, 0.3, 0.3, 0.5, 1.3, 3, 5, 11, 18, 88],
    high: [620, 83, 27, 8, 3, 0.5, 0.2, 0.2, 0.2, 0.2, 0.5, 3, 8, 27, 83, 620],
  },
  16: {
    low: [16, 9, 2, 1.4, 1.4, 1.2, 1.1, 1, 0.5, 1, 1.1, 1.2, 1.4, 1.4, 2, 9, 16],
    medium: [110, 41, 10, 5, 3, 1.5, 1, 0.5, 0.3, 0.5, 1, 1.5, 3, 5, 10, 41, 110],
    high: [1000, 130, 26, 9, 4, 2, 0.2, 0.2, 0.2, 0.2, 0.2, 2, 4, 9, 26, 130, 1000],
  },
};

/** Documented exact return numerators: return = value / (10 · 2^rows). */
export const PLINKO_RETURN_TENTHS: Record<PlinkoRows, Record<PlinkoRisk, number>> = {
  8: { low: 2534, medium: 2532, high: 2536 },
  9: { low: 5068, medium: 5076, high: 5072 },
  10: { low: 10138, medium: 10128, high: 10144 },
  11: { low: 20276, medium: 20280, high: 20308 },
  12: { low: 40542, medium: 40546, high: 40598 },
  13: { low: 81100, medium: 81096, high: 81172 },
  14: { low: 162202, medium: 162192, high: 162166 },
  15: { low: 324406, medium: 324398, high: 324490 },
  16: { low: 648798, medium: 648730, high: 648652 },
};

export function isPlinkoRows(rows: number): rows is PlinkoRows {
  return (PLINKO_ROWS as readonly number[]).includes(rows);
}

export function isPlinkoRisk(risk: string): risk is PlinkoRisk {
  return (PLINKO_RISKS as readonly string[]).includes(risk);
}

/** The documented return of one table as a fraction of the stake (e.g. 0.98984375). */
export function plinkoReturn(rows: PlinkoRows, risk: PlinkoRisk): number {
  return PLINKO_RETURN_TENTHS[rows][risk] / (10 * 2 ** rows);
}

export function plinkoMultiplier(rows: PlinkoRows, risk: PlinkoRisk, slot: number): number {
  const m = PLINKO_MULTIPLIERS[rows][risk][slot];
  if (m === undefined) throw new Error(`slot ${slot} does not exist with ${rows} rows`);
  return m;
}
