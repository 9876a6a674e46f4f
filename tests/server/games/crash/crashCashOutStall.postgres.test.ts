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

/** A crash app on a scratch PostgreSQL database for the describe block it is called in. */
function crashAppOnScratchDatabase(name: string, options: Parameters<typeof createCrashApp>[1] = {}) {
  const on = {} as { database: Awaited<ReturnType<typeof createScratchDatabase>>; ctx: Awaited<ReturnType<typeof createCrashApp>>; app: FastifyInstance };
  beforeAll(async () => {
    on.database = await createScratchDatabase(name);
    on.ctx = await createCrashApp({ DATABASE_URL: on.database.url.toString(), DATABASE_POOL_SIZE: '10' }, options);
    on.app = on.ctx.app;
    await untilCrashLoopRuns(on.app);
  }, 60_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await on.app?.close();
    await on.database?.drop();
  });
  return on;
}

/** Holds the answer of the first cash-out statement from the server (it runs in PostgreSQL) until released. */
function holdFirstCashOutAnswer() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let stalled = false;
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const result = query.apply(this, args);
    if (stalled || typeof args[0] !== 'string' || !settlesCashOut.test(args[0]) || !(result instanceof Promise)) return result as never;
    stalled = true;
    return result.then(async (answer) => {
      await released;
      return answer;
    }) as never;
  });
  return { stalled: () => stalled, release };
}

describe.runIf(hasPostgres)('a stalled cash-out on PostgreSQL', () => {
  const on = crashAppOnScratchDatabase('shop_crash_stall');

  it('does not hold up the other cash-outs of its round', async () => {
    const { ctx, app } = on;
    const round = await ctx.nextBettingRound((c) => c >= 2);
    const [a, b] = await Promise.all([createPlayer(app, { balance: 10_000 }), createPlayer(app, { balance: 10_000 })]);
    for (const p of [a!, b!]) expect((await app.inject({ method: 'POST', url: '/api/crash/bet', headers: p.headers, payload: { amount: 5 } })).statusCode).toBe(200);
    await ctx.advanceTo(round.startsAt);
    ctx.clock.set(round.startsAt + 1000);

    // The first cash-out's statement runs in PostgreSQL, but its answer reaches the server only once released.
    const { stalled, release } = holdFirstCashOutAnswer();

    try {
      const first = app.inject({ method: 'POST', url: '/api/crash/close-bet', headers: a!.headers, payload: {} });
      await expect.poll(stalled).toBe(true);
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
    const { ctx, app, database } = on;
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

// Cash-outs that waited together go in one statement (server/wallet/roundCashOutQueue.ts). A bet in
// it that another transaction holds locked (the leader settling or losing it) must not hold up the
// others: the statement skips it, and that cash-out is decided again the locked way, which waits.
// A statement that waited for it, holding the others' locks, could wait in a circle with the leader.
describe.runIf(hasPostgres)('cash-outs grouped in one statement on PostgreSQL', () => {
  // One statement at a time: the cash-outs that arrive behind it wait and go together.
  const on = crashAppOnScratchDatabase('shop_crash_grouped', { cashOutsInFlight: 1 });

  it('a bet locked elsewhere does not hold up the others of its statement', async () => {
    const { ctx, app, database } = on;
    const round = await ctx.nextBettingRound((c) => c >= 2);
    const [first, locked, other] = await Promise.all([0, 1, 2].map(() => createPlayer(app, { balance: 10_000 })));
    const bets: number[] = [];
    for (const p of [first!, locked!, other!]) {
      const res = await app.inject({ method: 'POST', url: '/api/crash/bet', headers: p.headers, payload: { amount: 5 } });
      expect(res.statusCode).toBe(200);
      bets.push(res.json().data.bet.id);
    }
    await ctx.advanceTo(round.startsAt);
    ctx.clock.set(round.startsAt + 1000);

    // The first cash-out's answer is held, so that the next two wait behind it and go together.
    const { stalled, release } = holdFirstCashOutAnswer();
    const holder = new pg.Client({ connectionString: database.url.toString() });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from round_bets where id = $1 for update', [bets[1]]);
      const answers = new Map<string, { statusCode: number; body: string }>();
      const cashOut = (name: string, p: { headers: Record<string, string> }) =>
        void app.inject({ method: 'POST', url: '/api/crash/close-bet', headers: p.headers, payload: {} }).then((res) => answers.set(name, res));
      cashOut('first', first!);
      await expect.poll(stalled).toBe(true);
      cashOut('locked', locked!);
      cashOut('other', other!);
      await expect.poll(() => app.wallet.cashOutsLoad).toEqual({ running: 1, waiting: 2 });
      release();
      // The other bet of that statement is settled while the locked one is still held.
      await expect.poll(() => answers.get('other'), { timeout: 10_000 }).toBeDefined();
      expect(answers.get('other')!.statusCode, answers.get('other')!.body).toBe(200);
      expect(answers.get('first')?.statusCode).toBe(200);
      expect(answers.has('locked')).toBe(false);
      await holder.query('commit');
      // Decided again the locked way once the lock is gone: still a cash-out at its time of receipt.
      await expect.poll(() => answers.get('locked'), { timeout: 10_000 }).toBeDefined();
      expect(answers.get('locked')!.statusCode, answers.get('locked')!.body).toBe(200);
    } finally {
      release();
      vi.restoreAllMocks();
      await holder.query('rollback').catch(() => undefined);
      await holder.end();
    }
    const rows = await app.db.selectFrom('round_bets').select(['id', 'status', 'multiplier']).where('round_id', '=', round.id).orderBy('id').execute();
    expect(rows.map((r) => r.status)).toEqual(['cashed_out', 'cashed_out', 'cashed_out']);
    expect(new Set(rows.map((r) => Number(r.multiplier))).size).toBe(1);
    await ctx.finishRound(round);
    await expectLedgerBalanced(app);
  }, 120_000);
});
