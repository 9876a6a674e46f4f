import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/database.ts';
import type { Clock } from '../../server/clock.ts';
import { createCrash } from '../../server/games/crash/crashGame.ts';
import { createWheel } from '../../server/games/wheel/wheelGame.ts';
import type { RoundGameService, RoundLoop } from '../../server/games/rounds/roundLoop.ts';
import type { RoundGame } from '../../server/games/rounds/schema.ts';
import { buildTestApp } from './testApp.ts';
import { testConfig } from './testConfig.ts';
import { manualClock } from './manualClock.ts';
import { createTestServices, type TestServices } from './testServices.ts';

/** An app that runs crash rounds on a clock the test moves (PGlite in memory). */
export async function createCrashApp(env: Record<string, string> = {}) {
  const clock = manualClock();
  const app = await buildTestApp(testConfig({ CRASH_ENABLED: 'true', FAIR_CHAIN_LENGTH: '20000', ...env }), { seed: false, clock });
  await app.crash.loop.idle();
  return { app, clock, ...roundDriver(app, clock) };
}

/** An app that runs wheel rounds on a clock the test moves (PGlite in memory unless DATABASE_URL is given). */
export async function createWheelApp(env: Record<string, string> = {}) {
  const clock = manualClock();
  const app = await buildTestApp(testConfig({ WHEEL_ENABLED: 'true', FAIR_CHAIN_LENGTH: '20000', ...env }), { seed: false, clock });
  await app.wheel.loop.idle();
  return { app, clock, ...roundDriver(app, clock, 'wheel') };
}

/**
 * A round game built from the services alone (testServices.ts: no app, no HTTP server), its loop
 * started as the leader starts it, on a clock the test moves. `close` stops the loop, then the services.
 */
async function roundGameOnServices<S extends RoundGameService<RoundGame>>(env: Record<string, string>, make: (services: TestServices, clock: Clock) => S) {
  const clock = manualClock();
  const services = await createTestServices({ FAIR_CHAIN_LENGTH: '20000', ...env });
  const game = make(services, clock);
  game.loop.start();
  await game.loop.idle();
  return {
    services,
    game,
    clock,
    ...roundLoopDriver(services.db, game.loop, clock, game.game),
    async close() {
      await game.loop.stop();
      game.release();
      await services.close();
    },
  };
}

/** Crash rounds without an app: createCrash handed the services (PGlite in memory). */
export function createCrashGame(env: Record<string, string> = {}) {
  return roundGameOnServices(env, (services, clock) => createCrash(services, { ...services.config.crash, enabled: true }, clock));
}

/** Wheel rounds without an app: createWheel handed the services (PGlite in memory). */
export function createWheelGame(env: Record<string, string> = {}) {
  return roundGameOnServices(env, (services, clock) => createWheel(services, { ...services.config.wheel, enabled: true }, clock));
}

/** On PostgreSQL the crash loop starts once the app holds the leader lock (polled on real time). */
export async function untilCrashLoopRuns(app: FastifyInstance): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await app.db.selectFrom('rounds').select('id').where('game', '=', 'crash').executeTakeFirst())) {
    if (Date.now() > deadline) throw new Error('the crash loop did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface CrashRoundInfo {
  id: number;
  crashPoint: number;
  /** The wheel's segment (NaN for crash). */
  segment: number;
  runMs: number;
  bettingEndsAt: number;
  startsAt: number;
}

/** The driver of an app's round game. */
export function roundDriver(app: FastifyInstance, clock: ReturnType<typeof manualClock>, game: RoundGame = 'crash') {
  return roundLoopDriver(app.db, app[game].loop, clock, game);
}

/**
 * Plays one crash round through the route: the next round that reaches 2×, the given bets placed in
 * its betting phase (each `{headers, payload}` of POST /api/crash/bet), then run to its end.
 */
export async function playCrashRound(app: FastifyInstance, clock: ReturnType<typeof manualClock>, bets: readonly { headers: Record<string, string>; payload: object }[]): Promise<void> {
  const crash = roundDriver(app, clock, 'crash');
  const round = await crash.nextBettingRound((point) => point >= 2);
  for (const b of bets) {
    const res = await app.inject({ method: 'POST', url: '/api/crash/bet', headers: b.headers, payload: b.payload });
    if (res.statusCode >= 300) throw new Error(`crash bet: ${res.body}`);
  }
  await crash.finishRound(round);
}

/** Moves a round game's loop through its rounds with the test's clock, reading its rounds from `db`. */
export function roundLoopDriver(db: Db, loop: RoundLoop, clock: ReturnType<typeof manualClock>, game: RoundGame) {
  /** Moves the clock to `time`, running every deadline on the way, and waits for the loop. */
  async function advanceTo(time: number) {
    for (;;) {
      await loop.idle();
      const wake = loop.state.wakeAt;
      if (wake === null || wake > time) break;
      clock.set(Math.max(wake, clock.now()));
    }
    clock.set(time);
    await loop.idle();
  }

  async function current(): Promise<CrashRoundInfo> {
    const r = await db.selectFrom('rounds').selectAll().where('game', '=', game).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return { id: r.id, crashPoint: Number(r.outcome.crash_point), segment: Number(r.outcome.segment), runMs: Number(r.run_ms), bettingEndsAt: new Date(r.betting_ends_at!).getTime(), startsAt: new Date(r.starts_at!).getTime() };
  }

  /** Plays rounds until one is taking bets whose crash point satisfies `wanted`; answers it. */
  async function nextBettingRound(wanted: (crashPoint: number, round: CrashRoundInfo) => boolean = () => true): Promise<CrashRoundInfo> {
    for (let i = 0; i < 2000; i++) {
      await loop.idle();
      const state = loop.state;
      if (state.status === 'starting') {
        const round = await current();
        if (wanted(round.crashPoint, round)) return round;
      }
      if (state.wakeAt !== null) clock.set(Math.max(state.wakeAt, clock.now()));
    }
    throw new Error('no such round in 2000 steps');
  }

  /** Runs the current round to its end. */
  async function finishRound(round: CrashRoundInfo) {
    await advanceTo(round.startsAt + round.runMs + 1);
    await loop.idle();
  }

  return { advanceTo, current, nextBettingRound, finishRound };
}
