import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { createPlayer, hasPostgres } from '../../../helpers/testApp.ts';
import { expectLedgerBalanced } from '../../../helpers/ledger.ts';
import { createCrashApp, untilCrashLoopRuns } from '../../../helpers/crashRounds.ts';
import { createScratchDatabase } from '../../../helpers/scratchDatabase.ts';

// A player's cash-out must not hold up the other cash-outs of its round. (1) Its answer is held back
// from the server (as an event loop busy with thousands of sockets, a pause or a slow network
// would), and another player's cash-out of the same round must still be settled: with the round's
// counters moved inside a transaction, the row stayed locked until that server sent its COMMIT.
// (2) Another transaction holds the round row share-locked, as a cash-out still being committed
// does: a cash-out must still be settled. When each cash-out wrote the round row, it waited for
// every earlier one's commit, so a round's cash-outs went one commit at a time (docs/crash.md).

const settlesCashOut = /update\s+"?round_bets"?\s+set\s+status\s*=\s*'cashed_out'/i;

describe.runIf(hasPostgres)('a stalled cash-out on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let ctx: Awaited<ReturnType<typeof createCrashApp>>;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createScratchDatabase('shop_crash_stall');
    ctx = await createCrashApp({ DATABASE_URL: database.url.toString(), DATABASE_POOL_SIZE: '10' });
    app = ctx.app;
    await untilCrashLoopRuns(app);
  }, 60_000);

  afterAll(async () => {
    vi.restoreAllMocks();
    await app?.close();
    await database?.drop();
  });

  it('does not hold up the other cash-outs of its round', async () => {
    const round = await ctx.nextBettingRound((c) => c >= 2);
    const [a, b] = await Promise.all([createPlayer(app, { balance: 10_000 }), createPlayer(app, { balance: 10_000 })]);
    for (const p of [a!, b!]) expect((await app.inject({ method: 'POST', url: '/api/crash/bet', headers: p.headers, payload: { amount: 5 } })).statusCode).toBe(200);
    await ctx.advanceTo(round.startsAt);
    ctx.clock.set(round.startsAt + 1000);

    // The first cash-out's statement runs in PostgreSQL, but its answer reaches the server only once released.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let stalled = false;
    let sentByName = false;
    const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const result = query.apply(this, args);
      // The cash-out goes as a named prepared statement ({name, text, values}, server/db/preparedStatements.ts).
      const sent = args[0] as { name?: unknown; text?: unknown } | string;
      const text = typeof sent === 'string' ? sent : sent?.text;
      if (stalled || typeof text !== 'string' || !settlesCashOut.test(text) || !(result instanceof Promise)) return result as never;
      sentByName = typeof sent === 'object' && typeof sent.name === 'string';
      stalled = true;
      return result.then(async (answer) => {
        await released;
        return answer;
      }) as never;
    });

    try {
      const first = app.inject({ method: 'POST', url: '/api/crash/close-bet', headers: a!.headers, payload: {} });
      await expect.poll(() => stalled).toBe(true);
      expect(sentByName, 'the cash-out is sent as a named prepared statement').toBe(true);
      let second: { statusCode: number; body: string } | null = null;
      void app.inject({ method: 'POST', url: '/api/crash/close-bet', headers: b!.headers, payload: {} }).then((res) => (second = res));
      await expect.poll(() => second, { timeout: 20_000 }).not.toBeNull();
      expect(second!.statusCode, second!.body).toBe(200);
      release();
      expect((await first).statusCode).toBe(200);
    } finally {
      release();
      vi.restoreAllMocks();
    }

    const bets = await app.db.selectFrom('round_bets').select(['status', 'payout']).where('round_id', '=', round.id).execute();
    expect(bets.map((x) => x.status)).toEqual(['cashed_out', 'cashed_out']);
    await ctx.finishRound(round);
    // The round's counters are written from its bets when it ends.
    const row = await app.db.selectFrom('rounds').select(['paid', 'open_stake']).where('id', '=', round.id).executeTakeFirstOrThrow();
    expect(Number(row.paid)).toBe(bets.reduce((sum, x) => sum + x.payout!, 0));
    expect(Number(row.open_stake)).toBe(0);
    await expectLedgerBalanced(app);
  }, 120_000);

  it('settles while another transaction holds its round share-locked (as a cash-out being committed does)', async () => {
    const round = await ctx.nextBettingRound((c) => c >= 2);
    const player = await createPlayer(app, { balance: 10_000 });
    expect((await app.inject({ method: 'POST', url: '/api/crash/bet', headers: player.headers, payload: { amount: 5 } })).statusCode).toBe(200);
    await ctx.advanceTo(round.startsAt);
    ctx.clock.set(round.startsAt + 1000);

    const holder = new pg.Client({ connectionString: database.url.toString() });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from rounds where id = $1 for share', [round.id]);
      let answer: { statusCode: number; body: string } | null = null;
      void app.inject({ method: 'POST', url: '/api/crash/close-bet', headers: player.headers, payload: {} }).then((res) => (answer = res));
      // Generous for a loaded machine; a cash-out that writes the round row waits here until the commit below.
      await expect.poll(() => answer, { timeout: 10_000 }).not.toBeNull();
      expect(answer!.statusCode, answer!.body).toBe(200);
    } finally {
      await holder.query('commit');
      await holder.end();
    }
    await ctx.finishRound(round);
    await expectLedgerBalanced(app);
  }, 120_000);
});
