import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createTestApp } from '../../helpers/testApp.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { tokenHash } from '../../../server/accounts/tokens.ts';
import { activeSeedPair, betsOf } from '../../helpers/queries.ts';
import { instantBetSettlement, type InstantSettlement } from '../../../server/games/bets.ts';
import { settleInstantBet } from '../../helpers/settlements.ts';

// Group settlement (server/games/bets.ts, server/db/groupCommit.ts): the bets that
// arrive together (here: in one turn of the event loop) go as one statement.
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Player = Awaited<ReturnType<typeof createPlayer>>;

async function playerWithPair(balance: number) {
  const p = await createPlayer(app, { balance });
  await app.inject({ url: '/api/fair/seeds', headers: p.headers }); // creates the pair
  const pair = await activeSeedPair(app.db, p.id);
  return { ...p, pair };
}

/** The i-th bet of the tests: stakes and payouts differ, some lose. */
const betOf = (p: Player & { pair: { id: number; client_seed: string } }, i: number, nonce = 1): InstantSettlement => ({
  userId: p.id, guardValue: tokenHash(p.token), game: i % 3 ? 'dice' : 'plinko', amount: 100 + i, payout: i % 2 ? 0 : 250 + i, multiplier: i % 2 ? 0 : 2.5,
  seedPairId: p.pair.id, clientSeed: p.pair.client_seed, nonce, params: { i }, outcome: { roll: i },
});

/** Everything a bet wrote for the player, without ids and times. */
async function books(userId: number) {
  const account = await app.db.selectFrom('accounts').select(['id', 'balance', 'version']).where('user_id', '=', userId).executeTakeFirstOrThrow();
  const ledger = await app.db.selectFrom('ledger_entries').select(['amount', 'balance_after', 'reason', 'reference']).where('account_id', '=', account.id).orderBy('id').execute();
  const bets = (await betsOf(app.db, userId)).map((b) => ({ game: b.game, amount: b.amount, payout: b.payout, multiplier: Number(b.multiplier), nonce: b.nonce, params: b.params, outcome: b.outcome }));
  const pair = await activeSeedPair(app.db, userId);
  const rolls = await app.db.selectFrom('seed_pair_rolls').select('nonce').where('seed_pair_id', '=', pair.id).execute();
  const { wagered } = await app.db.selectFrom('users').select('wagered').where('id', '=', userId).executeTakeFirstOrThrow();
  return { balance: account.balance, version: account.version, ledger: ledger.filter((l) => l.reason !== 'test_grant' && l.reason !== 'deposit'), bets, nonce: pair.nonce, rolls: rolls.map((r) => r.nonce), wagered };
}

describe('group settlement of instant bets', () => {
  it('a batch of many players settles each exactly as one by one', async () => {
    const count = 12;
    const alone = await Promise.all(Array.from({ length: count }, () => playerWithPair(10_000)));
    const together = await Promise.all(Array.from({ length: count }, () => playerWithPair(10_000)));
    for (const [i, p] of alone.entries()) expect(await settleInstantBet(app, betOf(p, i))).not.toBeNull();
    app.wallet.batchSizes(instantBetSettlement);
    const balances = await Promise.all(together.map((p, i) => settleInstantBet(app, betOf(p, i))));
    expect(app.wallet.batchSizes(instantBetSettlement)).toMatchObject({ batches: 1, histogram: new Map([[count, 1]]) });
    for (const [i, p] of together.entries()) {
      expect(balances[i]).toBe(10_000 - (100 + i) + (i % 2 ? 0 : 250 + i));
      expect(await books(p.id)).toEqual(await books(alone[i]!.id));
    }
    await expectLedgerBalanced(app);
  });

  it('a batch with refused bets settles the others and refuses only those, each writing nothing', async () => {
    const ok = await Promise.all(Array.from({ length: 3 }, () => playerWithPair(10_000)));
    const [short, wrongNonce, revoked, restricted] = await Promise.all(Array.from({ length: 4 }, () => playerWithPair(10_000)));
    await app.db.updateTable('access_tokens').set({ revoked_at: new Date() }).where('id', '=', tokenHash(revoked!.token)).execute();
    await app.db.insertInto('responsible_gaming').values({ user_id: restricted!.id }).execute();
    const refused = [short!, wrongNonce!, revoked!, restricted!];
    const before = await Promise.all(refused.map((p) => books(p.id)));
    const [first, ...rest] = ok;
    app.wallet.batchSizes(instantBetSettlement);
    const answers = await Promise.all([
      settleInstantBet(app, betOf(first!, 0)),
      settleInstantBet(app, { ...betOf(short!, 0), amount: 0 }).catch((e: Error) => e.message), // throws alone, never joins
      settleInstantBet(app, { ...betOf(short!, 1), amount: 10_001 }),
      settleInstantBet(app, betOf(wrongNonce!, 1, 2)),
      settleInstantBet(app, betOf(rest[0]!, 1)),
      settleInstantBet(app, betOf(revoked!, 1)),
      settleInstantBet(app, betOf(restricted!, 1)),
      settleInstantBet(app, betOf(rest[1]!, 2)),
    ]);
    expect(answers).toEqual([10_000 - 100 + 250, 'amount must be a positive integer of cents, got 0', null, null, 10_000 - 101, null, null, 10_000 - 102 + 252]);
    expect(app.wallet.batchSizes(instantBetSettlement)).toMatchObject({ batches: 1, histogram: new Map([[7, 1]]) });
    expect(await Promise.all(refused.map((p) => books(p.id)))).toEqual(before);
    for (const p of ok) expect((await books(p.id)).nonce).toBe(1);
    await expectLedgerBalanced(app);
  });

  it("two bets of one player never share a batch: the second waits for the next and settles at the pair's next nonce", async () => {
    const [blocker, p] = await Promise.all([playerWithPair(10_000), playerWithPair(10_000)]);
    app.wallet.batchSizes(instantBetSettlement);
    const answers = await Promise.all([settleInstantBet(app, betOf(blocker!, 1)), settleInstantBet(app, betOf(p!, 1, 1)), settleInstantBet(app, betOf(p!, 1, 2))]);
    expect(answers).toEqual([9_899, 9_899, 9_798]);
    expect(app.wallet.batchSizes(instantBetSettlement)).toMatchObject({ batches: 2, histogram: new Map([[2, 1], [1, 1]]) });
    expect((await books(p!.id)).rolls).toEqual([1, 2]);
  });
});
