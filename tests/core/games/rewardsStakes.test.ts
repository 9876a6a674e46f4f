import { describe, expect, it } from 'vitest';
import { settledStakes } from '../../../core/games/rewards.ts';

// Cashback accrues on settled stakes only: a stake given back (a round that never ran, a wheel bet
// canceled before the spin) earns nothing (docs/rewards.md).
describe('settled stakes', () => {
  it('takes refunds and cancels off the stakes of their game', () => {
    const stakes = settledStakes([
      { reason: 'wheel_bet', amount: -1_000 },
      { reason: 'wheel_cancel', amount: 400 },
      { reason: 'crash_bet', amount: -500 },
      { reason: 'crash_refund', amount: 500 },
      { reason: 'dice_bet', amount: -300 },
    ]);
    expect(Object.fromEntries(stakes)).toEqual({ wheel_bet: 600, dice_bet: 300 });
  });
});
