import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashHundredthsAt, crashMsToReach, crashPayout } from '../../../../core/games/crash.ts';
import { verifyChain, crashPoint } from '../../../../core/fair/hashChain.ts';
import { CRASH_MESSAGES } from '../../../../core/protocol/crash.ts';
import { createPlayer } from '../../../helpers/testApp.ts';
import { settlementPlayerOf } from '../../../helpers/testServices.ts';
import { expectLedgerBalanced } from '../../../helpers/ledger.ts';
import { createCrashGame, type CrashRoundInfo } from '../../../helpers/crashRounds.ts';

/** A bet's public id (/bets/{public_id}): tests/server/transparency/betLinks.test.ts opens its page. */
const PUBLIC_ID = expect.stringMatching(/^[0-9a-f]{32}$/);

// Crash as the domain module (server/games/crash/crashGame.ts) handed a database, wallet, bus and
// hash chains, with no app and no HTTP server, on the server's clock (a clock the test moves): bets
// only while `starting` and before betting_ends_at, one per player; a cash-out valued at the
// server's time of receipt and refused at or after the crash; auto cash-outs paid at exactly their
// target (a target equal to the crash point wins); the per-bet and per-round payout caps; the ledger
// sums to every balance. The calls' shapes and their token checks: crash.test.ts.

let ctx: Awaited<ReturnType<typeof createCrashGame>>;
beforeAll(async () => {
  ctx = await createCrashGame();
});
afterAll(async () => {
  await ctx?.close();
});

type Ctx = typeof ctx;
const player = (c: Ctx, balance: number) => createPlayer(c.services, { balance });
/** The cash-out as received now by the server's clock. */
const cashOut = (c: Ctx, p: { id: number; token: string }) => c.game.closeBet(settlementPlayerOf(c.services, p), c.clock.now());
const refused = (msg: string) => ({ statusCode: 409, body: { message: msg, msg } });
const betRow = (id: number) => ctx.services.db.selectFrom('round_bets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const launchOf = (round: CrashRoundInfo) => round.startsAt;

describe('crash rounds on the server clock', () => {
  it('walks new → starting → pending → in_progress → ended at the configured times, revealing the hash at the end', async () => {
    const { db } = ctx.services;
    const round = await ctx.nextBettingRound((c) => c >= 1.5);
    expect(round.bettingEndsAt - round.startsAt).toBe(-1000);
    await ctx.advanceTo(round.bettingEndsAt);
    expect(ctx.game.loop.state.status).toBe('pending');
    await ctx.advanceTo(round.startsAt);
    expect(ctx.game.loop.state.status).toBe('in_progress');
    const row = await db.selectFrom('rounds').selectAll().where('id', '=', round.id).executeTakeFirstOrThrow();
    expect(new Date(row.launched_at!).getTime()).toBe(round.startsAt);
    await ctx.finishRound(round);
    const ended = await db.selectFrom('rounds').selectAll().where('id', '=', round.id).executeTakeFirstOrThrow();
    expect(ended.status).toBe('ended');
    expect(new Date(ended.ended_at!).getTime()).toBe(round.startsAt + round.runMs);
    const chain = await db.selectFrom('hash_chains').selectAll().where('id', '=', ended.chain_id).executeTakeFirstOrThrow();
    // The revealed hash walks back to the published terminating hash, and gives the crash point.
    expect(verifyChain(ended.hash, chain.terminating_hash, 1000)).toBe(Number(ended.game_number));
    expect(crashPoint(ended.hash, chain.salt)).toBe(round.crashPoint);
    // A (re)connecting socket's snapshot shows it in the history strip with its hash.
    expect((await ctx.game.snapshot()).history[0]).toMatchObject({ round_id: round.id, crash_point: round.crashPoint, hash: ended.hash });
  });

  it('a bet at betting_ends_at by the server clock is refused, before the loop has moved the round on, and nothing changes', async () => {
    const p = await player(ctx, 10_000);
    const round = await ctx.nextBettingRound();
    ctx.clock.jump(round.bettingEndsAt);
    await expect(ctx.game.placeBet(p.id, 100, null)).rejects.toMatchObject(refused(CRASH_MESSAGES.bettingClosed));
    ctx.clock.jump(round.bettingEndsAt - 1);
    expect(await ctx.game.placeBet(p.id, 100, null)).toMatchObject({ bet: { round_id: round.id, amount: 1, auto_cashout: null }, balance: 99 });
    await ctx.advanceTo(round.bettingEndsAt);
    await expect(ctx.game.placeBet(p.id, 100, null)).rejects.toMatchObject(refused(CRASH_MESSAGES.bettingClosed));
    expect(await ctx.services.wallet.balance(p.id)).toBe(9_900);
    await ctx.finishRound(round);
    await expectLedgerBalanced(ctx.services);
  });

  it('one bet per player per round; a stake above the balance is the 422 on amount and changes nothing', async () => {
    const p = await player(ctx, 10_000);
    await ctx.nextBettingRound();
    expect(await ctx.game.placeBet(p.id, 250, 200)).toMatchObject({ bet: { amount: 2.5, auto_cashout: 2 }, balance: 97.5 });
    await expect(ctx.game.placeBet(p.id, 100, null)).rejects.toMatchObject(refused(CRASH_MESSAGES.alreadyBet));
    const poor = await player(ctx, 100);
    await expect(ctx.game.placeBet(poor.id, 101, null)).rejects.toMatchObject({ statusCode: 422, body: { errors: { amount: ['Insufficient balance'] } } });
    expect(await ctx.services.wallet.balance(poor.id)).toBe(100);
    expect(await ctx.services.wallet.balance(p.id)).toBe(9_750);
  });

  it('a cash-out is valued at the time of receipt; one millisecond after the crash it is refused', async () => {
    const round = await ctx.nextBettingRound((c) => c >= 1.5);
    const early = await player(ctx, 10_000);
    const late = await player(ctx, 10_000);
    await expect(cashOut(ctx, early)).rejects.toMatchObject(refused(CRASH_MESSAGES.noOpenBet));
    await ctx.game.placeBet(early.id, 300, null);
    await ctx.game.placeBet(late.id, 300, null);
    await expect(cashOut(ctx, early)).rejects.toMatchObject(refused(CRASH_MESSAGES.notLaunched));
    await ctx.advanceTo(launchOf(round));
    const crashAt = launchOf(round) + round.runMs;
    // Both arrive before the loop's next tick: only the server time of receipt decides.
    ctx.clock.jump(crashAt - 1);
    const hundredths = crashHundredthsAt(round.runMs - 1);
    expect(hundredths).toBeLessThan(Math.round(round.crashPoint * 100));
    expect(await cashOut(ctx, early)).toEqual({ multiplier: hundredths / 100, payout: crashPayout(300, hundredths) / 100, balance: (10_000 - 300 + crashPayout(300, hundredths)) / 100, public_id: PUBLIC_ID });
    await expect(cashOut(ctx, early)).rejects.toMatchObject(refused(CRASH_MESSAGES.noOpenBet));
    ctx.clock.jump(crashAt + 1);
    await expect(cashOut(ctx, late)).rejects.toMatchObject(refused(CRASH_MESSAGES.crashed));
    expect(await ctx.services.wallet.balance(late.id)).toBe(9_700);
    // Exactly at the crash is too late as well.
    ctx.clock.jump(crashAt);
    await expect(cashOut(ctx, late)).rejects.toMatchObject(refused(CRASH_MESSAGES.crashed));
    await ctx.finishRound(round);
    const lost = await ctx.services.db.selectFrom('round_bets').selectAll().where('round_id', '=', round.id).where('user_id', '=', late.id).executeTakeFirstOrThrow();
    expect(lost).toMatchObject({ status: 'lost', payout: 0 });
    expect(await ctx.services.wallet.balance(late.id)).toBe(9_700);
    await expectLedgerBalanced(ctx.services);
  });

  it('a cash-out is paid at the multiplier its button showed, never above the curve at the time of receipt nor after the crash', async () => {
    const round = await ctx.nextBettingRound((c) => c >= 1.5);
    const clicked = await player(ctx, 10_000);
    const known = await player(ctx, 10_000);
    const ahead = await player(ctx, 10_000);
    const late = await player(ctx, 10_000);
    for (const p of [clicked, known, ahead, late]) await ctx.game.placeBet(p.id, 300, null);
    await ctx.advanceTo(launchOf(round));
    // Received 700 ms after the button read 1.13× (network and a busy server): paid 1.13×, not the later point.
    ctx.clock.jump(launchOf(round) + crashMsToReach(113) + 700);
    expect(crashHundredthsAt(ctx.clock.now() - launchOf(round))).toBeGreaterThanOrEqual(117);
    const cashOutShown = (p: { id: number; token: string }, shown: number) => ctx.game.closeBet(settlementPlayerOf(ctx.services, p), ctx.clock.now(), shown);
    expect(await cashOutShown(clicked, 113)).toEqual({ multiplier: 1.13, payout: crashPayout(300, 113) / 100, balance: (10_000 - 300 + crashPayout(300, 113)) / 100, public_id: PUBLIC_ID });
    // The same from a fresh read of the bet (a node that did not take the bet).
    ctx.game.knownBets.forget(known.id);
    expect(await cashOutShown(known, 114)).toMatchObject({ multiplier: 1.14 });
    // A shown multiplier ahead of the server's curve (a fast clock, a forged body) gets the curve at receipt.
    const atReceipt = crashHundredthsAt(ctx.clock.now() - launchOf(round));
    expect(await cashOutShown(ahead, round.crashPoint * 100 - 1)).toMatchObject({ multiplier: atReceipt / 100 });
    // Received at the crash: refused, whatever the button showed before it.
    ctx.clock.jump(launchOf(round) + round.runMs);
    await expect(cashOutShown(late, 120)).rejects.toMatchObject(refused(CRASH_MESSAGES.crashed));
    await ctx.finishRound(round);
    const rows = await ctx.services.db.selectFrom('round_bets').select(['user_id', 'status', 'multiplier', 'payout']).where('round_id', '=', round.id).execute();
    const rowOf = (id: number) => rows.find((r) => r.user_id === id);
    expect(rowOf(clicked.id)).toMatchObject({ status: 'cashed_out', payout: crashPayout(300, 113) });
    expect(Number(rowOf(clicked.id)!.multiplier)).toBe(1.13);
    expect(Number(rowOf(known.id)!.multiplier)).toBe(1.14);
    expect(rowOf(late.id)).toMatchObject({ status: 'lost', payout: 0 });
    await expectLedgerBalanced(ctx.services);
  });

  it('auto cash-out pays exactly its target; a target equal to the crash point wins, one above loses', async () => {
    const round = await ctx.nextBettingRound((c) => c >= 1.5 && c <= 30);
    const crash = Math.round(round.crashPoint * 100);
    const players = await Promise.all([0, 1, 2, 3].map(() => player(ctx, 100_000)));
    const targets = [101, Math.floor((101 + crash) / 2), crash, crash + 1];
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await ctx.game.placeBet(players[i]!.id, 777, targets[i]!)).bet.id);
    await ctx.advanceTo(launchOf(round));
    // Half way, before the curve reaches the middle target, only the lowest is cashed out.
    await ctx.advanceTo(launchOf(round) + crashMsToReach(targets[1]!) - 1);
    expect((await betRow(ids[0]!)).status).toBe('cashed_out');
    expect((await betRow(ids[1]!)).status).toBe('open');
    await ctx.finishRound(round);
    for (let i = 0; i < 3; i++) {
      const row = await betRow(ids[i]!);
      expect(row).toMatchObject({ status: 'cashed_out', payout: crashPayout(777, targets[i]!), closed_by: 'auto' });
      expect(Number(row.multiplier)).toBe(targets[i]! / 100);
      expect(await ctx.services.wallet.balance(players[i]!.id)).toBe(100_000 - 777 + crashPayout(777, targets[i]!));
    }
    expect(await betRow(ids[3]!)).toMatchObject({ status: 'lost', payout: 0 });
    await expectLedgerBalanced(ctx.services);
  });

  // A cash-out is priced from what the node knows when it knows the bet (placed through it) and its
  // flying round, without a read; the settling statement checks what it was priced from, and a
  // cash-out it does not settle is decided again from the database.
  it('a cash-out priced from what the node knows is settled at the stake and time the database holds', async () => {
    const { db, wallet } = ctx.services;
    const round = await ctx.nextBettingRound((c) => c >= 1.5);
    const known = await player(ctx, 10_000);
    const closedMeanwhile = await player(ctx, 10_000);
    const knownBet = (await ctx.game.placeBet(known.id, 300, null)).bet;
    const closedBet = (await ctx.game.placeBet(closedMeanwhile.id, 200, null)).bet;
    await ctx.advanceTo(launchOf(round) + 400);
    const { knownBets } = ctx.game;
    expect(knownBets.of(known.id)).toMatchObject({ bet: { id: knownBet.id, amount: 300 }, round: { status: 'in_progress' } });
    // A stake this node got wrong is not what the statement pays from: the gate refuses it, and the
    // cash-out is priced again from the bet row.
    knownBets.placed(known.id, { ...knownBets.of(known.id)!.bet, amount: 300_000 });
    ctx.clock.jump(launchOf(round) + 500);
    expect(await cashOut(ctx, known)).toEqual({ multiplier: crashHundredthsAt(500) / 100, payout: crashPayout(300, crashHundredthsAt(500)) / 100, balance: (10_000 - 300 + crashPayout(300, crashHundredthsAt(500))) / 100, public_id: PUBLIC_ID });
    expect(knownBets.of(known.id)).toBeNull();
    // A bet closed behind the node's back (as by another node): nothing is paid twice.
    await db.updateTable('round_bets').set({ status: 'refunded' }).where('id', '=', closedBet.id).execute();
    await expect(cashOut(ctx, closedMeanwhile)).rejects.toMatchObject(refused(CRASH_MESSAGES.noOpenBet));
    expect(await wallet.balance(closedMeanwhile.id)).toBe(9_800);
    // Undo the test's own write so that the books stay whole: the stake goes back as a refund would.
    await db.updateTable('round_bets').set({ status: 'open' }).where('id', '=', closedBet.id).execute();
    await ctx.finishRound(round);
    await expectLedgerBalanced(ctx.services);
  });
});

describe('crash payout caps', () => {
  let capped: Ctx;
  beforeAll(async () => {
    // Round cap 30.00 coins, bet cap 20.00: three 5.00 stakes reach the round cap at 2.00×.
    capped = await createCrashGame({ CRASH_MAX_BET: '10', CRASH_MAX_PAYOUT: '20', CRASH_MAX_ROUND_PAYOUT: '30' });
  });
  afterAll(async () => {
    await capped?.close();
  });

  it('when the round would pass its payout cap the server cashes everyone out at that point', async () => {
    const { db } = capped.services;
    const round = await capped.nextBettingRound((c) => c >= 2.5);
    const players = await Promise.all([0, 1, 2].map(() => player(capped, 10_000)));
    for (const p of players) await capped.game.placeBet(p.id, 500, null);
    // A fourth stake would let the round owe more than its cap at 1.01×: refused.
    await capped.game.placeBet((await player(capped, 10_000)).id, 1000, null);
    await expect(capped.game.placeBet((await player(capped, 10_000)).id, 1000, null)).rejects.toMatchObject(refused(CRASH_MESSAGES.roundFull));
    await capped.finishRound(round);
    // Stakes 5 + 5 + 5 + 10 = 25.00 → the cap 30.00 is reached at floor(3000 × 100 / 2500) = 1.20×.
    const bets = await db.selectFrom('round_bets').selectAll().where('round_id', '=', round.id).execute();
    expect(bets).toHaveLength(4);
    for (const b of bets) {
      expect(b).toMatchObject({ status: 'cashed_out', closed_by: 'round_cap', payout: crashPayout(b.amount, 120) });
      expect(Number(b.multiplier)).toBe(1.2);
    }
    const row = await db.selectFrom('rounds').selectAll().where('id', '=', round.id).executeTakeFirstOrThrow();
    expect(Number(row.paid)).toBeLessThanOrEqual(3000);
    expect(Number(row.open_stake)).toBe(0);
    await expectLedgerBalanced(capped.services);
  });

  it('a bet is cashed out when its payout reaches the per-bet cap', async () => {
    const round = await capped.nextBettingRound((c) => c >= 2.5);
    const p = await player(capped, 10_000);
    await capped.game.placeBet(p.id, 1000, null);
    await capped.finishRound(round);
    const b = await capped.services.db.selectFrom('round_bets').selectAll().where('round_id', '=', round.id).executeTakeFirstOrThrow();
    // 20.00 / 10.00 = 2.00×, below the round cap of 3.00×.
    expect(b).toMatchObject({ status: 'cashed_out', closed_by: 'auto', payout: 2000 });
    await expectLedgerBalanced(capped.services);
  });
});
