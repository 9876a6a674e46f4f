import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createPostgresTestApp, createPlayer, hasPostgres } from '../../helpers/testApp.ts';
import { InsufficientFunds } from '../../../server/wallet/wallet.ts';

// Races need a real pool: PGlite is one connection and serializes everything.
describe.runIf(hasPostgres)('wallet on PostgreSQL', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createPostgresTestApp();
  }, 60_000);
  afterAll(() => app?.close());

  it('reports the PostgreSQL database as ready', async () => {
    expect((await app.inject('/api/ready')).json()).toMatchObject({ status: 'ready', database: 'postgres' });
  });

  it('lets exactly as many concurrent debits through as the balance covers', async () => {
    const player = await createPlayer(app, { balance: 10 * 150 });
    const attempts = Array.from({ length: 40 }, () => app.wallet.transaction((tx) => tx.debit({ userId: player.id, amount: 150, reason: 'box_open' })));
    const results = await Promise.allSettled(attempts);
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const short = results.filter((r) => r.status === 'rejected' && r.reason instanceof InsufficientFunds).length;
    expect(ok).toBe(10);
    expect(short).toBe(30);
    expect(await app.wallet.balance(player.id)).toBe(0);
    const sums = await sql<{ total: string; player: string }>`
      select (select coalesce(sum(amount), 0) from ledger_entries)::text as total,
             (select coalesce(sum(l.amount), 0) from ledger_entries l join accounts a on a.id = l.account_id where a.user_id = ${player.id})::text as player`.execute(app.db);
    expect(sums.rows[0]).toEqual({ total: '0', player: '0' });
  });
});
