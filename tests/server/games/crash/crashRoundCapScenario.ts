import { expect } from 'vitest';
import { crashHundredthsAt, crashMsToReach, crashPayout } from '../../../../core/games/crash.ts';
import { createPlayer } from '../../../helpers/testApp.ts';
import type { createCrashApp, CrashRoundInfo } from '../../../helpers/crashRounds.ts';
import { invariantViolations } from '../../../money/invariants.ts';

// The round cap while players cash out by hand (docs/crash.md, "Limits"), shared by the PGlite and
// the PostgreSQL test: four stakes of 10.00 under a round cap of 50.00. A hand cash-out at 1.10×
// pays 11.00 and leaves 30.00 open, so the cap is floor((50.00 − 11.00) × 100 / 30.00) = 1.30×.
// Counting the cashed bet's stake as still open (its payout already in `paid`) gave 0.97×: the
// other three were cashed out by the round cap below 1.00×, in rounds that never got near 1.30×.

export const ROUND_CAP_ENV = { CRASH_MAX_BET: '10', CRASH_MAX_PAYOUT: '20', CRASH_MAX_ROUND_PAYOUT: '50' };
const ROUND_CAP = 5000;
const STAKE = 1000;
/** 1.10× is first shown 1 589 ms after the launch, between the ticks at 1 400 and 1 600 ms. */
const AT_110 = crashMsToReach(110);

type CrashCtx = Awaited<ReturnType<typeof createCrashApp>>;

export function roundCapScenario(ctx: CrashCtx) {
  const { app } = ctx;
  const tickMs = app.config.crash.timings.tickMs;
  const closeBet = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/api/crash/close-bet', headers, payload: {} });

  /**
   * The next round taking bets that crashes in [from, below). The rounds passed over have no bets,
   * so each flies to its crash in one move of the clock rather than tick by tick (a 1 000× round
   * alone is 575 ticks, more than nextBettingRound's steps allow on PostgreSQL).
   */
  async function roundCrashingIn(from: number, below: number): Promise<CrashRoundInfo> {
    for (let i = 0; i < 500; i++) {
      const round = await ctx.nextBettingRound();
      if (round.crashPoint >= from && round.crashPoint < below) return round;
      await ctx.advanceTo(round.startsAt);
      ctx.clock.set(round.startsAt + round.runMs);
      await app.crash.loop.idle();
    }
    throw new Error(`no round crashing in [${from}, ${below}) in 500 rounds`);
  }

  async function fourStakes() {
    const players = await Promise.all([0, 1, 2, 3].map(() => createPlayer(app, { balance: 10_000 })));
    for (const p of players) {
      const res = await app.inject({ method: 'POST', url: '/api/crash/bet', headers: p.headers, payload: { amount: STAKE / 100 } });
      expect(res.statusCode, res.body).toBe(200);
    }
    return players;
  }

  /** The first player cashes out by hand at 1.10×, between two ticks; then the leader's tick. */
  async function cashOutAt110(round: CrashRoundInfo, players: Awaited<ReturnType<typeof fourStakes>>) {
    await ctx.advanceTo(round.startsAt + AT_110 - 1);
    ctx.clock.jump(round.startsAt + AT_110);
    const first = await closeBet(players[0]!.headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.multiplier).toBe(1.1);
    await ctx.advanceTo(round.startsAt + AT_110 + tickMs);
  }

  /** Players cash out by hand at `at`, racing each other and the leader's next tick. */
  async function race(round: CrashRoundInfo, at: number, headers: Array<Record<string, string>>) {
    ctx.clock.jump(round.startsAt + at);
    const [answers] = await Promise.all([Promise.all(headers.map(closeBet)), ctx.advanceTo(round.startsAt + at + tickMs)]);
    for (const res of answers) expect([200, 409], res.body).toContain(res.statusCode);
  }

  /**
   * What must hold whatever the order of the race: a round-cap cash-out is never below 1.00× nor
   * below the multiplier the round showed at the tick before it (the curve was there and the cap
   * was not), the round pays at most its cap, and every balance is its ledger.
   */
  async function expectCapHeld(round: CrashRoundInfo) {
    const bets = await app.db.selectFrom('round_bets').selectAll().where('round_id', '=', round.id).orderBy('id').execute();
    let paid = 0;
    for (const b of bets) {
      paid += b.status === 'cashed_out' ? b.payout! : 0;
      if (b.closed_by !== 'round_cap') continue;
      const multiplier = Math.round(Number(b.multiplier) * 100);
      const elapsed = new Date(b.settled_at!).getTime() - round.startsAt;
      expect(multiplier, `bet ${b.id}`).toBeGreaterThanOrEqual(100);
      expect(multiplier, `bet ${b.id} at ${elapsed} ms`).toBeGreaterThanOrEqual(crashHundredthsAt(elapsed - tickMs));
      expect(b.payout).toBe(crashPayout(b.amount, multiplier));
    }
    expect(paid).toBeLessThanOrEqual(ROUND_CAP);
    expect(await invariantViolations(app)).toEqual([]);
    return bets;
  }

  return {
    /**
     * A round that gets past 1.30×: after the hand cash-out at 1.10× the cap is 1.30×; two players
     * cash out by hand as the curve gets there, racing the tick that reaches it. Whoever wins, the
     * three are paid at 1.30× (by hand or by the cap) and the round pays exactly 50.00.
     */
    async capReached() {
      const round = await roundCrashingIn(1.5, Infinity);
      const players = await fourStakes();
      await cashOutAt110(round, players);
      await race(round, crashMsToReach(130) + 10, [players[1]!.headers, players[2]!.headers]);
      await ctx.finishRound(round);
      const bets = await expectCapHeld(round);
      expect(bets.map((b) => [b.status, Math.round(Number(b.multiplier) * 100)])).toEqual([
        ['cashed_out', 110],
        ['cashed_out', 130],
        ['cashed_out', 130],
        ['cashed_out', 130],
      ]);
      expect(bets[3]!.closed_by).toBe('round_cap');
      expect(bets.reduce((sum, b) => sum + b.payout!, 0)).toBe(ROUND_CAP);
    },

    /**
     * A round that crashes between 1.12× and 1.30×: the cap (1.30×, then higher) is never reached,
     * so nobody is cashed out by it. A second player races a tick by hand from 1.11× (paid what the
     * curve shows when the request is read, or refused if that is at the crash); the rest lose.
     */
    async capNotReached() {
      const round = await roundCrashingIn(1.12, 1.3);
      const players = await fourStakes();
      await cashOutAt110(round, players);
      const at = crashMsToReach(111);
      await race(round, at, [players[1]!.headers]);
      await ctx.finishRound(round);
      const bets = await expectCapHeld(round);
      expect(bets.map((b) => b.closed_by)).not.toContain('round_cap');
      expect(bets[0]).toMatchObject({ closed_by: 'player', payout: 1100 });
      const second = bets[1]!;
      if (second.closed_by === 'player') {
        expect(second.payout).toBeGreaterThanOrEqual(1110);
        expect(second.payout).toBeLessThanOrEqual(crashPayout(STAKE, crashHundredthsAt(at + tickMs)));
      } else expect(second).toMatchObject({ closed_by: 'crash', payout: 0 });
      expect(bets.slice(2).map((b) => [b.closed_by, b.payout])).toEqual([
        ['crash', 0],
        ['crash', 0],
      ]);
    },
  };
}
