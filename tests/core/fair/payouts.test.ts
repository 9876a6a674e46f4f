import { describe, expect, it } from 'vitest';
import { PLINKO_MULTIPLIERS, PLINKO_RETURN_TENTHS, PLINKO_RISKS, PLINKO_ROWS, plinkoReturn, plinkoMultiplier } from '../../../core/games/plinkoPayouts.ts';
import { DICE_MAX_CHANCE, DICE_MIN_CHANCE, DICE_OUTCOMES, DICE_RETURN, diceChance, diceMultiplier, diceWins } from '../../../core/games/dicePayout.ts';

// Exact expected return of every payout table against its documented value.

function binomial(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 1n; i <= BigInt(k); i++) r = (r * (BigInt(n - k) + i)) / i;
  return r;
}

describe('plinko tables', () => {
  for (const rows of PLINKO_ROWS) {
    for (const risk of PLINKO_RISKS) {
      it(`${rows} rows, ${risk}: exact return Σ C(n,k)·m_k / 2^n equals the documented value`, () => {
        const table = PLINKO_MULTIPLIERS[rows][risk];
        expect(table).toHaveLength(rows + 1);
        expect([...table].reverse()).toEqual([...table]);
        // Integer arithmetic: multipliers in tenths, probabilities as C(n,k) / 2^n.
        let tenths = 0n;
        table.forEach((m, k) => {
          expect(Number.isInteger(Math.round(m * 10)) && Math.abs(m * 10 - Math.round(m * 10)) < 1e-9).toBe(true);
          tenths += binomial(rows, k) * BigInt(Math.round(m * 10));
        });
        expect(Number(tenths)).toBe(PLINKO_RETURN_TENTHS[rows][risk]);
        const rtp = plinkoReturn(rows, risk);
        expect(rtp).toBeGreaterThan(0.985);
        expect(rtp).toBeLessThan(0.995);
      });
    }
  }

  it('refuses slots outside the table', () => {
    expect(plinkoMultiplier(8, 'low', 0)).toBe(5.6);
    expect(() => plinkoMultiplier(8, 'low', 9)).toThrow();
  });
});

describe('dice', () => {
  it('returns exactly 9900/10001 for every target and direction', () => {
    // Exact: count winning rolls among the 10001 values in integer hundredths.
    // Every 7th target plus both ends of the allowed range (all 10 000 take seconds for nothing).
    const targets = [1, 2, 199, 200, 201, 9799, 9800, 9801, 9998, 9999];
    for (let t = 3; t < 9999; t += 7) targets.push(t);
    for (const targetHundredths of targets) {
      const target = targetHundredths / 100;
      for (const direction of ['under', 'over'] as const) {
        const chance = diceChance(target, direction);
        if (chance < DICE_MIN_CHANCE || chance > DICE_MAX_CHANCE) continue;
        let wins = 0;
        for (let r = 0; r < DICE_OUTCOMES; r++) if (diceWins(r / 100, target, direction)) wins += 1;
        expect(wins).toBe(Math.round(chance * 100));
        // return = multiplier × wins / 10001 = (99 / chance) × (100·chance) / 10001
        expect(Math.abs((diceMultiplier(chance) * wins) / DICE_OUTCOMES - DICE_RETURN)).toBeLessThan(1e-12);
      }
    }
    expect(DICE_RETURN).toBeCloseTo(0.9899, 4);
  });

  it('refuses chances outside the allowed range', () => {
    expect(() => diceMultiplier(0)).toThrow();
    expect(() => diceMultiplier(98.01)).toThrow();
    expect(diceMultiplier(49.5)).toBe(2);
  });
});
