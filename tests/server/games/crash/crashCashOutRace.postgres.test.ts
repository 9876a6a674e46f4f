import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { crashHundredthsAt, crashPayout } from '../../../../core/games/crash.ts';
import { createPlayer, hasPostgres } from '../../../helpers/testApp.ts';
import { expectLedgerBalanced } from '../../../helpers/ledger.ts';
import { createCrashApp, untilCrashLoopRuns } from '../../../helpers/crashRounds.ts';
import { createScratchDatabase } from '../../../helpers/scratchDatabase.ts';

// Players' cash-outs are settled with the round row updated last (not locked for the whole
// cash-out): here 40 of them race each other and the leader's auto cash-outs on PostgreSQL, in a
// round whose payout cap binds part-way, so some valuations go stale and take the locked way. Every
// bet ends settled once, the round's counters equal its bets, no cash-out passes the round's cap,
// and the ledger sums to every balance.

describe.runIf(hasPostgres)('crash cash-outs racing on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let ctx: Awaited<ReturnType<typeof createCrashApp>>;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createScratchDatabase('shop_crash_race');
    // Stakes of 40 × 5.00 and a round cap of 250.00: the cap allows 1.25× on everything still open
    // and rises as bets leave below it, so it binds while the curve passes 1.30×.
    ctx = await createCrashApp({ DATABASE_URL: database.url.toString(), DATABASE_POOL_SIZE: '30', CRASH_MAX_BET: '10', CRASH_MAX_PAYOUT: '20', CRASH_MAX_ROUND_PAYOUT: '250' });
    app = ctx.app;
    await untilCrashLoopRuns(app);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('40 parallel cash-outs and the leader’s auto cash-outs: each bet settled once, counters exact, cap held', async () => {
    const round = await ctx.nextBettingRound((c) => c >= 3);
    const players = await Promise.all(Array.from({ length: 40 }, () => createPlayer(app, { balance: 10_000 })));
    for (const [i, p] of players.entries()) {
      const res = await app.inject({ method: 'POST', url: '/api/crash/bet', headers: p.headers, payload: { amount: 5, auto_cashout: i % 4 === 0 ? 1.2 : null } });
      expect(res.statusCode, res.body).toBe(200);
    }
    // 1.30× is reached 4 373 ms after the launch: the auto cash-outs at 1.20× and the round cap are
    // due on the tick the players' cash-outs race.
    const at = round.startsAt + 4400;
    await ctx.advanceTo(round.startsAt);
    ctx.clock.set(at);
    const [answers] = await Promise.all([
      Promise.all(players.map((p) => app.inject({ method: 'POST', url: '/api/crash/close-bet', headers: p.headers, payload: {} }))),
      ctx.advanceTo(at + 200),
    ]);
    for (const res of answers) expect([200, 409], res.body).toContain(res.statusCode);
    await ctx.finishRound(round);

    const bets = await app.db.selectFrom('round_bets').selectAll().where('round_id', '=', round.id).execute();
    expect(bets).toHaveLength(40);
    let paid = 0;
    for (const b of bets) {
      expect(b.status).toBe('cashed_out');
      expect(b.payout).toBe(crashPayout(b.amount, Math.round(Number(b.multiplier) * 100)));
      expect(Math.round(Number(b.multiplier) * 100)).toBeLessThanOrEqual(crashHundredthsAt(4400 + 200));
      const credits = await sql<{ n: string }>`select count(*) as n from ledger_entries l join accounts a on a.id = l.account_id where a.kind = 'user' and l.reference = ${`round_bet:${b.id}`} and l.amount > 0`.execute(app.db);
      expect(Number(credits.rows[0]!.n)).toBe(1);
      paid += b.payout!;
    }
    const row = await app.db.selectFrom('rounds').selectAll().where('id', '=', round.id).executeTakeFirstOrThrow();
    expect(Number(row.paid)).toBe(paid);
    expect(Number(row.open_stake)).toBe(0);
    expect(paid).toBeLessThanOrEqual(25_000);
    // Every 200 answer is its bet's row.
    for (const [i, res] of answers.entries()) {
      if (res.statusCode !== 200) continue;
      const mine = bets.find((b) => b.user_id === players[i]!.id)!;
      expect(mine.closed_by).toBe('player');
      expect(res.json().data.payout * 100).toBe(mine.payout);
    }
    await expectLedgerBalanced(app);
  }, 120_000);
});
