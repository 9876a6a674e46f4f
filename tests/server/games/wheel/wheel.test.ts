import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { verifyChain, wheelResult } from '../../../../core/fair/hashChain.ts';
import { WHEEL_MULTIPLIERS, wheelColorAt, wheelPayout, type WheelColor } from '../../../../core/games/wheel.ts';
import { WHEEL_MESSAGES } from '../../../../core/protocol/wheel.ts';
import { createPlayer } from '../../../helpers/testApp.ts';
import { expectLedgerBalanced } from '../../../helpers/ledger.ts';
import { createWheelApp } from '../../../helpers/crashRounds.ts';

// Crazy Wheel's calls over HTTP, on the server's clock (an injected clock the test moves): the
// answers' shapes (409 `{message, msg}` for a refusal by the round, 404 for another player's bet,
// 422 for bad input), the lists, the layout and the seeds. The game's rules themselves (bets,
// cancels, settlement, the restart rule) are tested on the module alone, without an app:
// wheelGame.test.ts.

let ctx: Awaited<ReturnType<typeof createWheelApp>>;
let app: FastifyInstance;
beforeAll(async () => {
  ctx = await createWheelApp();
  app = ctx.app;
});
afterAll(async () => {
  await app?.close();
});

const bet = (headers: Record<string, string>, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/wheel/bet', headers, payload });
const cancel = (headers: Record<string, string>, id: number) => app.inject({ method: 'POST', url: `/api/wheel/bet/${id}/cancel`, headers, payload: {} });
const otherColor = (segment: number): WheelColor => (wheelColorAt(segment) === 'grey' ? 'blue' : 'grey');

describe('wheel calls', () => {
  it('bet and cancel answer their shapes; a refusal by the round is 409 {message, msg}, another player\'s bet 404, a bad colour 422', async () => {
    const owner = await createPlayer(app, { balance: 10_000 });
    const other = await createPlayer(app, { balance: 10_000 });
    const round = await ctx.nextBettingRound();
    const placed = await bet(owner.headers, { amount: 4, color: 'blue' });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ data: { bet: { round_id: round.id, amount: 4, color: 'blue' }, balance: 96 }, msg: WHEEL_MESSAGES.betPlaced });
    const id = placed.json().data.bet.id as number;
    const foreign = await cancel(other.headers, id);
    expect([foreign.statusCode, foreign.json().msg]).toEqual([404, WHEEL_MESSAGES.notFound]);
    expect((await cancel(owner.headers, id)).json()).toEqual({ data: { balance: 100 }, msg: WHEEL_MESSAGES.betCanceled });
    const again = await cancel(owner.headers, id);
    expect([again.statusCode, again.json().msg]).toEqual([409, WHEEL_MESSAGES.notCancelable]);
    const bad = await bet(owner.headers, { amount: 1, color: 'red' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['color']);
    ctx.clock.jump(round.bettingEndsAt);
    const late = await bet(owner.headers, { amount: 1, color: 'grey' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: WHEEL_MESSAGES.bettingClosed, msg: WHEEL_MESSAGES.bettingClosed });
    await ctx.finishRound(round);
    await expectLedgerBalanced(app);
  });

  it('lists the ended round in recent games, its bets in recent bets and the biggest win in top payouts', async () => {
    const a = await createPlayer(app, { balance: 100_000 });
    const round = await ctx.nextBettingRound();
    const winning = wheelColorAt(round.segment);
    const ids: number[] = [];
    for (const [amount, color] of [[12.34, winning], [7.5, otherColor(round.segment)]] as const) ids.push((await bet(a.headers, { amount, color })).json().data.bet.id);
    await ctx.finishRound(round);
    const ended = await app.db.selectFrom('rounds').selectAll().where('id', '=', round.id).executeTakeFirstOrThrow();
    const recent = await app.inject({ method: 'GET', url: '/api/wheel/recent-games?limit=1' });
    const segment = Number(ended.outcome.segment);
    expect(recent.json()).toEqual({ data: [{ id: round.id, number: Number(ended.number), segment, color: wheelColorAt(segment), multiplier: WHEEL_MULTIPLIERS[wheelColorAt(segment)] / 100, hash: ended.hash, ended_at: new Date(ended.ended_at!).toISOString() }] });
    const recentBets = (await app.inject({ method: 'GET', url: '/api/wheel/recent-bets?limit=2' })).json().data;
    expect(recentBets.map((x: { id: number }) => x.id).sort()).toEqual([...ids].sort());
    const top = (await app.inject({ method: 'GET', url: '/api/wheel/top-payouts' })).json().data;
    expect(top[0]).toMatchObject({ id: ids[0], payout: wheelPayout(1234, winning, round.segment) / 100, color: winning, user: { id: a.id } });
  });

  it('serves the layout, each colour\'s return and the timings; the seeds with the active chain and revealed hashes', async () => {
    const config = (await app.inject({ method: 'GET', url: '/api/wheel/config' })).json().data;
    expect(config.segments).toHaveLength(54);
    expect(config.segments[0]).toEqual({ index: 0, color: 'gold', multiplier: 52 });
    expect(config.colors.map((c: { color: string; rtp: number }) => [c.color, c.rtp])).toEqual([['grey', 96.3], ['blue', 97.22], ['green', 96.3], ['purple', 96.3], ['gold', 96.3]]);
    expect(config).toMatchObject({ min_bet: 0.1, max_bet: 1000, timings: { betting_ms: 15_000, pending_ms: 1000, spin_ms: 5000, pause_ms: 4000 } });
    const seeds = (await app.inject({ method: 'GET', url: '/api/wheel/seeds?limit=3' })).json().data;
    expect(seeds.chain).toMatchObject({ terminating_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(seeds.rounds.length).toBeGreaterThan(0);
    for (const r of seeds.rounds) {
      expect(verifyChain(r.hash, seeds.chain.terminating_hash, 1000)).not.toBeNull();
      expect(wheelResult(r.hash, seeds.chain.salt, 54)).toBe(r.segment);
    }
  });
});
