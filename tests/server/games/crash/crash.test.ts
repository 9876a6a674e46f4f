import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { crashHundredthsAt, crashMsToReach, crashPayout } from '../../../../core/games/crash.ts';
import { verifyChain, crashPoint } from '../../../../core/fair/hashChain.ts';
import { CRASH_MESSAGES } from '../../../../core/protocol/crash.ts';
import { tokenHash } from '../../../../server/accounts/tokens.ts';
import { createPlayer } from '../../../helpers/testApp.ts';
import { expectLedgerBalanced } from '../../../helpers/ledger.ts';
import { createCrashApp, type CrashRoundInfo } from '../../../helpers/crashRounds.ts';

// Crash on the server's clock (an injected clock the test moves): bets only while `starting` and
// before betting_ends_at, one per player; a cash-out valued at the server's time of receipt and
// refused at or after the crash; auto cash-outs paid at exactly their target (a target equal to
// the crash point wins); the per-bet and per-round payout caps; the ledger sums to every balance.

let ctx: Awaited<ReturnType<typeof createCrashApp>>;
let app: FastifyInstance;
beforeAll(async () => {
  ctx = await createCrashApp();
  app = ctx.app;
});
afterAll(async () => {
  await app?.close();
});

const bet = (headers: Record<string, string>, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/crash/bet', headers, payload });
const closeBet = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/api/crash/close-bet', headers, payload: {} });
const betRow = (id: number) => app.db.selectFrom('round_bets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const launchOf = (round: CrashRoundInfo) => round.startsAt;

describe('crash rounds on the server clock', () => {
  it('walks new → starting → pending → in_progress → ended at the configured times, revealing the hash at the end', async () => {
    const round = await ctx.nextBettingRound((c) => c >= 1.5);
    expect(round.bettingEndsAt - round.startsAt).toBe(-1000);
    await ctx.advanceTo(round.bettingEndsAt);
    expect(app.crash.loop.state.status).toBe('pending');
    await ctx.advanceTo(round.startsAt);
    expect(app.crash.loop.state.status).toBe('in_progress');
    const row = await app.db.selectFrom('rounds').selectAll().where('id', '=', round.id).executeTakeFirstOrThrow();
    expect(new Date(row.launched_at!).getTime()).toBe(round.startsAt);
    await ctx.finishRound(round);
    const ended = await app.db.selectFrom('rounds').selectAll().where('id', '=', round.id).executeTakeFirstOrThrow();
    expect(ended.status).toBe('ended');
    expect(new Date(ended.ended_at!).getTime()).toBe(round.startsAt + round.runMs);
    const chain = await app.db.selectFrom('hash_chains').selectAll().where('id', '=', ended.chain_id).executeTakeFirstOrThrow();
    // The revealed hash walks back to the published terminating hash, and gives the crash point.
    expect(verifyChain(ended.hash, chain.terminating_hash, 1000)).toBe(Number(ended.game_number));
    expect(crashPoint(ended.hash, chain.salt)).toBe(round.crashPoint);
    const recent = await app.inject({ method: 'GET', url: '/api/crash/recent-games?limit=1' });
    expect(recent.json().data[0]).toMatchObject({ id: round.id, crash_point: round.crashPoint, hash: ended.hash });
  });

  it('a bet after betting closed is refused (server clock), and nothing changes', async () => {
    const p = await createPlayer(app, { balance: 10_000 });
    const round = await ctx.nextBettingRound();
    // The request arrives at betting_ends_at, before the loop's timer has moved the round on.
    ctx.clock.jump(round.bettingEndsAt);
    const late = await bet(p.headers, { amount: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: CRASH_MESSAGES.bettingClosed, msg: CRASH_MESSAGES.bettingClosed });
    ctx.clock.jump(round.bettingEndsAt - 1);
    expect((await bet(p.headers, { amount: 1 })).statusCode).toBe(200);
    await ctx.advanceTo(round.bettingEndsAt);
    expect((await bet(p.headers, { amount: 1 })).json().msg).toBe(CRASH_MESSAGES.bettingClosed);
    expect(await app.wallet.balance(p.id)).toBe(9_900);
    await ctx.finishRound(round);
    await expectLedgerBalanced(app);
  });

  it('one bet per player per round; amount limits and exact auto cash-outs are 422', async () => {
    const p = await createPlayer(app, { balance: 10_000 });
    await ctx.nextBettingRound();
    const first = await bet(p.headers, { amount: 2.5, auto_cashout: 2 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ data: { bet: { amount: 2.5, auto_cashout: 2 }, balance: 97.5 }, msg: CRASH_MESSAGES.betPlaced });
    const second = await bet(p.headers, { amount: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toBe(CRASH_MESSAGES.alreadyBet);
    const q = await createPlayer(app, { balance: 10_000 });
    for (const body of [{ amount: 0.09 }, { amount: 1000.01 }, { amount: 1.001 }, { amount: 1, auto_cashout: 1 }, { amount: 1, auto_cashout: 2.000000001 }, { amount: 1, auto_cashout: 1.005 }, { amount: 200 }]) {
      const res = await bet(q.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([body.amount === 1 ? 'auto_cashout' : 'amount']);
    }
    expect(await app.wallet.balance(q.id)).toBe(10_000);
  });

  it('a cash-out is valued at the time of receipt; one millisecond after the crash it is refused', async () => {
    const round = await ctx.nextBettingRound((c) => c >= 1.5);
    const early = await createPlayer(app, { balance: 10_000 });
    const late = await createPlayer(app, { balance: 10_000 });
    expect((await closeBet(early.headers)).json().msg).toBe(CRASH_MESSAGES.noOpenBet);
    await bet(early.headers, { amount: 3 });
    await bet(late.headers, { amount: 3 });
    expect((await closeBet(early.headers)).json().msg).toBe(CRASH_MESSAGES.notLaunched);
    await ctx.advanceTo(launchOf(round));
    const crashAt = launchOf(round) + round.runMs;
    // Both requests arrive before the loop's next tick: only the server time of receipt decides.
    ctx.clock.jump(crashAt - 1);
    const paid = await closeBet(early.headers);
    expect(paid.statusCode).toBe(200);
    const hundredths = crashHundredthsAt(round.runMs - 1);
    expect(hundredths).toBeLessThan(Math.round(round.crashPoint * 100));
    expect(paid.json().data).toEqual({ multiplier: hundredths / 100, payout: crashPayout(300, hundredths) / 100, balance: (10_000 - 300 + crashPayout(300, hundredths)) / 100 });
    expect((await closeBet(early.headers)).json().msg).toBe(CRASH_MESSAGES.noOpenBet);
    ctx.clock.jump(crashAt + 1);
    const refused = await closeBet(late.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(CRASH_MESSAGES.crashed);
    expect(await app.wallet.balance(late.id)).toBe(9_700);
    // Exactly at the crash is too late as well.
    ctx.clock.jump(crashAt);
    expect((await closeBet(late.headers)).json().msg).toBe(CRASH_MESSAGES.crashed);
    await ctx.finishRound(round);
    const lost = await app.db.selectFrom('round_bets').selectAll().where('round_id', '=', round.id).where('user_id', '=', late.id).executeTakeFirstOrThrow();
    expect(lost).toMatchObject({ status: 'lost', payout: 0 });
    expect(await app.wallet.balance(late.id)).toBe(9_700);
    await expectLedgerBalanced(app);
  });

  it('auto cash-out pays exactly its target; a target equal to the crash point wins, one above loses', async () => {
    const round = await ctx.nextBettingRound((c) => c >= 1.5 && c <= 30);
    const crash = Math.round(round.crashPoint * 100);
    const players = await Promise.all([0, 1, 2, 3].map(() => createPlayer(app, { balance: 100_000 })));
    const targets = [101, Math.floor((101 + crash) / 2), crash, crash + 1];
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await bet(players[i]!.headers, { amount: 7.77, auto_cashout: targets[i]! / 100 })).json().data.bet.id);
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
      expect(await app.wallet.balance(players[i]!.id)).toBe(100_000 - 777 + crashPayout(777, targets[i]!));
    }
    expect(await betRow(ids[3]!)).toMatchObject({ status: 'lost', payout: 0 });
    await expectLedgerBalanced(app);
  });

  // A cash-out is priced from what the node knows when it knows the bet (placed through it) and its
  // flying round, without a read; the settling statement checks what it was priced from, and a
  // cash-out it does not settle is decided again from the database.
  it('a cash-out priced from what the node knows is settled at the stake and time the database holds', async () => {
    const round = await ctx.nextBettingRound((c) => c >= 1.5);
    const known = await createPlayer(app, { balance: 10_000 });
    const closedMeanwhile = await createPlayer(app, { balance: 10_000 });
    const knownBet = (await bet(known.headers, { amount: 3 })).json().data.bet;
    const closedBet = (await bet(closedMeanwhile.headers, { amount: 2 })).json().data.bet;
    await ctx.advanceTo(launchOf(round) + 400);
    expect(app.crash.knownBets.of(known.id)).toMatchObject({ bet: { id: knownBet.id, amount: 300 }, round: { status: 'in_progress' } });
    // A stake this node got wrong is not what the statement pays from: the gate refuses it, and the
    // cash-out is priced again from the bet row.
    app.crash.knownBets.placed(known.id, { ...app.crash.knownBets.of(known.id)!.bet, amount: 300_000 });
    ctx.clock.jump(launchOf(round) + 500);
    const paid = await closeBet(known.headers);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toEqual({ multiplier: crashHundredthsAt(500) / 100, payout: crashPayout(300, crashHundredthsAt(500)) / 100, balance: (10_000 - 300 + crashPayout(300, crashHundredthsAt(500))) / 100 });
    expect(app.crash.knownBets.of(known.id)).toBeNull();
    // A bet closed behind the node's back (as by another node): nothing is paid twice.
    await app.db.updateTable('round_bets').set({ status: 'refunded' }).where('id', '=', closedBet.id).execute();
    const refused = await closeBet(closedMeanwhile.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(CRASH_MESSAGES.noOpenBet);
    expect(await app.wallet.balance(closedMeanwhile.id)).toBe(9_800);
    // Undo the test's own write so that the books stay whole: the stake goes back as a refund would.
    await app.db.updateTable('round_bets').set({ status: 'open' }).where('id', '=', closedBet.id).execute();
    await ctx.finishRound(round);
    await expectLedgerBalanced(app);
  });

  // The cash-out's token is checked inside its settling statement when the process remembers it
  // (tokenCheckedBySettlement): a token that died since, as through a logout on another server
  // process, must still be refused with a 401 and change nothing, whichever way the cash-out goes.
  it('a cash-out with a token revoked or expired since it was remembered answers 401 and changes nothing', async () => {
    const round = await ctx.nextBettingRound((c) => c >= 1.5);
    const players = await Promise.all([0, 1, 2].map(() => createPlayer(app, { balance: 10_000 })));
    for (const p of players) expect((await bet(p.headers, { amount: 2 })).statusCode).toBe(200); // remembers each token
    const kill = (p: { token: string }, dead: { revoked_at?: Date; expires_at?: Date }) => app.db.updateTable('access_tokens').set(dead).where('id', '=', tokenHash(p.token)).execute();
    await kill(players[0]!, { revoked_at: new Date() });
    await kill(players[1]!, { expires_at: new Date(Date.now() - 1000) });
    // Before launch the refusal would be a 409: the dead token is told 401 first.
    expect((await closeBet(players[0]!.headers)).statusCode).toBe(401);
    await ctx.advanceTo(launchOf(round) + 500);
    for (const dead of players.slice(0, 2)) {
      const refused = await closeBet(dead.headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ message: 'Unauthenticated.' });
      const row = await app.db.selectFrom('round_bets').selectAll().where('round_id', '=', round.id).where('user_id', '=', dead.id).executeTakeFirstOrThrow();
      expect(row.status).toBe('open');
      expect(await app.wallet.balance(dead.id)).toBe(9_800);
    }
    // The live token in the same round cashes out.
    expect((await closeBet(players[2]!.headers)).statusCode).toBe(200);
    await ctx.finishRound(round);
    for (const dead of players.slice(0, 2)) expect(await app.wallet.balance(dead.id)).toBe(9_800);
    await expectLedgerBalanced(app);
  });
});

describe('crash payout caps', () => {
  let capped: Awaited<ReturnType<typeof createCrashApp>>;
  beforeAll(async () => {
    // Round cap 30.00 coins, bet cap 20.00: three 5.00 stakes reach the round cap at 2.00×.
    capped = await createCrashApp({ CRASH_MAX_BET: '10', CRASH_MAX_PAYOUT: '20', CRASH_MAX_ROUND_PAYOUT: '30' });
  });
  afterAll(async () => {
    await capped?.app.close();
  });

  it('when the round would pass its payout cap the server cashes everyone out at that point', async () => {
    const a = capped.app;
    const round = await capped.nextBettingRound((c) => c >= 2.5);
    const players = await Promise.all([0, 1, 2].map(() => createPlayer(a, { balance: 10_000 })));
    for (const p of players) expect((await a.inject({ method: 'POST', url: '/api/crash/bet', headers: p.headers, payload: { amount: 5 } })).statusCode).toBe(200);
    // A fourth stake would let the round owe more than its cap at 1.01×: refused.
    const extra = await createPlayer(a, { balance: 10_000 });
    await a.inject({ method: 'POST', url: '/api/crash/bet', headers: extra.headers, payload: { amount: 10 } });
    const tooMuch = await a.inject({ method: 'POST', url: '/api/crash/bet', headers: (await createPlayer(a, { balance: 10_000 })).headers, payload: { amount: 10 } });
    expect(tooMuch.json().msg).toBe(CRASH_MESSAGES.roundFull);
    await capped.finishRound(round);
    // Stakes 5 + 5 + 5 + 10 = 25.00 → the cap 30.00 is reached at floor(3000 × 100 / 2500) = 1.20×.
    const bets = await a.db.selectFrom('round_bets').selectAll().where('round_id', '=', round.id).execute();
    expect(bets).toHaveLength(4);
    for (const b of bets) {
      expect(b).toMatchObject({ status: 'cashed_out', closed_by: 'round_cap', payout: crashPayout(b.amount, 120) });
      expect(Number(b.multiplier)).toBe(1.2);
    }
    const row = await a.db.selectFrom('rounds').selectAll().where('id', '=', round.id).executeTakeFirstOrThrow();
    expect(Number(row.paid)).toBeLessThanOrEqual(3000);
    expect(Number(row.open_stake)).toBe(0);
    await expectLedgerBalanced(a);
  });

  it('a bet is cashed out when its payout reaches the per-bet cap', async () => {
    const a = capped.app;
    const round = await capped.nextBettingRound((c) => c >= 2.5);
    const p = await createPlayer(a, { balance: 10_000 });
    await a.inject({ method: 'POST', url: '/api/crash/bet', headers: p.headers, payload: { amount: 10 } });
    await capped.finishRound(round);
    const b = await a.db.selectFrom('round_bets').selectAll().where('round_id', '=', round.id).executeTakeFirstOrThrow();
    // 20.00 / 10.00 = 2.00×, below the round cap of 3.00×.
    expect(b).toMatchObject({ status: 'cashed_out', closed_by: 'auto', payout: 2000 });
    await expectLedgerBalanced(a);
  });
});
