import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { wheelColorAt, wheelPayout, WHEEL_COLORS, type WheelColor } from '../../../../core/games/wheel.ts';
import { refundOpenBets } from '../../../../server/games/rounds/roundBets.ts';
import { createPlayer, hasPostgres } from '../../../helpers/testApp.ts';
import { expectLedgerBalanced } from '../../../helpers/ledger.ts';
import { createWheelApp } from '../../../helpers/crashRounds.ts';
import { createScratchDatabase } from '../../../helpers/scratchDatabase.ts';

// Cancels racing the round's settlement, and racing the restart rule's refund, on PostgreSQL (PGlite
// is one connection and cannot race): for every bet exactly one wins. A canceled bet has one
// `wheel_cancel` credit of its stake and no win; a settled one its win (or nothing) and no cancel;
// a refunded one one refund; the round's counters and the ledger sum.

describe.runIf(hasPostgres)('wheel cancel ∥ settle on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let ctx: Awaited<ReturnType<typeof createWheelApp>>;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createScratchDatabase('shop_wheel');
    ctx = await createWheelApp({ DATABASE_URL: database.url.toString(), DATABASE_POOL_SIZE: '30' });
    app = ctx.app;
    // On PostgreSQL the loop starts once this node holds the leader lock (polled on real time).
    const deadline = Date.now() + 30_000;
    while (!(await app.db.selectFrom('rounds').select('id').where('game', '=', 'wheel').executeTakeFirst())) {
      if (Date.now() > deadline) throw new Error('the wheel loop did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  async function placeMany(count: number) {
    const players = await Promise.all(Array.from({ length: count }, () => createPlayer(app, { balance: 10_000 })));
    const bets = await Promise.all(
      players.map(async (p, i) => {
        const color: WheelColor = WHEEL_COLORS[i % WHEEL_COLORS.length]!;
        const res = await app.inject({ method: 'POST', url: '/api/wheel/bet', headers: p.headers, payload: { amount: 1 + (i % 7), color } });
        expect(res.statusCode, res.body).toBe(200);
        return { player: p, id: res.json().data.bet.id as number, amount: (1 + (i % 7)) * 100, color };
      }),
    );
    return bets;
  }

  const cancelAll = (bets: Awaited<ReturnType<typeof placeMany>>) =>
    Promise.all(bets.map((b) => app.inject({ method: 'POST', url: `/api/wheel/bet/${b.id}/cancel`, headers: b.player.headers, payload: {} }).then((r) => r.statusCode)));

  async function entries(betId: number) {
    return (await sql<{ amount: string; reason: string }>`select l.amount::text, l.reason from ledger_entries l join accounts a on a.id = l.account_id where a.kind = 'user' and l.reference = ${`round_bet:${betId}`} order by l.id`.execute(app.db)).rows.map((e) => [Number(e.amount), e.reason]);
  }

  it('40 cancels racing the settlement: each bet is canceled or settled, never both', async () => {
    const round = await ctx.nextBettingRound();
    const bets = await placeMany(40);
    // The settlement starts once the first cancels are committing, while the others are in flight.
    const firstCancels = cancelAll(bets.slice(0, 20));
    while (!(await app.db.selectFrom('round_bets').select('id').where('round_id', '=', round.id).where('status', '=', 'canceled').executeTakeFirst())) await new Promise((r) => setTimeout(r, 1));
    const [first, settled, second] = await Promise.all([firstCancels, app.wheel.settleRound(round.id, round.segment, ctx.clock.now()), cancelAll(bets.slice(20, 30))]);
    // The last ten come once the settlement is done: refused, so the settled side always has bets
    // (on a busy machine every racing cancel can win).
    const late = await cancelAll(bets.slice(30));
    expect(late.every((c) => c === 409)).toBe(true);
    const codes = [...first, ...second, ...late];
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    let canceled = 0;
    for (const [i, b] of bets.entries()) {
      const row = await app.db.selectFrom('round_bets').select(['status', 'payout']).where('id', '=', b.id).executeTakeFirstOrThrow();
      const won = wheelPayout(b.amount, b.color, round.segment);
      if (codes[i] === 200) {
        canceled += 1;
        expect(row.status).toBe('canceled');
        expect(await entries(b.id)).toEqual([[-b.amount, 'wheel_bet'], [b.amount, 'wheel_cancel']]);
      } else {
        expect(row.status).toBe(b.color === wheelColorAt(round.segment) ? 'won' : 'lost');
        expect(await entries(b.id)).toEqual(won > 0 ? [[-b.amount, 'wheel_bet'], [won, 'wheel_win']] : [[-b.amount, 'wheel_bet']]);
      }
    }
    // Both sides have bets: cancels committed before the settlement, bets it settled.
    expect(settled).toBeGreaterThan(0);
    expect(canceled).toBeGreaterThan(0);
    const r = await app.db.selectFrom('rounds').select(['open_stake', 'wagered']).where('id', '=', round.id).executeTakeFirstOrThrow();
    expect(Number(r.open_stake)).toBe(0);
    expect(Number(r.wagered)).toBe(bets.filter((_, i) => codes[i] !== 200).reduce((s, b) => s + b.amount, 0));
    await expectLedgerBalanced(app);
    await ctx.finishRound(round);
  }, 60_000);

  it('cancels racing the restart rule\'s refund: each bet canceled or refunded exactly once', async () => {
    const round = await ctx.nextBettingRound();
    const bets = await placeMany(30);
    const [codes] = await Promise.all([cancelAll(bets), refundOpenBets(app.wallet, round.id, 'wheel')]);
    for (const [i, b] of bets.entries()) {
      const credits = (await entries(b.id)).filter(([amount]) => (amount as number) > 0);
      expect(credits).toEqual([[b.amount, codes[i] === 200 ? 'wheel_cancel' : 'wheel_refund']]);
    }
    const r = await app.db.selectFrom('rounds').select('open_stake').where('id', '=', round.id).executeTakeFirstOrThrow();
    expect(Number(r.open_stake)).toBe(0);
    await expectLedgerBalanced(app);
    await ctx.finishRound(round);
  }, 60_000);
});
