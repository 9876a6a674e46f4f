import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { exactSteps } from '../../../core/money/cents.ts';
import { DICE_OUTCOMES, diceChanceHundredths, diceTargetProblem, diceWins, type DiceDirection } from '../../../core/games/dice.ts';
import { PLINKO_RETURN_TENTHS } from '../../../core/games/plinkoPayouts.ts';
import { PLINKO_RISKS, PLINKO_ROWS, plinkoMultiplier, plinkoPayout } from '../../../core/games/plinko.ts';
import { UPGRADE_TICKETS, upgradeWinningTickets, upgradeWins } from '../../../core/games/upgrade.ts';
import { DiceBetSchema, PlinkoBetSchema, UpgradeSchema } from '../../../core/protocol/games.ts';

// Every number that prices a bet is the number that decides it. For each game: the schema accepts
// only exact steps (no tolerance a crafted input could slip through), and over the whole outcome
// space of every accepted input the exact return is the documented one.

/** Doubles that sit within a hair of a step but are not it: 0.010000001, 99.989999999, next doubles. */
function offGrid(stepValue: number): number[] {
  const up = new Float64Array([stepValue]);
  const bits = new BigInt64Array(up.buffer);
  bits[0] = bits[0]! + 1n;
  const next = up[0]!;
  // Near large values a small offset is absorbed (the sum is the step itself): those are left out.
  return [stepValue + 1e-9, stepValue - 1e-9, stepValue + 1e-7, next].filter((v) => v !== stepValue);
}

describe('exact steps', () => {
  it('accepts exactly the doubles of whole steps and nothing near them', () => {
    expect(exactSteps(0.01, 2)).toBe(1);
    expect(exactSteps(33.75, 2)).toBe(3375);
    expect(exactSteps(0.1 + 0.2, 2)).toBeNull();
    expect(exactSteps(0.010000001, 2)).toBeNull();
    expect(exactSteps(99.989999999, 2)).toBeNull();
    expect(exactSteps(-0, 2)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (steps) => {
        const value = Number((steps / 100).toFixed(2)); // the double JSON gives for that decimal
        return exactSteps(value, 2) === steps && offGrid(value).every((v) => exactSteps(v, 2) === null);
      }),
    );
  });
});

describe('dice', () => {
  const directions: DiceDirection[] = ['under', 'over'];

  it('refuses every target that is not an exact hundredth (the 9,900× exploit)', () => {
    for (const [target, direction] of [
      [0.010000001, 'under'],
      [99.989999999, 'over'],
      [50.0000001, 'under'],
    ] as const) {
      expect(diceTargetProblem(target, direction)).not.toBeNull();
      expect(DiceBetSchema.safeParse({ amount: 1, target, direction }).success).toBe(false);
    }
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.constantFrom(...directions), (h, direction) =>
        offGrid(h / 100).every((t) => diceTargetProblem(t, direction) !== null),
      ),
    );
  });

  it('returns exactly 9900/10001 for every accepted target: winning rolls = priced chance', () => {
    // The payout is 9900 / chanceHundredths per unit staked, so the return is exactly
    // wins × 9900 / (chanceHundredths × 10001): equal to 9900/10001 iff wins = chance.
    const winsOver = (target: number, direction: DiceDirection, from: number, to: number) => {
      let wins = 0;
      for (let r = from; r <= to; r++) if (diceWins(r / 100, target, direction)) wins++;
      return wins;
    };
    let accepted = 0;
    for (const direction of directions) {
      for (let t = 0; t <= 10_000; t++) {
        const target = t / 100;
        if (diceTargetProblem(target, direction) !== null) continue;
        accepted++;
        const chance = diceChanceHundredths(target, direction);
        // Every accepted target: the win/lose boundary sits exactly at the target's hundredth.
        // diceWins is one comparison, so the rolls on each side of it all agree with the boundary.
        const boundary = direction === 'under' ? winsOver(target, direction, t - 1, t) === 1 && diceWins((t - 1) / 100, target, direction) : winsOver(target, direction, t, t + 1) === 1 && diceWins((t + 1) / 100, target, direction);
        if (!boundary) expect.fail(`${direction} ${target}: the boundary is not at the target`);
        // The extremes and every whole target: all 10,001 rolls counted.
        if (t < 200 || t > 9_800 || t % 100 === 0) {
          const wins = winsOver(target, direction, 0, DICE_OUTCOMES - 1);
          if (wins !== chance) expect.fail(`${direction} ${target}: ${wins} winning rolls for a chance of ${chance}`);
        }
      }
    }
    expect(accepted).toBe(2 * 9800); // 0.01 … 98.00 under, 2.00 … 99.99 over
  });

  it('refuses amounts that are not whole cents and hands the route exact cents', () => {
    expect(DiceBetSchema.safeParse({ amount: 0.100000001, target: 50, direction: 'under' }).success).toBe(false);
    const ok = DiceBetSchema.safeParse({ amount: 12.34, target: 50, direction: 'under' });
    expect(ok.success && ok.data.amount).toBe(1234);
  });
});

describe('plinko', () => {
  it('accepts only the listed rows, risks and whole-cent amounts', () => {
    for (const rows of [8.0000001, 16 - 1e-12, '16', 7, 17]) expect(PlinkoBetSchema.safeParse({ amount: 1, rows, risk: 'low' }).success).toBe(false);
    expect(PlinkoBetSchema.safeParse({ amount: 1.000000001, rows: 16, risk: 'low' }).success).toBe(false);
    expect(PlinkoBetSchema.safeParse({ amount: 1, rows: 16, risk: 'extreme' }).success).toBe(false);
  });

  it('returns exactly the documented table return over every path of every board', () => {
    for (const rows of PLINKO_ROWS) {
      for (const risk of PLINKO_RISKS) {
        // Every path of `rows` left/right steps, each 1/2^rows likely; slot = rights. Stake 10 coins
        // so a multiplier's tenths pay whole cents: Σ payouts = documented tenths × 2^rows / 10 × stake.
        let paid = 0;
        for (let path = 0; path < 2 ** rows; path++) {
          let slot = 0;
          for (let b = path; b; b >>= 1) slot += b & 1;
          paid += plinkoPayout(1_000, plinkoMultiplier(rows, risk, slot));
        }
        expect(paid).toBe(PLINKO_RETURN_TENTHS[rows][risk] * 100);
      }
    }
  });
});

describe('upgrade', () => {
  it('refuses amounts that are not whole cents', () => {
    expect(UpgradeSchema.safeParse({ amount: 1.000000001, target_item_id: 1 }).success).toBe(false);
    const ok = UpgradeSchema.safeParse({ amount: 1.5, target_item_id: 1 });
    expect(ok.success && ok.data.amount).toBe(150);
  });

  it('wins on exactly floor(input × 95 000 / target) tickets: never above 95 % of the input', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 90_000_000_000 }), fc.integer({ min: 1, max: 90_000_000_000 }), (input, target) => {
        const tickets = upgradeWinningTickets(input, target);
        const kept = BigInt(input) * 95_000n;
        // The return tickets × target / TICKETS is at most 95 % of the input, and one more ticket would pass it.
        return BigInt(tickets) * BigInt(target) <= kept && (BigInt(tickets) + 1n) * BigInt(target) > kept;
      }),
    );
  });

  it('counts exactly its winning tickets over the whole ticket range', () => {
    for (const [input, target] of [
      [1_000, 1_900],
      [333, 1_000],
      [2_100, 2_500],
      [79, 100],
    ]) {
      let wins = 0;
      for (let ticket = 1; ticket <= UPGRADE_TICKETS; ticket++) if (upgradeWins(ticket, input!, target!)) wins++;
      expect(wins).toBe(upgradeWinningTickets(input!, target!));
    }
  });
});
