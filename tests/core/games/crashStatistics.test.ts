import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { crashPoint } from '../../../core/fair/hashChain.ts';
import { crashMsToReach, crashPointHundredths, crashServerCashOuts } from '../../../core/games/crash.ts';

// 250,000 simulated rounds through the functions the server plays with: the chain hash gives
// the crash point, an auto cash-out at m is settled by the server's rule when the curve reaches
// the crash point (bust check after the cash-outs). The share of rounds won at m must be
// 0.99 / m within 4 standard errors (binomial: √(p(1 − p)/n)).

const ROUNDS = 250_000;
const TARGETS = [101, 200, 1000, 10_000];
const LIMITS = { maxPayoutPerBet: Number.MAX_SAFE_INTEGER, maxPayoutPerRound: Number.MAX_SAFE_INTEGER };

describe('crash over 250k simulated rounds', { timeout: 300_000 }, () => {
  it('P(crash ≥ m) = 0.99 / m within 4 standard errors at m = 1.01, 2, 10, 100', () => {
    const wins = TARGETS.map(() => 0);
    let hash = createHash('sha256').update('crash statistics').digest('hex');
    for (let i = 0; i < ROUNDS; i++) {
      hash = createHash('sha256').update(hash).digest('hex');
      const crash = crashPointHundredths(crashPoint(hash, 'statistics-salt'));
      // Every target's bet in the same round, settled as the last tick does before the bust.
      const bets = TARGETS.map((target, id) => ({ id, amount: 100, autoCashout: target }));
      for (const s of crashServerCashOuts(bets, 0, crash, LIMITS)) wins[s.betId]! += 1;
    }
    TARGETS.forEach((target, k) => {
      const p = 0.99 / (target / 100);
      const se = Math.sqrt((p * (1 - p)) / ROUNDS);
      expect(Math.abs(wins[k]! / ROUNDS - p), `m = ${target / 100}`).toBeLessThan(4 * se);
    });
    expect(crashMsToReach(10_000)).toBeGreaterThan(0);
  });
});
