import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../../server/app.ts';
import { testConfig } from '../../helpers/testConfig.ts';
import { createScratchDatabase } from '../../helpers/scratchDatabase.ts';
import { createPlayer, hasPostgres } from '../../helpers/testApp.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { journaledBet } from '../../helpers/journaledBets.ts';

// VIP money paid exactly once on real PostgreSQL (docs/vip.md): twenty parallel rakeback claims
// credit one; twenty parallel rank-up claims pay the rank once, and a restarted server (a new app
// on the same database) pays it no second time; the ledger balances.
describe.runIf(hasPostgres)('VIP on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let app: FastifyInstance;
  const node = () => buildApp(testConfig({ DATABASE_URL: database.url.toString() }), { seed: false });
  beforeAll(async () => {
    database = await createScratchDatabase('shop_test');
    app = await node();
  });
  afterAll(async () => {
    await app?.close().catch(() => {});
    await database?.drop();
  });

  const claimAll = (p: { headers: Record<string, string> }, url: string) => Promise.all(Array.from({ length: 20 }, () => app.inject({ method: 'POST', url, headers: p.headers })));

  it('twenty parallel rakeback claims pay once', async () => {
    const p = await createPlayer(app, { balance: 1_000_000 });
    await journaledBet(app, { userId: p.id, game: 'dice', stake: 500_000 });
    // A first claim makes the player's claim row: the race below is on that row, not on its insert.
    expect((await app.inject({ method: 'POST', url: '/api/vip/rakeback/claim', headers: p.headers })).statusCode).toBe(200);
    await journaledBet(app, { userId: p.id, game: 'dice', stake: 500_000 });
    const shown = (await app.inject({ method: 'GET', url: '/api/vip', headers: p.headers })).json().data.rakeback.claimable;
    expect(shown).toBeGreaterThan(0);
    const before = await app.wallet.balance(p.id);
    const answers = await claimAll(p, '/api/vip/rakeback/claim');
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.json()).toEqual({ message: 'No rakeback to claim yet', msg: 'No rakeback to claim yet' });
    expect(ok[0]!.json().data.amount).toBe(shown);
    expect(await app.wallet.balance(p.id)).toBe(before + Math.round(shown * 100));
    const credits = await sql<{ n: number }>`select count(*)::int as n from ledger_entries l join accounts a on a.id = l.account_id where a.user_id = ${p.id} and l.reason = 'vip_rakeback'`.execute(app.db);
    expect(credits.rows[0]!.n).toBe(2);
    await expectLedgerBalanced(app);
  });

  it('twenty parallel rank-up claims pay the rank once, and a restart pays it no second time', async () => {
    const p = await createPlayer(app, { balance: 10_000_00 });
    await journaledBet(app, { userId: p.id, game: 'dice', stake: 8_100_00, payout: 8_000_00 }); // level 10: Silver
    const answers = await claimAll(p, '/api/vip/rank-bonus/claim');
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    await app.close();
    app = await node();
    const again = await app.inject({ method: 'POST', url: '/api/vip/rank-bonus/claim', headers: p.headers });
    expect(again.json()).toEqual({ message: 'No rank-up bonus to claim', msg: 'No rank-up bonus to claim' });
    const grants = await sql<{ n: number }>`select count(*)::int as n from bonus_grants where user_id = ${p.id} and source = 'vip_rank'`.execute(app.db);
    expect(grants.rows[0]!.n).toBe(1);
    const paid = await sql<{ n: number }>`select count(*)::int as n from vip_rank_bonuses where user_id = ${p.id}`.execute(app.db);
    expect(paid.rows[0]!.n).toBe(1);
    await expectLedgerBalanced(app);
  });
});
