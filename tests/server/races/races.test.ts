import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildTestApp, createPlayer } from '../../helpers/testApp.ts';
import { testConfig } from '../../helpers/testConfig.ts';
import { manualClock } from '../../helpers/manualClock.ts';
import { playCrashRound } from '../../helpers/crashRounds.ts';
import { seedCatalog } from '../../helpers/boxes.ts';
import { shopBoxes } from '../../helpers/battles.ts';
import { createStaff } from '../../helpers/staff.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { journaledBet } from '../../helpers/journaledBets.ts';
import { RACE_MIN_MULTIPLIER_STAKE, type RaceMetric } from '../../../core/games/races.ts';
import { closeDueRaces, ensureDefaultRaces, RACE_CLOSE_GRACE_MS } from '../../../server/races/races.ts';

// Races (docs/rewards.md, "Races") against the bets journal. Three players play dice, plinko, box
// openings and a crash round through the games' routes (plus a wheel bet taken back); races of each
// metric, unscoped, scoped to crash and scoped to the box, are created in the console. This file
// sums the journal itself (settled bets placed in the period) and compares every race's standing
// with GET /api/races; then the close pays each prized place once, leaves out the player on a break
// (who is offered no race), and the ledger balances.

type Player = Awaited<ReturnType<typeof createPlayer>>;
interface Row {
  user_id: number;
  game: string;
  box_id: number | null;
  stake: number;
  payout: number | null;
  multiplier: string | null;
  status: string;
}
interface Scope {
  game: string | null;
  box_id: number | null;
}

let app: FastifyInstance;
let clock: ReturnType<typeof manualClock>;
let admin: Awaited<ReturnType<typeof createStaff>>;
let alice: Player;
let bob: Player;
let carol: Player;
let boxId: number;
const start = new Date(Date.now() - 3600_000);
const end = new Date(Date.now() + 3600_000);

async function post(p: { headers: Record<string, string> }, url: string, payload: object = {}) {
  const res = await app.inject({ method: 'POST', url, headers: p.headers, payload });
  expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}
const racesOf = async (p?: Player) => {
  const res = await app.inject({ method: 'GET', url: '/api/races?limit=100', headers: p?.headers ?? {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

async function journal(): Promise<Row[]> {
  const { rows } = await sql<Row>`
    select b.user_id, b.game, i.box_id, b.stake, b.payout, b.multiplier, b.status from bets b
    left join inventory_items i on b.game = 'box' and i.id = b.ref_id
    where b.placed_at >= ${start.toISOString()}::timestamptz and b.placed_at < ${end.toISOString()}::timestamptz`.execute(app.db);
  return rows.map((r) => ({ ...r, user_id: Number(r.user_id), box_id: r.box_id === null ? null : Number(r.box_id), stake: Number(r.stake), payout: r.payout === null ? null : Number(r.payout) }));
}

/** A race's standing computed here from the journal rows: [user, value] best first (cents or hundredths). */
function expected(rows: readonly Row[], metric: RaceMetric, scope: Scope, excluded: ReadonlySet<number>): [number, number][] {
  const by = new Map<number, number>();
  for (const r of rows) {
    if (r.status !== 'settled' || excluded.has(r.user_id)) continue;
    if (scope.game !== null && r.game !== scope.game) continue;
    if (scope.box_id !== null && (r.game !== 'box' || r.box_id !== scope.box_id)) continue;
    const had = by.get(r.user_id);
    if (metric === 'wagered') by.set(r.user_id, (had ?? 0) + r.stake);
    else if (metric === 'net_won') by.set(r.user_id, (had ?? 0) + r.payout! - r.stake);
    else if (r.stake >= RACE_MIN_MULTIPLIER_STAKE && r.payout! > 0) by.set(r.user_id, Math.max(had ?? 0, Math.floor(Number(r.multiplier) * 100 + 1e-9)));
  }
  return [...by].filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1] || a[0] - b[0]);
}

const names = new Map<string, number>();
const SCOPES: Record<string, Scope> = { all: { game: null, box_id: null }, crash: { game: 'crash', box_id: null }, box: { game: null, box_id: 0 } };

beforeAll(async () => {
  clock = manualClock(Date.now());
  app = await buildTestApp(testConfig({ CRASH_ENABLED: 'true' }), { seed: false, clock, rewardsClock: clock });
  await seedCatalog(app);
  admin = await createStaff(app, 'admin');
  [alice, bob, carol] = await Promise.all([createPlayer(app, { deposited: 2_000_00, name: 'RaceAlice' }), createPlayer(app, { deposited: 2_000_00, name: 'RaceBob' }), createPlayer(app, { deposited: 2_000_00, name: 'RaceCarol' })]);
  for (const [name, p] of [['RaceAlice', alice], ['RaceBob', bob], ['RaceCarol', carol]] as const) names.set(name, p.id);

  await post(alice, '/api/dice/bet', { amount: 40, target: 50, direction: 'over' });
  await post(bob, '/api/plinko/bet', { amount: 30, rows: 8, risk: 'high' });
  const [box] = await shopBoxes(app, 1);
  boxId = Number(box!.id);
  SCOPES.box!.box_id = boxId;
  await post(alice, `/api/boxes/${box!.slug}/open`, { quantity: 1 });
  await post(bob, `/api/boxes/${box!.slug}/open`, { quantity: 2 });

  await playCrashRound(app, clock, [
    { headers: alice.headers, payload: { amount: 20, auto_cashout: 1.5 } },
    { headers: bob.headers, payload: { amount: 15 } }, // never cashed out: lost at the crash
  ]);
  await journaledBet(app, { userId: bob.id, game: 'wheel', stake: 900_00, status: 'refunded' }); // taken back: counts for nothing
  // Carol tops every race, then takes a break.
  await journaledBet(app, { userId: carol.id, game: 'dice', stake: 1_000_00, payout: 5_000_00 });

  for (const [scope, s] of Object.entries(SCOPES)) {
    for (const metric of ['wagered', 'net_won', 'best_multiplier'] as const) {
      await post(admin, '/api/admin/races', { name: `${metric} ${scope}`, metric, game: s.game, box_id: s.box_id, starts_at: start.toISOString(), ends_at: end.toISOString(), prizes: [3, 2, 1] });
    }
  }
}, 90_000);
afterAll(() => app?.close());

async function expectStandings(viewer: Player, excluded: ReadonlySet<number>) {
  const rows = await journal();
  expect(new Set(rows.map((r) => r.game))).toEqual(new Set(['dice', 'plinko', 'box', 'crash', 'wheel']));
  const { races } = await racesOf(viewer);
  let checked = 0;
  // On the wire: coins, or the multiplier; × 100 gives the journal's cents or hundredths.
  for (const race of races as { name: string; metric: RaceMetric; rows: { rank: number; name: string; value: number; prize: number }[]; me: { rank: number } | null }[]) {
    const scope = SCOPES[race.name.split(' ')[1] ?? ''];
    if (!scope) continue;
    const want = expected(rows, race.metric, scope, excluded);
    expect(race.rows.map((r) => [names.get(r.name), Math.round(r.value * 100)]), race.name).toEqual(want);
    expect(race.rows.map((r) => r.prize), race.name).toEqual([3, 2, 1].slice(0, want.length));
    const mine = want.findIndex(([u]) => u === viewer.id);
    expect(race.me?.rank ?? null, race.name).toBe(mine < 0 ? null : mine + 1);
    checked += 1;
  }
  expect(checked).toBe(9);
}

describe('races from the bets journal', () => {
  it('the default daily and weekly races run, and every race shows the standing the journal gives', async () => {
    await ensureDefaultRaces(app.db, new Date(clock.now()), app.config.rewards.leaderboard);
    const { races, paused } = await racesOf();
    expect(paused).toBe(false);
    expect(races.filter((r: { kind: string }) => r.kind !== 'custom').map((r: { name: string; metric: string }) => [r.name, r.metric])).toEqual(
      expect.arrayContaining([
        ['Daily race', 'wagered'],
        ['Weekly race', 'net_won'],
      ]),
    );
    await expectStandings(alice, new Set());
  });

  it('the console refuses a bad race and changes nothing', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/admin/races', headers: admin.headers, payload: { name: 'x', metric: 'wagered', game: 'nope', box_id: null, starts_at: end.toISOString(), ends_at: start.toISOString(), prizes: [0] } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['ends_at', 'game', 'prizes']);
    const audited = await sql<{ n: number }>`select count(*)::int as n from audit_log where action = 'races.create'`.execute(app.db);
    expect(audited.rows[0]!.n).toBe(9);
  });

  it('a player on a break is offered no race and leaves the standings; the close pays each place once', async () => {
    await post(carol, '/api/profile/responsible-gaming/exclusion', { choice: 'cool_off_24h' });
    expect(await racesOf(carol)).toEqual({ races: [], paused: true });
    await expectStandings(alice, new Set([carol.id]));

    const before = await Promise.all([alice, bob, carol].map((p) => app.wallet.balance(p.id)));
    const closeAt = new Date(end.getTime() + RACE_CLOSE_GRACE_MS);
    await Promise.all([closeDueRaces(app.wallet, app.db, closeAt), closeDueRaces(app.wallet, app.db, closeAt)]);
    await closeDueRaces(app.wallet, app.db, closeAt);
    // Every race's prizes, not only the console's: when the test runs within an hour of midnight UTC the
    // default daily race ends before closeAt and pays too (and the week's races near Thursday 18:00 UTC).
    const prizes = await sql<{ user_id: string; prize: string }>`select p.user_id, p.prize from race_prizes p`.execute(app.db);
    const credits = await sql<{ user_id: string; amount: string }>`select a.user_id, l.amount from ledger_entries l join accounts a on a.id = l.account_id and a.kind = 'user' where l.reason in ('race_prize', 'leaderboard_prize')`.execute(app.db);
    expect(credits.rows.length).toBe(prizes.rows.length);
    expect(prizes.rows.some((p) => Number(p.user_id) === carol.id)).toBe(false);
    const after = await Promise.all([alice, bob, carol].map((p) => app.wallet.balance(p.id)));
    const won = (id: number) => prizes.rows.filter((p) => Number(p.user_id) === id).reduce((s, p) => s + Number(p.prize), 0);
    expect(after.map((b, i) => b - before[i]!)).toEqual([won(alice.id), won(bob.id), 0]);
    expect(won(alice.id) + won(bob.id)).toBeGreaterThan(0);
    await expectLedgerBalanced(app);
  });
});
