import { describe, expect, it } from 'vitest';
import { diceRoll, plinkoPath, ticket } from '../../../core/fair/index.ts';
import { DICE_RETURN, diceChance, diceWins, dicePayout } from '../../../core/games/dice.ts';
import { PLINKO_RISKS, PLINKO_ROWS, plinkoConfig, plinkoMultiplier, plinkoPayout, plinkoReturn } from '../../../core/games/plinko.ts';
import { UPGRADE_EDGE, UPGRADE_TICKETS, upgradeWinningTickets, upgradeWins } from '../../../core/games/upgrade.ts';

// Seeded simulations of 250k bets per game through the same outcome functions the server uses:
// the mean return must land within 4 standard errors of the exact expected return, the error
// taken from the tables' own variance (not from the sample).

const BETS = 250_000;
const SERVER_SEED = 'f'.repeat(16) + '0123456789abcdef'.repeat(3);
const CLIENT_SEED = 'simulation';

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

describe('plinko config', () => {
  it('documents, for every table, the exact return Σ C(n,k)·m_k / 2^n', () => {
    const config = plinkoConfig();
    expect(config.tables).toHaveLength(PLINKO_ROWS.length * PLINKO_RISKS.length);
    for (const t of config.tables) {
      const exact = t.multipliers.reduce((sum, m, k) => sum + (binomial(t.rows, k) * m) / 2 ** t.rows, 0);
      expect(t.return).toBeCloseTo(exact, 12);
      expect(t.multipliers).toHaveLength(t.rows + 1);
    }
  });

  it('pays whole cents, rounding down, and exactly m × amount when it divides', () => {
    expect(plinkoPayout(100, 5.6)).toBe(560);
    expect(plinkoPayout(15, 0.3)).toBe(4); // 4.5 cents → 4
    expect(plinkoPayout(1000, 1000)).toBe(1_000_000);
  });
});

describe('seeded simulations, 250k bets each', () => {
  it('dice lands within 4 standard errors of 9900/10001', () => {
    // Targets cycle through several chances; each bet's variance is known exactly.
    const bets = [
      { target: 49.5, direction: 'under' as const },
      { target: 10, direction: 'under' as const },
      { target: 90, direction: 'over' as const },
      { target: 2, direction: 'under' as const },
      { target: 25.25, direction: 'over' as const },
    ];
    let total = 0;
    let variance = 0;
    for (let n = 0; n < BETS; n++) {
      const bet = bets[n % bets.length]!;
      const chance = diceChance(bet.target, bet.direction);
      const m = 99 / chance;
      const p = (chance * 100) / 10001;
      variance += m * m * p - DICE_RETURN * DICE_RETURN;
      if (diceWins(diceRoll(SERVER_SEED, CLIENT_SEED, n), bet.target, bet.direction)) total += m;
    }
    const mean = total / BETS;
    const se = Math.sqrt(variance) / BETS;
    expect(Math.abs(mean - DICE_RETURN)).toBeLessThan(4 * se);
    // The cent payout never pays more than the exact multiplier.
    expect(dicePayout(100, 49.5, 'under')).toBe(200);
    expect(dicePayout(33, 3, 'under')).toBe(1089);
  }, 120_000);

  it('plinko (all 27 tables in turn) lands within 4 standard errors of the documented returns', () => {
    const tables = PLINKO_ROWS.flatMap((rows) => PLINKO_RISKS.map((risk) => ({ rows, risk })));
    let total = 0;
    let expected = 0;
    let variance = 0;
    const moments = tables.map(({ rows, risk }) => {
      const mean = plinkoReturn(rows, risk);
      let second = 0;
      for (let k = 0; k <= rows; k++) second += (binomial(rows, k) / 2 ** rows) * plinkoMultiplier(rows, risk, k) ** 2;
      return { mean, variance: second - mean * mean };
    });
    for (let n = 0; n < BETS; n++) {
      const i = n % tables.length;
      const { rows, risk } = tables[i]!;
      const { slot } = plinkoPath(SERVER_SEED, CLIENT_SEED, n, rows);
      total += plinkoMultiplier(rows, risk, slot);
      expected += moments[i]!.mean;
      variance += moments[i]!.variance;
    }
    expect(Math.abs(total - expected)).toBeLessThan(4 * Math.sqrt(variance));
  }, 180_000);

  it('upgrade lands within 4 standard errors of (winning tickets / 100 000) × target / input', () => {
    // Input and target values in cents; chances from about 2 % to 76 %.
    const cases = [
      { input: 1_000, target: 2_000 },
      { input: 350, target: 10_000 },
      { input: 7_999, target: 10_000 },
      { input: 1_234, target: 55_555 },
    ];
    let total = 0;
    let expected = 0;
    let variance = 0;
    for (let n = 0; n < BETS; n++) {
      const c = cases[n % cases.length]!;
      const p = upgradeWinningTickets(c.input, c.target) / UPGRADE_TICKETS;
      const m = c.target / c.input;
      expected += p * m;
      variance += m * m * p * (1 - p);
      if (upgradeWins(ticket(SERVER_SEED, CLIENT_SEED, n), c.input, c.target)) total += m;
    }
    expect(Math.abs(total - expected)).toBeLessThan(4 * Math.sqrt(variance));
    // The exact return sits just under 1 − edge: winning tickets round down.
    for (const c of cases) {
      const rtp = (upgradeWinningTickets(c.input, c.target) / UPGRADE_TICKETS) * (c.target / c.input);
      expect(rtp).toBeLessThanOrEqual(1 - UPGRADE_EDGE + 1e-12);
      expect(rtp).toBeGreaterThan(1 - UPGRADE_EDGE - c.target / c.input / UPGRADE_TICKETS - 1e-12);
    }
  }, 120_000);
});
