import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { verifyChain, wheelResult } from '../../../../core/fair/hashChain.ts';
import { WHEEL_MAX_BETS_PER_PLAYER_ROUND, WHEEL_SEGMENTS, wheelColorAt, wheelPayout, type WheelColor } from '../../../../core/games/wheel.ts';
import { WHEEL_MESSAGES } from '../../../../core/protocol/wheel.ts';
import { createPlayer } from '../../../helpers/testApp.ts';
import { expectLedgerBalanced } from '../../../helpers/ledger.ts';
import { createWheelGame } from '../../../helpers/crashRounds.ts';

// Crazy Wheel as the domain module (server/games/wheel/wheelGame.ts on the round bets of
// server/games/rounds/roundBets.ts) handed a database, wallet, bus and hash chains, with no app and
// no HTTP server, on the server's clock (a clock the test moves): the segment fixed from the chain
// hash when the round is created; several bets per player and colour while `starting` and before
// betting_ends_at; the owner's cancel only then (another player's bet, a second cancel and a late
// cancel change nothing); every bet settled by the segment at the spin's end, wins paid as
// `wheel_win`; the restart rule mid-round; the ledger sums to every balance. The calls' shapes and
// lists: wheel.test.ts.

let ctx: Awaited<ReturnType<typeof createWheelGame>>;
beforeAll(async () => {
  ctx = await createWheelGame();
});
afterAll(async () => {
  await ctx?.close();
});

const player = (balance: number) => createPlayer(ctx.services, { balance });
const bet = (p: { id: number }, cents: number, color: WheelColor) => ctx.game.placeBet(p.id, cents, color);
/** The owner's cancel as received now by the server's clock. */
const cancel = (p: { id: number }, betId: number) => ctx.game.cancelBet(p.id, betId, ctx.clock.now());
const refused = (statusCode: number, msg: string) => ({ statusCode, body: { message: msg, msg } });
const betRow = (id: number) => ctx.services.db.selectFrom('round_bets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const roundRow = (id: number) => ctx.services.db.selectFrom('rounds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const balanceOf = (p: { id: number }) => ctx.services.wallet.balance(p.id);
const creditsOf = async (betId: number) =>
  (await sql<{ amount: string; reason: string }>`select l.amount::text, l.reason from ledger_entries l join accounts a on a.id = l.account_id where a.kind = 'user' and l.reference = ${`round_bet:${betId}`} and l.amount > 0`.execute(ctx.services.db)).rows.map((c) => [Number(c.amount), c.reason]);
const otherColor = (segment: number): WheelColor => (wheelColorAt(segment) === 'grey' ? 'blue' : 'grey');

/** The leader stops and a new one starts: the restart rule runs before its first round. */
async function restartLoop() {
  await ctx.game.loop.stop();
  ctx.game.loop.start();
  await ctx.game.loop.idle();
}

describe('wheel rounds on the server clock', () => {
  it('fixes the segment from the chain hash before betting opens, walks the statuses at the configured times and reveals the hash at the end', async () => {
    const { db, config } = ctx.services;
    const round = await ctx.nextBettingRound();
    const row = await roundRow(round.id);
    const chain = await db.selectFrom('hash_chains').selectAll().where('id', '=', row.chain_id).executeTakeFirstOrThrow();
    expect(row.outcome.segment).toBe(wheelResult(row.hash, chain.salt, WHEEL_SEGMENTS));
    expect(round.startsAt - round.bettingEndsAt).toBe(config.wheel.timings.pendingMs);
    expect(round.bettingEndsAt - new Date(row.created_at).getTime()).toBe(15_000);
    await ctx.advanceTo(round.bettingEndsAt);
    expect(ctx.game.loop.state.status).toBe('pending');
    await ctx.advanceTo(round.startsAt);
    expect(ctx.game.loop.state.status).toBe('in_progress');
    expect(round.runMs).toBe(5000);
    await ctx.finishRound(round);
    const ended = await roundRow(round.id);
    expect(ended.status).toBe('ended');
    expect(new Date(ended.ended_at!).getTime()).toBe(round.startsAt + 5000);
    expect(verifyChain(ended.hash, chain.terminating_hash, 1000)).toBe(Number(ended.game_number));
    expect((await ctx.game.snapshot()).history[0]).toMatchObject({ round_id: round.id, segment: Number(ended.outcome.segment), hash: ended.hash });
  });

  it('takes several bets per player on several colours and one colour, and settles each by the segment', async () => {
    const a = await player(100_000);
    const b = await player(100_000);
    const round = await ctx.nextBettingRound();
    const winning = wheelColorAt(round.segment);
    const losing = otherColor(round.segment);
    const placed: Array<{ id: number; amount: number; color: WheelColor }> = [];
    for (const [p, amount, color] of [[a, 1234, winning], [a, 500, winning], [a, 750, losing], [b, 15, winning], [b, 300, losing]] as const) {
      const answer = await bet(p, amount, color);
      expect(answer).toMatchObject({ bet: { round_id: round.id, amount: amount / 100, color } });
      placed.push({ id: answer.bet.id, amount, color });
    }
    // Stakes leave at once.
    expect(await balanceOf(a)).toBe(100_000 - 1234 - 500 - 750);
    await ctx.finishRound(round);
    for (const p of placed) {
      const row = await betRow(p.id);
      const payout = wheelPayout(p.amount, p.color, round.segment);
      expect(row.status).toBe(p.color === winning ? 'won' : 'lost');
      expect(Number(row.payout)).toBe(payout);
      expect(await creditsOf(p.id)).toEqual(payout > 0 ? [[payout, 'wheel_win']] : []);
    }
    const win = (cents: number) => wheelPayout(cents, winning, round.segment);
    expect(await balanceOf(a)).toBe(100_000 - 1234 - 500 - 750 + win(1234) + win(500));
    expect(await balanceOf(b)).toBe(100_000 - 15 - 300 + win(15));
    const r = await roundRow(round.id);
    expect(Number(r.open_stake)).toBe(0);
    expect(Number(r.wagered)).toBe(1234 + 500 + 750 + 15 + 300);
    await expectLedgerBalanced(ctx.services);
  });

  it('refuses a bet at betting_ends_at by the server clock, before the loop has moved the round on', async () => {
    const p = await player(10_000);
    const round = await ctx.nextBettingRound();
    ctx.clock.jump(round.bettingEndsAt);
    await expect(bet(p, 100, 'grey')).rejects.toMatchObject(refused(409, WHEEL_MESSAGES.bettingClosed));
    ctx.clock.jump(round.bettingEndsAt - 1);
    await bet(p, 100, 'grey');
    await ctx.advanceTo(round.startsAt + 10);
    await expect(bet(p, 100, 'grey')).rejects.toMatchObject(refused(409, WHEEL_MESSAGES.bettingClosed));
    expect(await balanceOf(p)).toBe(9_900);
    await ctx.finishRound(round);
    await expectLedgerBalanced(ctx.services);
  });

  it(`caps a player's bets in one round at ${WHEEL_MAX_BETS_PER_PLAYER_ROUND}, canceled ones included: the next is refused and moves nothing, and the snapshot stays small`, async () => {
    const heavy = await player(100_000);
    const round = await ctx.nextBettingRound();
    const ids: number[] = [];
    for (let i = 0; i < WHEEL_MAX_BETS_PER_PLAYER_ROUND; i += 1) ids.push((await bet(heavy, 10, i % 2 ? 'grey' : 'blue')).bet.id);
    await cancel(heavy, ids[0]!);
    const before = await balanceOf(heavy);
    await expect(bet(heavy, 10, 'grey')).rejects.toMatchObject(refused(409, WHEEL_MESSAGES.tooManyBets));
    expect(await balanceOf(heavy)).toBe(before);
    // Another player still bets in the same round.
    expect((await bet(await player(1_000), 10, 'grey')).bet.round_id).toBe(round.id);
    const snapshot = await ctx.game.snapshot();
    expect(snapshot.bets.filter((b) => b.user.id === heavy.id)).toHaveLength(WHEEL_MAX_BETS_PER_PLAYER_ROUND - 1);
    expect(JSON.stringify(snapshot).length).toBeLessThan(8_000);
    await ctx.finishRound(round);
    await expectLedgerBalanced(ctx.services);
  });

  it('cancel: only the owner, only while betting is open; the stake back in the same transaction; a second, a foreign or a late cancel changes nothing', async () => {
    const owner = await player(10_000);
    const other = await player(10_000);
    const round = await ctx.nextBettingRound();
    const first = (await bet(owner, 400, 'blue')).bet.id;
    const second = (await bet(owner, 200, 'green')).bet.id;

    await expect(cancel(other, first)).rejects.toMatchObject(refused(404, WHEEL_MESSAGES.notFound));
    await expect(cancel(owner, 99_999_999)).rejects.toMatchObject({ statusCode: 404 });

    expect(await cancel(owner, first)).toEqual({ balance: 98 });
    expect((await betRow(first)).status).toBe('canceled');
    expect(await creditsOf(first)).toEqual([[400, 'wheel_cancel']]);
    await expect(cancel(owner, first)).rejects.toMatchObject(refused(409, WHEEL_MESSAGES.notCancelable));
    // The round's snapshot leaves the canceled bet out (600 of them once made it 92 KB).
    expect((await ctx.game.snapshot()).bets.map((b) => b.id)).toEqual([second]);

    // At betting_ends_at on the server's clock, before the loop's timer: too late.
    ctx.clock.jump(round.bettingEndsAt);
    await expect(cancel(owner, second)).rejects.toMatchObject(refused(409, WHEEL_MESSAGES.notCancelable));
    expect((await betRow(second)).status).toBe('open');
    expect(await balanceOf(owner)).toBe(9_800);
    expect(Number((await roundRow(round.id)).wagered)).toBe(200);

    await ctx.finishRound(round);
    expect((await betRow(first)).status).toBe('canceled');
    expect(await creditsOf(first)).toHaveLength(1);
    expect(['won', 'lost']).toContain((await betRow(second)).status);
    await expectLedgerBalanced(ctx.services);
  });

  it('restart rule: a round stopped while `starting` is voided with every bet refunded once; one stopped mid-spin is settled by its segment', async () => {
    const p = await player(10_000);
    let round = await ctx.nextBettingRound();
    const refunded = [(await bet(p, 100, 'grey')).bet.id, (await bet(p, 200, 'gold')).bet.id];
    await restartLoop();
    expect(await roundRow(round.id)).toMatchObject({ status: 'ended', voided: true });
    for (const id of refunded) {
      expect((await betRow(id)).status).toBe('refunded');
      expect((await creditsOf(id)).map(([, reason]) => reason)).toEqual(['wheel_refund']);
    }
    expect(await balanceOf(p)).toBe(10_000);
    // A voided round is no result: the history strip leaves it out.
    expect((await ctx.game.snapshot()).history.map((h) => h.round_id)).not.toContain(round.id);

    round = await ctx.nextBettingRound();
    const winning = wheelColorAt(round.segment);
    const won = (await bet(p, 300, winning)).bet.id;
    const lost = (await bet(p, 100, otherColor(round.segment))).bet.id;
    await ctx.advanceTo(round.startsAt + 1000);
    expect(ctx.game.loop.state.status).toBe('in_progress');
    await restartLoop();
    expect(await roundRow(round.id)).toMatchObject({ status: 'ended', voided: false });
    expect(await betRow(won)).toMatchObject({ status: 'won', payout: wheelPayout(300, winning, round.segment) });
    expect(await betRow(lost)).toMatchObject({ status: 'lost', payout: 0 });
    expect(await creditsOf(won)).toHaveLength(1);
    // Play goes on.
    const next = await ctx.nextBettingRound();
    expect(next.id).toBeGreaterThan(round.id);
    await expectLedgerBalanced(ctx.services);
  });
});
