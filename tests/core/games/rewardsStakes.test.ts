import { describe, expect, it } from 'vitest';
import { cashbackCents, STAKE_EDGE_BP } from '../../../core/games/rewards.ts';

// Cashback is a share of the house edge of each game's stakes (docs/rewards.md): which stakes count
// is the bets journal's (tests/server/history/journalReaders.test.ts); the edge and the rounding are here.
describe('cashback of stakes per game', () => {
  it('weighs each game\'s stakes by its edge, rounds the sum down once, and counts nothing for a game the catalog does not hold', () => {
    expect(STAKE_EDGE_BP).toMatchObject({ dice: 100, upgrade: 500, box: 1000, battle: 1000 });
    // 10 % of: 99.99 coins of dice at 1 % + 10.00 of boxes at 10 % ; 5.00 of a game without an entry counts nothing.
    const cents = cashbackCents(new Map([['dice', 99_99], ['box', 10_00], ['unlisted', 5_00]]), 10);
    expect(cents).toBe(Math.floor((99_99 * 100 + 10_00 * 1000) * 10 / 1_000_000));
    expect(cashbackCents(new Map(), 30)).toBe(0);
  });
});
