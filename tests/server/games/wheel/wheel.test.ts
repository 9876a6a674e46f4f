import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { verifyChain, wheelResult } from '../../../../core/fair/hashChain.ts';
import { WHEEL_MULTIPLIERS, WHEEL_SEGMENTS, wheelColorAt, wheelPayout, type WheelColor } from '../../../../core/games/wheel.ts';
import { WHEEL_MESSAGES } from '../../../../core/protocol/wheel.ts';
import { createPlayer } from '../../../helpers/testApp.ts';
import { expectLedgerBalanced } from '../../../helpers/ledger.ts';
import { createWheelApp } from '../../../helpers/crashRounds.ts';

// Crazy Wheel on the server's clock (an injected clock the test moves): the segment fixed from the
// chain hash when the round is created; several bets per player and colour while `starting` and
// before betting_ends_at; the owner's cancel only then (another player's bet, a second cancel and
// a late cancel change nothing); every bet settled by the segment at the spin's end, wins paid as
// `wheel_win`; the restart rule mid-round; the list calls; the ledger sums to every balance.

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
const betRow = (id: number) => app.db.selectFrom('round_bets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const creditsOf = async (betId: number) =>
  (await sql<{ amount: string; reason: string }>`select l.amount::text, l.reason from ledger_entries l join accounts a on a.id = l.account_id where a.kind = 'user' and l.reference = ${`round_bet:${betId}`} and l.amount > 0`.execute(app.db)).rows;
const otherColor = (segment: number): WheelColor => (wheelColorAt(segment) === 'grey' ? 'blue' : 'grey');

describe('wheel rounds on the server clock', () => {
  it('fixes the segment from the chain hash before betting opens, walks the statuses at the configured times and reveals the hash at the end', async () => {
    const round = await ctx.nextBettingRound();
    const row = await app.db.selectFrom('rounds').selectAll().where('id', '=', round.id).executeTakeFirstOrThrow();
    const chain = await app.db.selectFrom('hash_chains').selectAll().where('id', '=', row.chain_id).executeTakeFirstOrThrow();
    expect(row.outcome.segment).toBe(wheelResult(row.hash, chain.salt, WHEEL_SEGMENTS));
    expect(round.startsAt - round.bettingEndsAt).toBe(app.config.wheel.timings.pendingMs);
    expect(round.bettingEndsAt - new Date(row.created_at).getTime()).toBe(15_000);
    await ctx.advanceTo(round.bettingEndsAt);
    expect(app.wheel.loop.state.status).toBe('pending');
    await ctx.advanceTo(round.startsAt);
    expect(app.wheel.loop.state.status).toBe('in_progress');
    expect(round.runMs).toBe(5000);
    await ctx.finishRound(round);
    const ended = await app.db.selectFrom('rounds').selectAll().where('id', '=', round.id).executeTakeFirstOrThrow();
    expect(ended.status).toBe('ended');
    expect(new Date(ended.ended_at!).getTime()).toBe(round.startsAt + 5000);
    expect(verifyChain(ended.hash, chain.terminating_hash, 1000)).toBe(Number(ended.game_number));
    const recent = await app.inject({ method: 'GET', url: '/api/wheel/recent-games?limit=1' });
    const segment = Number(ended.outcome.segment);
    expect(recent.json()).toEqual({ data: [{ id: round.id, segment, color: wheelColorAt(segment), multiplier: WHEEL_MULTIPLIERS[wheelColorAt(segment)] / 100, hash: ended.hash, ended_at: new Date(ended.ended_at!).toISOString() }] });
  });

  it('takes several bets per player on several colours and one colour, and settles each by the segment', async () => {
    const a = await createPlayer(app, { balance: 100_000 });
    const b = await createPlayer(app, { balance: 100_000 });
    const round = await ctx.nextBettingRound();
    const winning = wheelColorAt(round.segment);
    const losing = otherColor(round.segment);
    const placed: Array<{ id: number; amount: number; color: WheelColor }> = [];
    for (const [p, amount, color] of [[a, 12.34, winning], [a, 5, winning], [a, 7.5, losing], [b, 0.15, winning], [b, 3, losing]] as const) {
      const res = await bet(p.headers, { amount, color });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ data: { bet: { round_id: round.id, amount, color } }, msg: WHEEL_MESSAGES.betPlaced });
      placed.push({ id: res.json().data.bet.id, amount: Math.round(amount * 100), color });
    }
    // Stakes leave at once.
    expect(await app.wallet.balance(a.id)).toBe(100_000 - 1234 - 500 - 750);
    await ctx.finishRound(round);
    for (const p of placed) {
      const row = await betRow(p.id);
      const payout = wheelPayout(p.amount, p.color, round.segment);
      expect(row.status).toBe(p.color === winning ? 'won' : 'lost');
      expect(Number(row.payout)).toBe(payout);
      expect((await creditsOf(p.id)).map((c) => [Number(c.amount), c.reason])).toEqual(payout > 0 ? [[payout, 'wheel_win']] : []);
    }
    const win = (cents: number) => wheelPayout(cents, winning, round.segment);
    expect(await app.wallet.balance(a.id)).toBe(100_000 - 1234 - 500 - 750 + win(1234) + win(500));
    expect(await app.wallet.balance(b.id)).toBe(100_000 - 15 - 300 + win(15));
    const r = await app.db.selectFrom('rounds').select(['wagered', 'paid', 'open_stake']).where('id', '=', round.id).executeTakeFirstOrThrow();
    expect(Number(r.open_stake)).toBe(0);
    expect(Number(r.wagered)).toBe(1234 + 500 + 750 + 15 + 300);
    const recentBets = (await app.inject({ method: 'GET', url: '/api/wheel/recent-bets?limit=5' })).json().data;
    expect(recentBets.map((x: { id: number }) => x.id).sort()).toEqual(placed.map((p) => p.id).sort());
    const top = (await app.inject({ method: 'GET', url: '/api/wheel/top-payouts' })).json().data;
    expect(top[0]).toMatchObject({ id: placed[0]!.id, payout: win(1234) / 100, color: winning, user: { id: a.id } });
    await expectLedgerBalanced(app);
  });

  it('refuses a bet at betting_ends_at by the server clock, before the loop has moved the round on', async () => {
    const p = await createPlayer(app, { balance: 10_000 });
    const round = await ctx.nextBettingRound();
    ctx.clock.jump(round.bettingEndsAt);
    const late = await bet(p.headers, { amount: 1, color: 'grey' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: WHEEL_MESSAGES.bettingClosed, msg: WHEEL_MESSAGES.bettingClosed });
    ctx.clock.jump(round.bettingEndsAt - 1);
    expect((await bet(p.headers, { amount: 1, color: 'grey' })).statusCode).toBe(200);
    await ctx.advanceTo(round.startsAt + 10);
    expect((await bet(p.headers, { amount: 1, color: 'grey' })).json().msg).toBe(WHEEL_MESSAGES.bettingClosed);
    expect(await app.wallet.balance(p.id)).toBe(9_900);
    await ctx.finishRound(round);
    const bad = await bet(p.headers, { amount: 1, color: 'red' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['color']);
    await expectLedgerBalanced(app);
  });

  it('cancel: only the owner, only while betting is open; the stake back in the same transaction; a second, a foreign or a late cancel changes nothing', async () => {
    const owner = await createPlayer(app, { balance: 10_000 });
    const other = await createPlayer(app, { balance: 10_000 });
    const round = await ctx.nextBettingRound();
    const first = (await bet(owner.headers, { amount: 4, color: 'blue' })).json().data.bet.id as number;
    const second = (await bet(owner.headers, { amount: 2, color: 'green' })).json().data.bet.id as number;

    const foreign = await cancel(other.headers, first);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toBe(WHEEL_MESSAGES.notFound);
    expect((await cancel(owner.headers, 99_999_999)).statusCode).toBe(404);

    const ok = await cancel(owner.headers, first);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: { balance: 98 }, msg: WHEEL_MESSAGES.betCanceled });
    expect((await betRow(first)).status).toBe('canceled');
    expect((await creditsOf(first)).map((c) => [Number(c.amount), c.reason])).toEqual([[400, 'wheel_cancel']]);
    const again = await cancel(owner.headers, first);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(WHEEL_MESSAGES.notCancelable);
    // The round's snapshot leaves the canceled bet out (600 of them once made it 92 KB).
    expect((await app.wheel.snapshot()).bets.map((b) => b.id)).toEqual([second]);

    // At betting_ends_at on the server's clock, before the loop's timer: too late.
    ctx.clock.jump(round.bettingEndsAt);
    const late = await cancel(owner.headers, second);
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe(WHEEL_MESSAGES.notCancelable);
    expect((await betRow(second)).status).toBe('open');
    expect(await app.wallet.balance(owner.id)).toBe(9_800);
    expect(Number((await app.db.selectFrom('rounds').select('wagered').where('id', '=', round.id).executeTakeFirstOrThrow()).wagered)).toBe(200);

    await ctx.finishRound(round);
    expect((await betRow(first)).status).toBe('canceled');
    expect((await creditsOf(first)).length).toBe(1);
    expect(['won', 'lost']).toContain((await betRow(second)).status);
    await expectLedgerBalanced(app);
  });

  it('restart rule: a round stopped while `starting` is voided with every bet refunded once; one stopped mid-spin is settled by its segment', async () => {
    const p = await createPlayer(app, { balance: 10_000 });
    let round = await ctx.nextBettingRound();
    const refunded = [(await bet(p.headers, { amount: 1, color: 'grey' })).json().data.bet.id, (await bet(p.headers, { amount: 2, color: 'gold' })).json().data.bet.id] as number[];
    await app.wheel.loop.stop();
    app.wheel.loop.start();
    await app.wheel.loop.idle();
    const voided = await app.db.selectFrom('rounds').selectAll().where('id', '=', round.id).executeTakeFirstOrThrow();
    expect(voided).toMatchObject({ status: 'ended', voided: true });
    for (const id of refunded) {
      expect((await betRow(id)).status).toBe('refunded');
      expect((await creditsOf(id)).map((c) => c.reason)).toEqual(['wheel_refund']);
    }
    expect(await app.wallet.balance(p.id)).toBe(10_000);
    // A voided round is no result.
    expect((await app.inject({ method: 'GET', url: '/api/wheel/recent-games?limit=100' })).json().data.map((g: { id: number }) => g.id)).not.toContain(round.id);

    round = await ctx.nextBettingRound();
    const winning = wheelColorAt(round.segment);
    const won = (await bet(p.headers, { amount: 3, color: winning })).json().data.bet.id as number;
    const lost = (await bet(p.headers, { amount: 1, color: otherColor(round.segment) })).json().data.bet.id as number;
    await ctx.advanceTo(round.startsAt + 1000);
    expect(app.wheel.loop.state.status).toBe('in_progress');
    await app.wheel.loop.stop();
    app.wheel.loop.start();
    await app.wheel.loop.idle();
    const settled = await app.db.selectFrom('rounds').selectAll().where('id', '=', round.id).executeTakeFirstOrThrow();
    expect(settled).toMatchObject({ status: 'ended', voided: false });
    expect(await betRow(won)).toMatchObject({ status: 'won', payout: wheelPayout(300, winning, round.segment) });
    expect(await betRow(lost)).toMatchObject({ status: 'lost', payout: 0 });
    expect((await creditsOf(won)).length).toBe(1);
    // Play goes on.
    const next = await ctx.nextBettingRound();
    expect(next.id).toBeGreaterThan(round.id);
    await expectLedgerBalanced(app);
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
