import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, hasPostgres } from '../../helpers/testApp.ts';
import { twoProcessesOnPostgres } from '../../helpers/twoNodes.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { diceRoll } from '../../../core/fair/index.ts';
import { seedPairOf, betsOf } from '../../helpers/queries.ts';
import { instantBetSettlement } from '../../../server/games/bets.ts';

// Two server processes on one PostgreSQL database, each remembering the player's seed pair: their
// batch settlements (group settlement, one statement for the bets that arrive together) race for the same nonce. Exactly one wins each race; the loser writes
// nothing and settles the long way, under the pair's row lock. No bet fails, no nonce repeats, no
// balance goes below zero, and the books balance.
describe.runIf(hasPostgres)('instant bets from two server processes on PostgreSQL', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  twoProcessesOnPostgres((first, second) => ([a, b] = [first, second]));

  const bet = (app: FastifyInstance, headers: Record<string, string>, amount: number, target = 49.5) =>
    app.inject({ method: 'POST', url: '/api/dice/bet', headers, payload: { amount, target, direction: 'under' } });

  it('60 concurrent bets of one player through both: every one settles with its own next nonce and its own roll', async () => {
    const p = await createPlayer(a, { balance: 1_000_000 });
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => bet(i % 2 ? a : b, p.headers, 1)));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const data = results.map((r) => r.json().data);
    expect(data.map((d) => d.nonce).sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    const pair = await seedPairOf(a.db, p.id);
    expect(Number(pair.nonce)).toBe(60);
    for (const d of data) expect(d.roll).toBe(diceRoll(pair.server_seed, pair.client_seed, d.nonce));
    const bets = await betsOf(a.db, p.id);
    expect(bets).toHaveLength(60);
    expect(await a.wallet.balance(p.id)).toBe(1_000_000 + bets.reduce((s, x) => s + Number(x.payout) - Number(x.amount), 0));
    const user = await a.db.selectFrom('users').select('wagered').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(Number(user.wagered)).toBe(6_000);
    await expectLedgerBalanced(a);
  });

  it('40 concurrent 1-coin bets on a 10-coin balance through both: never below zero, refusals change nothing', async () => {
    const p = await createPlayer(a, { balance: 1_000 });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => bet(i % 2 ? a : b, p.headers, 1, 10)));
    for (const r of results) expect([200, 422], r.body).toContain(r.statusCode);
    const ok = results.filter((r) => r.statusCode === 200).map((r) => r.json().data);
    expect(ok.length).toBeGreaterThanOrEqual(10);
    const nonces = ok.map((d) => d.nonce).sort((x, y) => x - y);
    expect(nonces).toEqual(Array.from({ length: ok.length }, (_, i) => i + 1));
    const bets = await betsOf(a.db, p.id);
    expect(bets).toHaveLength(ok.length);
    const balance = await a.wallet.balance(p.id);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(1_000 + bets.reduce((s, x) => s + Number(x.payout) - Number(x.amount), 0));
    await expectLedgerBalanced(a);
  });

  it('group settlement: 30 players betting at once and 3 with two requests each: every bet settled, nonces used once, balance = ledger sum', async () => {
    const players = await Promise.all(Array.from({ length: 33 }, () => createPlayer(a, { balance: 100_000 })));
    // Each player's pair exists and is remembered (so the bets below go by the batch statement).
    for (const p of players) expect((await bet(a, p.headers, 1)).statusCode).toBe(200);
    a.wallet.batchSizes(instantBetSettlement);
    const twice = players.slice(30);
    const results = await Promise.all([...players, ...twice].map((p) => bet(a, p.headers, 1)));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const sizes = a.wallet.batchSizes(instantBetSettlement);
    expect(Math.max(...sizes.histogram.keys())).toBeGreaterThan(1); // some bets did go together
    for (const p of players) {
      const bets = await betsOf(a.db, p.id);
      const count = twice.includes(p) ? 3 : 2;
      expect(bets.map((b) => Number(b.nonce)).sort((x, y) => x - y)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      expect(Number((await seedPairOf(a.db, p.id)).nonce)).toBe(count);
      expect(await a.wallet.balance(p.id)).toBe(100_000 + bets.reduce((s, x) => s + Number(x.payout) - Number(x.amount), 0));
    }
    await expectLedgerBalanced(a);
  });

  it('a logout handled by the other process ends the bets here at once, though this one remembers the token', async () => {
    const p = await createPlayer(a, { balance: 10_000 });
    expect((await bet(a, p.headers, 1)).statusCode).toBe(200); // a remembers the token and the pair
    expect((await b.inject({ method: 'POST', url: '/api/profile/logout', headers: p.headers })).statusCode).toBe(200);
    const balance = await a.wallet.balance(p.id);
    const refused = await bet(a, p.headers, 1);
    expect(refused.statusCode).toBe(401);
    expect(await a.wallet.balance(p.id)).toBe(balance);
    expect(await betsOf(a.db, p.id)).toHaveLength(1);
  });
});
