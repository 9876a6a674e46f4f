import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { down, up } from '../../../../server/db/migrations/0770_round_numbers.ts';
import { buildTestApp, createPlayer } from '../../../helpers/testApp.ts';
import { testConfig } from '../../../helpers/testConfig.ts';
import { manualClock } from '../../../helpers/manualClock.ts';
import { roundDriver } from '../../../helpers/crashRounds.ts';

// Crash and wheel share the rounds table (and so its ids), but each numbers its own rounds 1, 2,
// 3, … : what players see (the socket's round, the history strips, the recent rounds and bets, the
// wheel's seeds) carries that number, and on a game's first chain it is the chain's game number the
// verifier reports. Migration 0770 numbers the rounds played before it the same way.

let app: FastifyInstance;
let crash: ReturnType<typeof roundDriver>;
let wheel: ReturnType<typeof roundDriver>;
beforeAll(async () => {
  const clock = manualClock();
  app = await buildTestApp(testConfig({ CRASH_ENABLED: 'true', WHEEL_ENABLED: 'true', FAIR_CHAIN_LENGTH: '2000' }), { seed: false, clock });
  crash = roundDriver(app, clock, 'crash');
  wheel = roundDriver(app, clock, 'wheel');
  const player = await createPlayer(app, { balance: 10_000 });
  // Both games play, so their rounds' ids interleave; one wheel bet for the recent bets.
  for (let i = 0; i < 3; i++) {
    for (const driver of [crash, wheel]) {
      const round = await driver.nextBettingRound();
      if (driver === wheel && i === 1) expect((await app.inject({ method: 'POST', url: '/api/wheel/bet', headers: player.headers, payload: { amount: 1, color: 'grey' } })).statusCode).toBe(200);
      await driver.finishRound(round);
    }
  }
  await Promise.all([app.crash.loop.idle(), app.wheel.loop.idle()]);
});
afterAll(async () => {
  await app?.close();
});

const rowsOf = (game: 'crash' | 'wheel') => app.db.selectFrom('rounds').select(['id', 'number', 'game_number', 'status', 'voided']).where('game', '=', game).orderBy('id').execute();
const get = async (url: string) => (await app.inject({ method: 'GET', url })).json();

describe('round numbers', () => {
  it('number each game’s rounds 1, 2, 3, … in the order they were made, the chain’s game number on its first chain', async () => {
    for (const game of ['crash', 'wheel'] as const) {
      const rows = await rowsOf(game);
      expect(rows.length).toBeGreaterThanOrEqual(3);
      expect(rows.map((r) => Number(r.number))).toEqual(rows.map((_, i) => i + 1));
      expect(rows.map((r) => Number(r.game_number))).toEqual(rows.map((r) => Number(r.number)));
    }
    // The ids interleave: an id is not a game's round number.
    const ids = [...(await rowsOf('crash')), ...(await rowsOf('wheel'))].map((r) => r.id).sort((a, b) => a - b);
    expect((await rowsOf('crash')).some((r) => Number(r.number) !== ids.indexOf(r.id) + 1) || (await rowsOf('wheel')).some((r) => Number(r.number) !== ids.indexOf(r.id) + 1)).toBe(true);
  });

  it('answer the number wherever a round is shown', async () => {
    for (const game of ['crash', 'wheel'] as const) {
      const numberOf = new Map((await rowsOf(game)).map((r) => [r.id, Number(r.number)]));
      const recent = (await get(`/api/${game}/recent-games?limit=10`)).data as { id: number; number: number }[];
      expect(recent.length).toBeGreaterThanOrEqual(3);
      for (const r of recent) expect(r.number).toBe(numberOf.get(r.id));
      const snapshot = await (game === 'crash' ? app.crash : app.wheel).snapshot();
      expect(snapshot.round_number).toBe(numberOf.get(snapshot.round_id));
      expect(snapshot.history.length).toBeGreaterThanOrEqual(3);
      for (const h of snapshot.history) expect(h.round_number).toBe(numberOf.get(h.round_id));
    }
    const wheelNumbers = new Map((await rowsOf('wheel')).map((r) => [r.id, Number(r.number)]));
    const seeds = (await get('/api/wheel/seeds?limit=5')).data as { rounds: { id: number; number: number }[] };
    for (const r of seeds.rounds) expect(r.number).toBe(wheelNumbers.get(r.id));
    const bets = (await get('/api/wheel/recent-bets?limit=5')).data as { round_id: number; round_number: number }[];
    expect(bets).toHaveLength(1);
    expect(bets[0]!.round_number).toBe(wheelNumbers.get(bets[0]!.round_id));
  });

  it('migration 0770 numbers the rounds of before it the same way, and one number per game', async () => {
    const before = [...(await rowsOf('crash')), ...(await rowsOf('wheel'))].map((r) => [r.id, Number(r.number)]);
    await Promise.all([app.crash.loop.stop(), app.wheel.loop.stop()]);
    const db = app.db as unknown as Kysely<unknown>;
    await down(db);
    await up(db);
    const after = [...(await rowsOf('crash')), ...(await rowsOf('wheel'))].map((r) => [r.id, Number(r.number)]);
    expect(after).toEqual(before);
    const taken = (await rowsOf('crash'))[0]!;
    await expect(app.db.updateTable('rounds').set({ number: 2 }).where('id', '=', taken.id).execute()).rejects.toThrow(/rounds_game_number/);
  });
});
