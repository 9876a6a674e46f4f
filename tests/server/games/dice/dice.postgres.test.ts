import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createPostgresTestApp, hasPostgres } from '../../../helpers/testApp.ts';
import { betsOf } from '../../../helpers/queries.ts';

// Races on real PostgreSQL: one player's concurrent dice bets never spend more than the balance,
// every accepted bet has its own nonce, and ledger, balance and bet rows agree.
describe.runIf(hasPostgres)('dice on PostgreSQL under concurrency', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createPostgresTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('40 concurrent 1-coin bets on a 10-coin balance: the balance never goes negative and the books balance', async () => {
    const p = await createPlayer(app, { balance: 1_000 });
    const results = await Promise.all(
      Array.from({ length: 40 }, () => app.inject({ method: 'POST', url: '/api/dice/bet', headers: p.headers, payload: { amount: 1, target: 10, direction: 'under' } })),
    );
    const ok = results.filter((r) => r.statusCode === 200).map((r) => r.json().data);
    for (const r of results) expect([200, 422]).toContain(r.statusCode);
    expect(ok.length).toBeGreaterThanOrEqual(10);
    const nonces = ok.map((d) => d.nonce);
    expect(new Set(nonces).size).toBe(nonces.length);
    const bets = await betsOf(app.db, p.id);
    expect(bets).toHaveLength(ok.length);
    const expected = 1_000 + bets.reduce((s, b) => s + Number(b.payout) - Number(b.amount), 0);
    const balance = await app.wallet.balance(p.id);
    expect(balance).toBe(expected);
    expect(balance).toBeGreaterThanOrEqual(0);
    const ledger = await app.db
      .selectFrom('ledger_entries')
      .innerJoin('accounts', 'accounts.id', 'ledger_entries.account_id')
      .where('accounts.user_id', '=', p.id)
      .select((eb) => eb.fn.sum<string>('ledger_entries.amount').as('sum'))
      .executeTakeFirstOrThrow();
    expect(Number(ledger.sum)).toBe(balance);
    const user = await app.db.selectFrom('users').select('wagered').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(Number(user.wagered)).toBe(ok.length * 100);
  });
});
