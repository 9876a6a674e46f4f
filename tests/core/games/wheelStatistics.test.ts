import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { wheelResult } from '../../../core/fair/hashChain.ts';
import { WHEEL_COLORS, WHEEL_MULTIPLIERS, WHEEL_SEGMENTS, wheelPayout, wheelReturnFraction } from '../../../core/games/wheel.ts';

// 250,000 simulated rounds through the functions the server plays with: the chain hash gives
// the segment, a 1-coin bet on every colour is paid by wheelPayout. Each colour's mean return must
// be its exact return within 4 standard errors (a win pays m with probability p: the standard
// error of the mean is m·√(p(1 − p)/n)).

const ROUNDS = 250_000;

describe('wheel over 250k simulated rounds', { timeout: 300_000 }, () => {
  it('each colour returns its exact share within 4 standard errors', () => {
    const paid = WHEEL_COLORS.map(() => 0);
    let hash = createHash('sha256').update('wheel statistics').digest('hex');
    for (let i = 0; i < ROUNDS; i++) {
      hash = createHash('sha256').update(hash).digest('hex');
      const segment = wheelResult(hash, 'statistics-salt', WHEEL_SEGMENTS);
      WHEEL_COLORS.forEach((color, k) => (paid[k]! += wheelPayout(100, color, segment)));
    }
    WHEEL_COLORS.forEach((color, k) => {
      const { numerator, denominator } = wheelReturnFraction(color);
      const m = WHEEL_MULTIPLIERS[color] / 100;
      const p = numerator / denominator / m;
      const se = m * Math.sqrt((p * (1 - p)) / ROUNDS);
      expect(Math.abs(paid[k]! / 100 / ROUNDS - numerator / denominator), color).toBeLessThan(4 * se);
    });
  });
});
