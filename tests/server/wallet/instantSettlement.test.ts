import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createTestApp } from '../../helpers/testApp.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { diceRoll } from '../../../core/fair/index.ts';
import { tokenHash } from '../../../server/accounts/tokens.ts';
import { activeSeedPair, betsOf } from '../../helpers/queries.ts';
import { settleInstantBet } from '../../helpers/settlements.ts';

// Instant bets are decided from the seed pair this process remembers and settled in one
// statement that only goes through while the database still agrees (server/fair/seedPairCache.ts).
// These are the cases where it no longer does: each bet must still use the pair's real next roll.
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const dice = (p: { headers: Record<string, string> }, amount = 1) =>
  app.inject({ method: 'POST', url: '/api/dice/bet', headers: p.headers, payload: { amount, target: 49.5, direction: 'under' } });

describe('instant bets against a seed pair that moved on', () => {
  it('after a rotation the next bet takes nonce 1 of the new pair', async () => {
    const p = await createPlayer(app, { balance: 10_000 });
    expect((await dice(p)).json().data.nonce).toBe(1);
    expect((await dice(p)).json().data.nonce).toBe(2);
    const rotated = (await app.inject({ method: 'POST', url: '/api/fair/seeds/rotate', headers: p.headers })).json().data;
    const bet = (await dice(p)).json().data;
    const pair = await activeSeedPair(app.db, p.id);
    expect(bet).toMatchObject({ nonce: 1, server_seed_hash: rotated.current.server_seed_hash, client_seed: pair.client_seed });
    expect(bet.roll).toBe(diceRoll(pair.server_seed, pair.client_seed, 1));
    expect(Number(pair.nonce)).toBe(1);
  });

  it('the settling statement writes nothing unless balance, pair, client seed, nonce and token all still hold', async () => {
    // Each case breaks exactly one condition, as a race between deciding and settling would
    // (e.g. a client seed changed in place on an unused pair keeps its id and nonce 0).
    const p = await createPlayer(app, { balance: 1_000 });
    const other = await createPlayer(app, { balance: 1_000 });
    await app.inject({ url: '/api/fair/seeds', headers: p.headers }); // creates the pair
    const pair = await activeSeedPair(app.db, p.id);
    const hash = tokenHash(p.token);
    const valid = { userId: p.id, guardValue: hash, game: 'dice' as const, amount: 100, payout: 0, multiplier: 0, seedPairId: pair.id, clientSeed: pair.client_seed, nonce: 1, params: {}, outcome: {} };
    const books = async () => ({
      balance: await app.wallet.balance(p.id),
      nonce: Number((await activeSeedPair(app.db, p.id)).nonce),
      bets: (await betsOf(app.db, p.id)).length,
      rolls: (await app.db.selectFrom('seed_pair_rolls').select('nonce').where('seed_pair_id', '=', pair.id).execute()).length,
    });
    const before = await books();
    for (const broken of [{ amount: 1_001 }, { seedPairId: pair.id + 1_000_000 }, { clientSeed: `${pair.client_seed}x` }, { nonce: 2 }, { nonce: 0 }, { guardValue: tokenHash(other.token) }, { guardValue: tokenHash('no such token') }]) {
      expect(await settleInstantBet(app, { ...valid, ...broken })).toBeNull();
      expect(await books()).toEqual(before);
    }
    // The token revoked, then expired: each alone stops the statement.
    const token = app.db.updateTable('access_tokens').where('id', '=', hash);
    for (const dead of [{ revoked_at: new Date() }, { expires_at: new Date(Date.now() - 1000) }]) {
      await token.set(dead).execute();
      expect(await settleInstantBet(app, valid)).toBeNull();
      expect(await books()).toEqual(before);
      await token.set({ revoked_at: null, expires_at: new Date(Date.now() + 3_600_000) }).execute();
    }
    expect(await settleInstantBet(app, valid)).toBe(900);
    expect(await books()).toEqual({ balance: 900, nonce: 1, bets: 1, rolls: 1 });
    await app.inject({ method: 'POST', url: '/api/fair/seeds/rotate', headers: p.headers });
    expect(await settleInstantBet(app, { ...valid, nonce: 2 })).toBeNull(); // revealed
    await expectLedgerBalanced(app);
  });

  it('a nonce taken by another game in between is skipped, not reused', async () => {
    const p = await createPlayer(app, { balance: 10_000 });
    await dice(p);
    // A box opening or upgrade takes the pair's next nonce in its own transaction.
    await app.db.updateTable('seed_pairs').set((eb) => ({ nonce: eb('nonce', '+', 1) })).where('user_id', '=', p.id).where('revealed_at', 'is', null).execute();
    const bet = (await dice(p)).json().data;
    const pair = await activeSeedPair(app.db, p.id);
    expect(bet.nonce).toBe(3);
    expect(bet.roll).toBe(diceRoll(pair.server_seed, pair.client_seed, 3));
  });

  it('a stake above the balance writes nothing, by either path', async () => {
    const p = await createPlayer(app, { balance: 150 });
    expect((await dice(p)).statusCode).toBe(200); // the pair is now remembered
    const before = await activeSeedPair(app.db, p.id);
    const balance = await app.wallet.balance(p.id);
    const refused = await dice(p, balance / 100 + 1);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: { amount: ['Insufficient balance'] } });
    expect(await app.wallet.balance(p.id)).toBe(balance);
    expect(Number((await activeSeedPair(app.db, p.id)).nonce)).toBe(Number(before.nonce));
    expect(await betsOf(app.db, p.id)).toHaveLength(1);
    await expectLedgerBalanced(app);
  });

  it('writes the stake and the payout as two transfers, the stake row showing the balance between them', async () => {
    const p = await createPlayer(app, { balance: 100_000 });
    let won = null;
    for (let i = 0; i < 40 && !won; i++) {
      const bet = (await dice(p, 2)).json().data;
      if (bet.win) won = bet;
    }
    expect(won).not.toBeNull();
    const rows = await app.db
      .selectFrom('ledger_entries')
      .innerJoin('accounts', 'accounts.id', 'ledger_entries.account_id')
      .select(['transfer_id', 'amount', 'balance_after', 'reason', 'accounts.kind'])
      .where('reason', 'in', ['dice_bet', 'dice_win'])
      .where('transfer_id', 'in', (eb) => eb.selectFrom('ledger_entries').select('transfer_id').where('account_id', '=', eb.selectFrom('accounts').select('id').where('user_id', '=', p.id)))
      .orderBy('ledger_entries.id', 'desc')
      .limit(4)
      .execute();
    const player = rows.filter((r) => r.kind === 'user');
    const win = player.find((r) => r.reason === 'dice_win')!;
    const stake = player.find((r) => r.reason === 'dice_bet')!;
    expect(Number(win.amount)).toBe(400);
    expect(Number(stake.amount)).toBe(-200);
    expect(Number(stake.balance_after)).toBe(Number(win.balance_after) - 400);
    expect(Number(win.balance_after)).toBe(Math.round(won!.balance * 100));
    expect(new Set(rows.map((r) => r.transfer_id)).size).toBe(2);
    await expectLedgerBalanced(app);
  });
});

describe('instant bets on a token this process has seen alive before', () => {
  // The bet routes skip their own token lookup for such a token and leave the check to the
  // settling statement (server/plugins/auth.ts). A token that died meanwhile, as through a logout
  // handled by another server process, must still be refused and must change nothing.
  const plinko = (p: { headers: Record<string, string> }) =>
    app.inject({ method: 'POST', url: '/api/plinko/bet', headers: p.headers, payload: { amount: 1, rows: 8, risk: 'low' } });
  const books = async (userId: number) => ({
    balance: await app.wallet.balance(userId),
    pairs: await app.db.selectFrom('seed_pairs').select(['id', 'nonce']).where('user_id', '=', userId).execute(),
    bets: (await betsOf(app.db, userId)).length,
  });
  const kill = (p: { token: string }, dead: { revoked_at?: Date; expires_at?: Date }) => app.db.updateTable('access_tokens').set(dead).where('id', '=', tokenHash(p.token)).execute();

  for (const [death, dead] of [
    ['revoked', { revoked_at: new Date() }],
    ['expired', { expires_at: new Date(Date.now() - 1000) }],
  ] as const) {
    it(`once the token is ${death}, dice and plinko answer 401 and nothing is written`, async () => {
      const p = await createPlayer(app, { balance: 10_000 });
      expect((await dice(p)).statusCode).toBe(200); // remembered: token, then pair
      await kill(p, dead);
      const before = await books(p.id);
      for (const bet of [dice, plinko]) {
        const refused = await bet(p);
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toEqual({ message: 'Unauthenticated.' });
      }
      expect(await books(p.id)).toEqual(before);
      await expectLedgerBalanced(app);
    });
  }

  it('a dead token creates no seed pair either (the pair is read only after the token is confirmed)', async () => {
    const p = await createPlayer(app, { balance: 10_000 });
    expect((await app.inject({ url: '/api/profile', headers: p.headers })).statusCode).toBe(200); // remembers the token
    await kill(p, { revoked_at: new Date() });
    expect((await dice(p)).statusCode).toBe(401);
    expect(await books(p.id)).toEqual({ balance: 10_000, pairs: [], bets: 0 });
  });

  it('a logout ends the bets at once', async () => {
    const p = await createPlayer(app, { balance: 10_000 });
    expect((await dice(p)).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/profile/logout', headers: p.headers })).statusCode).toBe(200);
    expect((await dice(p)).statusCode).toBe(401);
    expect((await plinko(p)).statusCode).toBe(401);
  });

  it('a live token keeps betting, and an unknown one never starts', async () => {
    const p = await createPlayer(app, { balance: 10_000 });
    for (let i = 1; i <= 3; i++) expect((await dice(p)).json().data.nonce).toBe(i);
    expect((await dice({ headers: { authorization: 'Bearer not-a-token' } })).statusCode).toBe(401);
  });
});
