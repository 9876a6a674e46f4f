import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { wheelColorAt } from '../../../core/games/wheel.ts';
import { buildTestApp, createPlayer } from '../../helpers/testApp.ts';
import { testConfig } from '../../helpers/testConfig.ts';
import { manualClock } from '../../helpers/manualClock.ts';
import { roundDriver } from '../../helpers/crashRounds.ts';
import { seedCatalog } from '../../helpers/boxes.ts';
import { FAST_BATTLES, shopBoxes, waitForStatus } from '../../helpers/battles.ts';
import { createStaff } from '../../helpers/staff.ts';
import { metricValues, scrape } from './metricsScrape.ts';

// How we know the play counters count every stake once (docs/operations.md): bets of every kind go
// through the games' own routes (instant bets in batches and alone, a box opening of several, a
// crash and a wheel bet, a battle seat against a bot), and the scraped counters' deltas must equal
// the bets journal's rows written in between, game by game, in count and in cents staked.

const TOKEN = 'scraper-token-0123456789abcdef0123456789';

let app: FastifyInstance;
let clock: ReturnType<typeof manualClock>;
let operator: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  clock = manualClock(Date.now());
  app = await buildTestApp(testConfig({ CRASH_ENABLED: 'true', WHEEL_ENABLED: 'true', METRICS_TOKEN: TOKEN, ...FAST_BATTLES }), { seed: false, clock });
  await seedCatalog(app);
  operator = await createStaff(app, 'operator');
}, 60_000);
afterAll(() => app?.close());

describe('the play counters', () => {
  it("count every stake the journal records, per game, in number and cents", async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => createPlayer(app, { deposited: 500_00 })));
    clock.set(Date.now());
    const post = async (player: (typeof players)[number], url: string, payload: object = {}) => {
      const res = await app.inject({ method: 'POST', url, headers: player.headers, payload });
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
      return res.json();
    };
    const before = await scrape(app, operator.headers);
    const { rows: mark } = await sql<{ id: string | null }>`select max(id)::text as id from bets`.execute(app.db);
    const fromId = Number(mark[0]?.id ?? 0);

    // Instant bets that arrive together (one batch statement) and one after another.
    await Promise.all(players.map((p) => post(p, '/api/dice/bet', { amount: 1, target: 50, direction: 'over' })));
    for (const p of players) await post(p, '/api/plinko/bet', { amount: 1.5, rows: 8, risk: 'low' });
    await Promise.all(players.map((p) => post(p, '/api/limbo/bet', { amount: 0.5, target: 2 })));
    const [box] = await shopBoxes(app, 1);
    await post(players[0]!, `/api/boxes/${box!.slug}/open`, { quantity: 3 });
    await post(players[1]!, `/api/boxes/${box!.slug}/open`, { quantity: 1 });

    const crash = roundDriver(app, clock, 'crash');
    const round = await crash.nextBettingRound((point) => point >= 2);
    await post(players[2]!, '/api/crash/bet', { amount: 2, auto_cashout: 1.5 });
    await crash.finishRound(round);
    const wheel = roundDriver(app, clock, 'wheel');
    const spin = await wheel.nextBettingRound();
    await post(players[3]!, '/api/wheel/bet', { amount: 3, color: wheelColorAt(spin.segment) === 'grey' ? 'grey' : 'blue' });
    await wheel.finishRound(spin);

    const battle = (await post(players[0]!, '/api/battles/create', { boxes: [{ slug: box!.slug, quantity: 1 }], mode: '1v1' })).data.id as number;
    await post(players[0]!, `/api/battles/${battle}/add-bots`, { bots: 1 });
    clock.set(clock.now() + 60_000);
    await waitForStatus(app, battle, 'ended');

    const after = await scrape(app, operator.headers);
    const { rows } = await sql<{ game: string; n: string; cents: string }>`
      select game, count(*)::text as n, sum(stake)::text as cents from bets where id > ${fromId} group by game`.execute(app.db);
    const journal = Object.fromEntries(rows.map((r) => [r.game, { bets: Number(r.n), cents: Number(r.cents) }]));
    expect(Object.keys(journal).sort()).toEqual(['battle', 'box', 'crash', 'dice', 'limbo', 'plinko', 'wheel']);
    const delta = (text: string, name: string) => metricValues(text, name, 'game');
    const counted: Record<string, { bets: number; cents: number }> = {};
    const [betsAfter, betsBefore, centsAfter, centsBefore] = [delta(after, 'shop_bets_total'), delta(before, 'shop_bets_total'), delta(after, 'shop_bet_stakes_cents_total'), delta(before, 'shop_bet_stakes_cents_total')];
    for (const game of new Set([...Object.keys(betsAfter), ...Object.keys(journal)])) {
      counted[game] = { bets: (betsAfter[game] ?? 0) - (betsBefore[game] ?? 0), cents: (centsAfter[game] ?? 0) - (centsBefore[game] ?? 0) };
    }
    expect(Object.fromEntries(Object.entries(counted).filter(([, c]) => c.bets > 0))).toEqual(journal);
  }, 90_000);

  it('time each batch statement and report the HTTP latency under the route pattern, not the URL', async () => {
    const text = await scrape(app, operator.headers);
    expect(text).toMatch(/^shop_settlement_batch_seconds_count\{settlement="instant bets"\} [1-9]/m);
    expect(text).toMatch(/^shop_settlement_batch_size_sum\{settlement="instant bets"\} [1-9]/m);
    expect(text).toMatch(/^shop_http_request_duration_seconds_count\{method="POST",route="\/api\/battles\/:id\/add-bots",status="2xx"\} 1$/m);
    expect(text).not.toMatch(/route="\/api\/battles\/\d/);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    expect(text).toMatch(/^shop_open_sockets\{namespace="\/crash"\} 0$/m);
    expect(text).toMatch(/^shop_leader 1$/m);
  });
});

describe('GET /api/admin/metrics', () => {
  it('answers the scraper token and refuses any other, and a player', async () => {
    const ok = await app.inject({ url: '/api/admin/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect((await app.inject({ url: '/api/admin/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/admin/metrics' })).statusCode).toBe(401);
    const player = await createPlayer(app);
    expect((await app.inject({ url: '/api/admin/metrics', headers: player.headers })).statusCode).toBe(403);
  });

  it('takes no token at all when none is configured', async () => {
    const other = await buildTestApp(testConfig());
    try {
      expect((await other.inject({ url: '/api/admin/metrics', headers: { authorization: 'Bearer ' } })).statusCode).toBe(401);
      expect((await other.inject({ url: '/api/admin/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});
