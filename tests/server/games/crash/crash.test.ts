import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { crashMsToReach } from '../../../../core/games/crash.ts';
import { CRASH_MESSAGES } from '../../../../core/protocol/crash.ts';
import { tokenHash } from '../../../../server/accounts/tokens.ts';
import { createPlayer } from '../../../helpers/testApp.ts';
import { expectLedgerBalanced } from '../../../helpers/ledger.ts';
import { createCrashApp, type CrashRoundInfo } from '../../../helpers/crashRounds.ts';

// Crash's calls over HTTP, on the server's clock (an injected clock the test moves): the answers'
// shapes (409 `{message, msg}` for a refusal by the round, 422 for bad input), the token of a
// cash-out checked by its settling statement, the recent games. The game's rules themselves are
// tested on the module alone, without an app: crashGame.test.ts.

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
const closeBet = (headers: Record<string, string>, payload: Record<string, unknown> = {}) => app.inject({ method: 'POST', url: '/api/crash/close-bet', headers, payload });
const launchOf = (round: CrashRoundInfo) => round.startsAt;

describe('crash calls', () => {
  it('GET /api/crash/recent-games lists an ended round with its crash point and revealed hash', async () => {
    const round = await ctx.nextBettingRound();
    await ctx.finishRound(round);
    const ended = await app.db.selectFrom('rounds').selectAll().where('id', '=', round.id).executeTakeFirstOrThrow();
    const recent = await app.inject({ method: 'GET', url: '/api/crash/recent-games?limit=1' });
    expect(recent.json().data[0]).toMatchObject({ id: round.id, crash_point: round.crashPoint, hash: ended.hash });
  });

  it('a bet after betting closed is 409 {message, msg}', async () => {
    const p = await createPlayer(app, { balance: 10_000 });
    const round = await ctx.nextBettingRound();
    ctx.clock.jump(round.bettingEndsAt);
    const late = await bet(p.headers, { amount: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: CRASH_MESSAGES.bettingClosed, msg: CRASH_MESSAGES.bettingClosed });
    await ctx.finishRound(round);
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

  it('close-bet pays the multiplier its button showed; a bad one is 422 on multiplier and changes nothing', async () => {
    const round = await ctx.nextBettingRound((c) => c >= 1.5);
    const p = await createPlayer(app, { balance: 10_000 });
    expect((await bet(p.headers, { amount: 2 })).statusCode).toBe(200);
    await ctx.advanceTo(launchOf(round) + crashMsToReach(120));
    for (const multiplier of [1.001, 0.99, '1.10']) {
      const refused = await closeBet(p.headers, { multiplier });
      expect(refused.statusCode).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(['multiplier']);
    }
    const row = () => app.db.selectFrom('round_bets').select(['status', 'multiplier', 'payout']).where('round_id', '=', round.id).where('user_id', '=', p.id).executeTakeFirstOrThrow();
    expect((await row()).status).toBe('open');
    const paid = await closeBet(p.headers, { multiplier: 1.13 });
    expect(paid.json()).toEqual({ data: { multiplier: 1.13, payout: 2.26, balance: 100.26, public_id: expect.stringMatching(/^[0-9a-f]{32}$/) }, msg: CRASH_MESSAGES.cashedOut });
    expect(await row()).toMatchObject({ status: 'cashed_out', payout: 226 });
    await ctx.finishRound(round);
    await expectLedgerBalanced(app);
  });
});
