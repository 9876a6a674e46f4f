import { afterAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { crashHundredthsAt } from '../../../../core/games/crash.ts';
import type { CrashBetsBatch, CrashCashOut, CrashRoundState } from '../../../../core/protocol/realtime.ts';
import { createPlayer, hasPostgres, hasRedis } from '../../../helpers/testApp.ts';
import { manualClock } from '../../../helpers/manualClock.ts';
import { roundDriver, untilCrashLoopRuns } from '../../../helpers/crashRounds.ts';
import { twoNodes } from '../../../helpers/twoNodes.ts';
import { gameClient, listen, nextSocketEvent } from '../../../helpers/realtimeClients.ts';
import { until } from '../../../helpers/until.ts';

// Crash on two nodes (issue #45; bench/crash's `shop2` measures it under load): the leader runs the
// round, the follower takes bets and cash-outs. A cash-out on the follower is valued at its time of
// receipt, whichever node took the bet, and every socket on either node gets it exactly once.

describe.runIf(hasPostgres && hasRedis)('crash on two nodes', () => {
  // One clock for both nodes: the leader's loop and the follower's valuation read the same time.
  const clock = manualClock();
  const nodes = twoNodes('shop_crash_two', { CRASH_ENABLED: 'true', FAIR_CHAIN_LENGTH: '20000' }, { clock });
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  it('a cash-out on the follower, of a bet placed on either node, reaches the sockets of both', async () => {
    await until(() => nodes.some((n) => n.realtime.leader.isLeader()), 10_000);
    const leader = nodes.find((n) => n.realtime.leader.isLeader())!;
    const follower = nodes.find((n) => n !== leader)!;
    await untilCrashLoopRuns(leader);
    const driver = roundDriver(leader, clock);
    const round = await driver.nextBettingRound((c) => c >= 2);
    const watchers = await Promise.all(
      nodes.map(async (node) => {
        const socket = gameClient(await listen(node), '/crash');
        sockets.push(socket);
        const cashOuts: CrashCashOut[] = [];
        let ended = false;
        socket.on('bets', (batch: CrashBetsBatch) => cashOuts.push(...batch.cash_outs));
        socket.on('status', (state: CrashRoundState) => (ended ||= state.round_id === round.id && state.status === 'ended'));
        await nextSocketEvent(socket, 'snapshot');
        return { cashOuts, ended: () => ended };
      }),
    );
    const received = watchers.map((w) => w.cashOuts);

    const players = await Promise.all([follower, leader].map((node) => createPlayer(node, { balance: 10_000 })));
    for (const [i, node] of [follower, leader].entries()) {
      const res = await node.inject({ method: 'POST', url: '/api/crash/bet', headers: players[i]!.headers, payload: { amount: 10 } });
      expect(res.statusCode, res.body).toBe(200);
    }
    await driver.advanceTo(round.startsAt + 5000);
    const value = crashHundredthsAt(5000) / 100;
    for (const player of players) {
      const res = await follower.inject({ method: 'POST', url: '/api/crash/close-bet', headers: player.headers, payload: {} });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ data: { multiplier: value, payout: Math.round(10 * value * 100) / 100 } });
    }

    // The follower's batch goes out one tick later, through Redis to the leader's sockets.
    await driver.advanceTo(clock.now() + 200);
    for (const cashOuts of received) await until(() => cashOuts.length >= 2);
    // Exactly once: a second copy would come with a later tick of the round, so every socket has
    // had its chance to receive one when it hears that the round ended.
    await driver.finishRound(round);
    for (const watcher of watchers) await until(watcher.ended);
    for (const cashOuts of received) {
      expect(cashOuts).toHaveLength(2);
      expect(cashOuts).toEqual(expect.arrayContaining(players.map((p) => expect.objectContaining({ user_id: p.id, multiplier: value, by: 'player' }))));
    }
  });
});
