import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diceRoll } from '../../../../core/fair/index.ts';
import { placeDiceBet } from '../../../../server/games/dice/placeDiceBet.ts';
import { tokenHash } from '../../../../server/accounts/tokens.ts';
import { createPlayer } from '../../../helpers/testApp.ts';
import { createTestServices, settlementPlayerOf, type TestServices } from '../../../helpers/testServices.ts';
import { betsOf } from '../../../helpers/queries.ts';
import { expectLedgerBalanced } from '../../../helpers/ledger.ts';

// A dice bet as the domain module settles it (server/games/dice/placeDiceBet.ts on playInstantBet),
// handed the wallet and the seed-pair cache alone, with no app and no HTTP server: the outcome from
// the player's seed pair, the bet row with seed pair + nonce, XP, all or nothing. The call's own
// checks (401, 422 on bad input) and the histories: dice.test.ts.

let services: TestServices;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(async () => {
  await services?.close();
});

const player = (balance: number) => createPlayer(services, { balance });
const bet = (p: { id: number; token: string }, amount: number, target: number, direction: 'under' | 'over') => placeDiceBet(services, { player: settlementPlayerOf(services, p), amount, target, direction });

async function state(userId: number) {
  const { db, wallet } = services;
  const balance = await wallet.balance(userId);
  const user = await db.selectFrom('users').select('wagered').where('id', '=', userId).executeTakeFirstOrThrow();
  const pair = await db.selectFrom('seed_pairs').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return { balance, wagered: Number(user.wagered), bets: await betsOf(db, userId), pair };
}

describe('placeDiceBet', () => {
  it('settles a bet from the seed pair: roll, win, payout, balance, nonce, and stores it', async () => {
    const p = await player(10_000);
    const d = await bet(p, 1000, 49.5, 'under');
    expect(Object.keys(d).sort()).toEqual(['balance', 'client_seed', 'multiplier', 'nonce', 'payout', 'public_id', 'roll', 'server_seed_hash', 'win']);
    const s = await state(p.id);
    // The bet's public page (/bets/{public_id}) is its journal row's.
    expect(d.public_id).toBe((await services.db.selectFrom('bets').select('public_id').where('user_id', '=', p.id).executeTakeFirstOrThrow()).public_id);
    // The roll is the one the player's seeds give for this nonce.
    expect(d.roll).toBe(diceRoll(s.pair!.server_seed, s.pair!.client_seed, d.nonce));
    expect(d.win).toBe(d.roll < 49.5);
    expect(d.multiplier).toBe(2);
    expect(d.payout).toBe(d.win ? 20 : 0);
    expect(d.balance).toBe(100 - 10 + d.payout);
    expect(s.balance).toBe(Math.round(d.balance * 100));
    expect(d.client_seed).toBe(s.pair!.client_seed);
    expect(d.server_seed_hash).toBe(s.pair!.server_seed_hash);
    expect(s.wagered).toBe(1000);
    expect(s.bets).toHaveLength(1);
    expect(s.bets[0]).toMatchObject({ game: 'dice', amount: 1000, payout: Math.round(d.payout * 100), seed_pair_id: s.pair!.id, nonce: d.nonce });
  });

  it('pays both directions by the published rule over many bets (wins iff roll beyond target)', async () => {
    const p = await player(100_000);
    let expectedBalance = 100_000;
    for (let i = 0; i < 30; i++) {
      const direction = i % 2 ? 'over' : 'under';
      const target = direction === 'over' ? 60 : 40; // 40 % chance: 2.475×
      const d = await bet(p, 101, target, direction);
      expect(d.win).toBe(direction === 'under' ? d.roll < target : d.roll > target);
      expect(d.multiplier).toBe(2.475);
      const payout = d.win ? Math.floor((101 * 9900) / 4000) : 0;
      expect(Math.round(d.payout * 100)).toBe(payout);
      expectedBalance += payout - 101;
      expect(Math.round(d.balance * 100)).toBe(expectedBalance);
    }
    const s = await state(p.id);
    expect(s.bets.map((b) => b.nonce)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    await expectLedgerBalanced(services);
  });

  it('a stake above the balance is the 422 on amount, and nothing changes', async () => {
    const p = await player(5_000);
    await expect(bet(p, 6_000, 50, 'under')).rejects.toMatchObject({ statusCode: 422, body: { errors: { amount: ['Insufficient balance'] } } });
    const s = await state(p.id);
    expect(s).toMatchObject({ balance: 5_000, wagered: 0, bets: [] });
    expect(s.pair?.nonce ?? 0).toBe(0);
  });

  it('a token revoked since it was seen alive: the settling statement writes nothing and the player is told 401', async () => {
    const p = await player(5_000);
    await bet(p, 100, 50, 'under'); // the pair is now remembered: the next bet takes the one-statement way
    const before = await state(p.id);
    await services.db.updateTable('access_tokens').set({ revoked_at: new Date() }).where('id', '=', tokenHash(p.token)).execute();
    await expect(bet(p, 100, 50, 'under')).rejects.toMatchObject({ statusCode: 401 });
    expect(await state(p.id)).toEqual(before);
  });
});
