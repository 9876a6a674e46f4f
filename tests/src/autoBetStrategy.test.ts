import { describe, expect, it } from 'vitest';
import { afterBet, initialState, stopReason, type AutoBetSettings } from '../../src/features/autobet/autoBetStrategy.ts';

// The auto-bet rules: reset or raise by x % on win / loss, stop after N bets or on profit / loss.
const base: AutoBetSettings = { baseAmount: 100, bets: 0, onWin: { mode: 'reset' }, onLoss: { mode: 'raise', percent: 100 }, stopOnProfit: 0, stopOnLoss: 0 };

describe('auto-bet strategy', () => {
  it('doubles after a loss and resets after a win (martingale)', () => {
    let s = initialState(base);
    s = afterBet(base, s, s.nextAmount, 0);
    expect(s).toEqual({ placed: 1, profit: -100, nextAmount: 200 });
    s = afterBet(base, s, s.nextAmount, 0);
    expect(s.nextAmount).toBe(400);
    s = afterBet(base, s, s.nextAmount, 800);
    expect(s).toEqual({ placed: 3, profit: 100, nextAmount: 100 });
  });

  it('raises by a fraction of a percent by at least one cent', () => {
    const settings = { ...base, onLoss: { mode: 'raise' as const, percent: 0.1 } };
    expect(afterBet(settings, initialState(settings), 100, 0).nextAmount).toBe(101);
  });

  it('stops after the number of bets, on profit and on loss', () => {
    expect(stopReason({ ...base, bets: 2 }, { placed: 2, profit: 0, nextAmount: 1 })).toBe('count');
    expect(stopReason({ ...base, bets: 2 }, { placed: 1, profit: 0, nextAmount: 1 })).toBeNull();
    expect(stopReason({ ...base, stopOnProfit: 500 }, { placed: 9, profit: 500, nextAmount: 1 })).toBe('profit');
    expect(stopReason({ ...base, stopOnLoss: 300 }, { placed: 9, profit: -299, nextAmount: 1 })).toBeNull();
    expect(stopReason({ ...base, stopOnLoss: 300 }, { placed: 9, profit: -300, nextAmount: 1 })).toBe('loss');
    expect(stopReason(base, { placed: 1000, profit: -1e6, nextAmount: 1 })).toBeNull();
  });
});
