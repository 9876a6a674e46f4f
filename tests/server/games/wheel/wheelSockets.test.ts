import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import type { WheelBetsBatch, WheelRoundState, WheelSnapshot } from '../../../../core/protocol/wheel.ts';
import { createPlayer } from '../../../helpers/testApp.ts';
import { createWheelApp } from '../../../helpers/crashRounds.ts';
import { gameClient, listen, nextSocketEvent } from '../../../helpers/realtimeClients.ts';
import { until } from '../../../helpers/until.ts';
import { WHEEL_BATCH_MS } from '../../../../server/games/wheel/wheelGame.ts';

// Real socket.io clients on /wheel: a snapshot on connect (the round with its times, its bets, the
// last results), every status change with absolute server times, the segment from the spin's start
// (the scene lands on it) and the hash at `ended`, bets and cancels in batches.

let ctx: Awaited<ReturnType<typeof createWheelApp>>;
let app: FastifyInstance;
let port: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await createWheelApp();
  app = ctx.app;
  port = await listen(app);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app?.close();
});


describe('/wheel socket.io namespace', () => {
  it('sends the snapshot, status changes, batched bets and cancels, the segment at the spin and the hash at the end', async () => {
    for (let i = 0; i < 2; i++) await ctx.finishRound(await ctx.nextBettingRound());
    const round = await ctx.nextBettingRound();
    const a = await createPlayer(app, { balance: 10_000 });
    const early = (await app.inject({ method: 'POST', url: '/api/wheel/bet', headers: a.headers, payload: { amount: 1, color: 'grey' } })).json().data.bet.id;

    const socket = gameClient(port, '/wheel');
    sockets.push(socket);
    const events: Array<[string, unknown]> = [];
    socket.onAny((event: string, data: unknown) => events.push([event, data]));
    const snapshot = await nextSocketEvent<WheelSnapshot>(socket, 'snapshot');
    expect(snapshot).toMatchObject({ round_id: round.id, status: 'starting', betting_ends_at: round.bettingEndsAt, starts_at: round.startsAt, launched_at: null, segment: null, hash: null, spin_ms: 5000 });
    expect(snapshot.bets).toEqual([{ id: early, round_id: round.id, user: { id: a.id, name: expect.any(String), avatar_url: null }, amount: 1, color: 'grey', status: 'open', payout: null }]);
    expect(snapshot.history.length).toBeGreaterThanOrEqual(2);
    const last = await app.db.selectFrom('rounds').select(['id', 'number', 'hash', 'outcome']).where('game', '=', 'wheel').where('status', '=', 'ended').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(snapshot.history[0]).toEqual({ round_id: last.id, round_number: Number(last.number), segment: Number(last.outcome.segment), hash: last.hash });

    // Four bets and a cancel in quick succession: one batch.
    const b = await createPlayer(app, { balance: 10_000 });
    const ids: number[] = [];
    for (const color of ['blue', 'blue', 'gold', 'purple']) ids.push((await app.inject({ method: 'POST', url: '/api/wheel/bet', headers: b.headers, payload: { amount: 2, color } })).json().data.bet.id);
    expect((await app.inject({ method: 'POST', url: `/api/wheel/bet/${ids[1]}/cancel`, headers: b.headers, payload: {} })).statusCode).toBe(200);
    // The batch goes out one interval after its first bet, on the game's clock: the early bet (placed
    // while the clock stood) is in it too.
    await ctx.advanceTo(ctx.clock.now() + WHEEL_BATCH_MS);
    const batches = () => events.filter(([e]) => e === 'bets').map(([, d]) => d as WheelBetsBatch);
    await until(() => batches().flatMap((x) => x.bets).length >= 5 && batches().some((x) => x.cancels.length));
    expect(batches()).toHaveLength(1);
    expect(batches()[0]!.bets.map((x) => [x.id, x.color, x.amount, x.status])).toEqual([[early, 'grey', 1, 'open'], [ids[0], 'blue', 2, 'open'], [ids[1], 'blue', 2, 'open'], [ids[2], 'gold', 2, 'open'], [ids[3], 'purple', 2, 'open']]);
    expect(batches()[0]!.cancels).toEqual([{ bet_id: ids[1], round_id: round.id, user_id: b.id }]);

    await ctx.advanceTo(round.startsAt);
    await until(() => events.some(([e, d]) => e === 'status' && (d as WheelRoundState).status === 'in_progress'));
    const statuses = () => events.filter(([e]) => e === 'status').map(([, d]) => d as WheelRoundState);
    expect(statuses().map((s) => s.status)).toEqual(['pending', 'in_progress']);
    const spin = statuses()[1]!;
    expect(spin).toMatchObject({ round_id: round.id, launched_at: round.startsAt, segment: round.segment, hash: null });
    expect(statuses()[0]!.segment).toBeNull();

    await ctx.finishRound(round);
    await until(() => statuses().some((s) => s.status === 'ended'));
    const row = await app.db.selectFrom('rounds').select('hash').where('id', '=', round.id).executeTakeFirstOrThrow();
    expect(statuses().find((s) => s.status === 'ended')).toMatchObject({ segment: round.segment, hash: row.hash, ended_at: round.startsAt + 5000, voided: false });
    await ctx.nextBettingRound();
    await until(() => statuses().some((s) => s.status === 'starting'));

    // A client that comes back mid-round gets the same state from `sync`.
    const synced = await new Promise<{ data: WheelSnapshot }>((resolve) => socket.emit('sync', resolve));
    expect(synced.data).toMatchObject({ status: 'starting', bets: [] });
  });
});
