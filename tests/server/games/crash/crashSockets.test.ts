import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { crashHundredthsAt } from '../../../../core/games/crash.ts';
import type { CrashBetsBatch, CrashRoundState, CrashSnapshot, CrashTick } from '../../../../core/protocol/realtime.ts';
import { createPlayer } from '../../../helpers/testApp.ts';
import { createCrashApp } from '../../../helpers/crashRounds.ts';
import { gameClient, listen, nextSocketEvent } from '../../../helpers/realtimeClients.ts';
import { until } from '../../../helpers/until.ts';

// Real socket.io clients on /crash: a snapshot on connect (status, times, the round's bets, the
// last 20 crash points), every status change with absolute server times, ticks while the curve
// flies, bets and cash-outs in batches, the crash point and hash at `ended`.

let ctx: Awaited<ReturnType<typeof createCrashApp>>;
let app: FastifyInstance;
let port: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await createCrashApp();
  app = ctx.app;
  port = await listen(app);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app?.close();
});

function client() {
  const socket = gameClient(port, '/crash');
  sockets.push(socket);
  const events: Array<[string, unknown]> = [];
  socket.onAny((event: string, data: unknown) => events.push([event, data]));
  return { socket, events };
}


describe('/crash socket.io namespace', () => {
  it('sends the snapshot, status changes, ticks, batched bets and cash-outs, and the crash', async () => {
    // A few ended rounds first, for the snapshot's history.
    for (let i = 0; i < 3; i++) await ctx.finishRound(await ctx.nextBettingRound());
    const round = await ctx.nextBettingRound((c) => c >= 2);
    const watcher = client();
    const snapshot = await nextSocketEvent<CrashSnapshot>(watcher.socket, 'snapshot');
    expect(snapshot).toMatchObject({ round_id: round.id, status: 'starting', betting_ends_at: round.bettingEndsAt, starts_at: round.startsAt, launched_at: null, crash_point: null, hash: null, bets: [] });
    expect(snapshot.history.length).toBeGreaterThanOrEqual(3);
    const previous = await app.db.selectFrom('rounds').select(['id', 'number', 'hash', 'outcome']).where('status', '=', 'ended').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(snapshot.history[0]).toEqual({ round_id: previous.id, round_number: Number(previous.number), crash_point: Number(previous.outcome.crash_point), hash: previous.hash });

    // Five bets in quick succession arrive as one batch.
    const players = await Promise.all([0, 1, 2, 3, 4].map(() => createPlayer(app, { balance: 10_000 })));
    for (const [i, p] of players.entries()) {
      const res = await app.inject({ method: 'POST', url: '/api/crash/bet', headers: p.headers, payload: { amount: 1 + i, auto_cashout: i === 0 ? 1.5 : null } });
      expect(res.statusCode).toBe(200);
    }
    // The batch goes out one interval (a tick) after its first bet, on the game's clock.
    await ctx.advanceTo(ctx.clock.now() + 200);
    const batches = () => watcher.events.filter(([e]) => e === 'bets').map(([, d]) => d as CrashBetsBatch);
    await until(() => batches().flatMap((b) => b.bets).length >= 5);
    expect(batches()).toHaveLength(1);
    expect(batches()[0]!.bets.map((b) => b.amount)).toEqual([1, 2, 3, 4, 5]);
    expect(batches()[0]!.bets[0]).toMatchObject({ round_id: round.id, user: { id: players[0]!.id }, auto_cashout: 1.5, status: 'open', cashed_out_at: null, payout: null });

    // A late joiner's snapshot holds the round's bets.
    const late = client();
    expect((await nextSocketEvent<CrashSnapshot>(late.socket, 'snapshot')).bets).toHaveLength(5);

    await ctx.advanceTo(round.bettingEndsAt);
    await ctx.advanceTo(round.startsAt + 1000);
    await until(() => watcher.events.some(([e, d]) => e === 'status' && (d as CrashRoundState).status === 'in_progress'));
    const statuses = () => watcher.events.filter(([e]) => e === 'status').map(([, d]) => d as CrashRoundState);
    expect(statuses().map((s) => s.status)).toEqual(['pending', 'in_progress']);
    expect(statuses()[1]).toMatchObject({ round_id: round.id, launched_at: round.startsAt, crash_point: null, hash: null });
    await until(() => watcher.events.filter(([e]) => e === 'tick').length >= 6);
    const ticks = watcher.events.filter(([e]) => e === 'tick').map(([, d]) => d as CrashTick);
    expect(ticks.map((t) => t.elapsed)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(ticks[5]!.multiplier).toBe(crashHundredthsAt(1000) / 100);

    // Two players cash out at the same moment: one batch with both.
    const before = watcher.events.length;
    for (const p of players.slice(1, 3)) expect((await app.inject({ method: 'POST', url: '/api/crash/close-bet', headers: p.headers, payload: {} })).statusCode).toBe(200);
    await ctx.advanceTo(ctx.clock.now() + 200);
    const cashBatches = () => watcher.events.slice(before).filter(([e]) => e === 'bets').map(([, d]) => d as CrashBetsBatch);
    await until(() => cashBatches().flatMap((b) => b.cash_outs).length >= 2);
    expect(cashBatches()).toHaveLength(1);
    expect(cashBatches()[0]!.cash_outs.map((c) => [c.user_id, c.multiplier, c.by])).toEqual([
      [players[1]!.id, crashHundredthsAt(1000) / 100, 'player'],
      [players[2]!.id, crashHundredthsAt(1000) / 100, 'player'],
    ]);

    await ctx.finishRound(round);
    await until(() => statuses().some((s) => s.status === 'ended'));
    const ended = statuses().find((s) => s.status === 'ended')!;
    const row = await app.db.selectFrom('rounds').selectAll().where('id', '=', round.id).executeTakeFirstOrThrow();
    expect(ended).toMatchObject({ round_id: round.id, crash_point: round.crashPoint, hash: row.hash, ended_at: round.startsAt + round.runMs });
    // The auto cash-out at 1.50× was made by the server and sent in a batch before the crash.
    const autoOut = watcher.events.filter(([e]) => e === 'bets').flatMap(([, d]) => (d as CrashBetsBatch).cash_outs).find((c) => c.user_id === players[0]!.id);
    expect(autoOut).toMatchObject({ multiplier: 1.5, payout: 1.5, by: 'auto' });
    const endedIndex = watcher.events.findIndex(([e, d]) => e === 'status' && (d as CrashRoundState).status === 'ended');
    const autoIndex = watcher.events.findIndex(([e, d]) => e === 'bets' && (d as CrashBetsBatch).cash_outs.some((c) => c.by === 'auto'));
    expect(autoIndex).toBeLessThan(endedIndex);

    // The next round is announced as new, then starting.
    await ctx.advanceTo(round.startsAt + round.runMs + 3000);
    await until(() => statuses().some((s) => s.status === 'starting' && s.round_id > round.id));
    expect(statuses().slice(-2).map((s) => s.status)).toEqual(['new', 'starting']);

    // sync answers a fresh snapshot.
    const synced = await watcher.socket.timeout(5000).emitWithAck('sync');
    expect(synced.data).toMatchObject({ status: 'starting', history: expect.arrayContaining([expect.objectContaining({ round_id: round.id, crash_point: round.crashPoint, hash: row.hash })]) });
  });
});
