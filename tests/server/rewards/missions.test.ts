import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildTestApp, createPlayer } from '../../helpers/testApp.ts';
import { testConfig } from '../../helpers/testConfig.ts';
import { manualClock } from '../../helpers/manualClock.ts';
import { seedCatalog } from '../../helpers/boxes.ts';
import { shopBoxes } from '../../helpers/battles.ts';
import { createStaff } from '../../helpers/staff.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { journaledBet } from '../../helpers/journaledBets.ts';
import { gamesOfKind, type GameId } from '../../../core/games/catalog.ts';
import { MISSIONS } from '../../../core/games/missions.ts';
import { payChallenges } from '../../../server/missions/challenges.ts';

// Challenges and missions (docs/rewards.md, "Challenges" and "Missions") against the bets journal.
// Four players play several games (journaled bets, a dice bet and a custom box through their routes);
// this file reads the journal itself, computes each challenge's winners (first qualifying bets in
// settlement order, one per player, the stake and the scope kept) and each player's missions, and
// compares them with the API. Then: a player on a break sees nothing and is not paid, the console's
// bad input changes nothing, two payers and two claims at once pay once, and the ledger balances.

type Player = Awaited<ReturnType<typeof createPlayer>>;
interface Row {
  id: number;
  public_id: string;
  user_id: number;
  game: GameId;
  stake: number;
  payout: number | null;
  multiplier: string | null;
  status: string;
  box_type: string | null;
  revealed: boolean;
}

let app: FastifyInstance;
let clock: ReturnType<typeof manualClock>;
let admin: Awaited<ReturnType<typeof createStaff>>;
let alice: Player;
let bob: Player;
let carol: Player;
let dave: Player;
const names = new Map<string, number>();
const DICE: GameId = 'dice';
const PLINKO: GameId = 'plinko';
const WHEEL: GameId = 'wheel';
const BATTLE: GameId = gamesOfKind('battle')[0]!;
const ends = new Date(Date.now() + 3600_000).toISOString();
const CHALLENGES = {
  dice: { name: 'Dice 2x', game: DICE, box_id: null, multiplier: 2, min_stake: 1, prize: 5, winners: 2, ends_at: ends },
  any: { name: 'Any 4x', game: null, box_id: null, multiplier: 4, min_stake: 1, prize: 3, winners: 3, ends_at: ends },
};

async function call(p: { headers: Record<string, string> } | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return app.inject({ method, url, headers: p?.headers ?? {}, ...(payload ? { payload } : {}) });
}
async function ok(p: Player | typeof admin, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await call(p, method, url, payload);
  expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

async function journal(): Promise<Row[]> {
  const { rows } = await sql<Row>`
    select b.id, b.public_id, b.user_id, b.game, b.stake, b.payout, b.multiplier, b.status, x.type as box_type, (s.revealed_at is not null) as revealed from bets b
    left join inventory_items i on b.game in (${sql.join(gamesOfKind('box'))}) and i.id = b.ref_id left join boxes x on x.id = i.box_id
    left join seed_pairs s on s.id = b.seed_pair_id
    order by b.settled_at, b.id`.execute(app.db);
  return rows.map((r) => ({ ...r, id: Number(r.id), user_id: Number(r.user_id), stake: Number(r.stake), payout: r.payout === null ? null : Number(r.payout) }));
}

/** A challenge's winners from the journal rows: [player, bet public id], first settled first, one per player. */
function expectedWinners(rows: readonly Row[], c: (typeof CHALLENGES)[keyof typeof CHALLENGES], excluded: ReadonlySet<number>): [number, string][] {
  const out: [number, string][] = [];
  for (const r of rows) {
    if (r.status !== 'settled' || excluded.has(r.user_id) || out.some(([u]) => u === r.user_id)) continue;
    if (c.game !== null && r.game !== c.game) continue;
    if (r.stake < c.min_stake * 100 || !(r.payout! > 0) || Math.floor(Number(r.multiplier) * 100 + 1e-9) < c.multiplier * 100) continue;
    if (out.length < c.winners) out.push([r.user_id, r.public_id]);
  }
  return out;
}

/** A player's done missions from the journal rows and the limits table. */
async function expectedMissions(rows: readonly Row[], userId: number): Promise<string[]> {
  const mine = rows.filter((r) => r.user_id === userId && r.status === 'settled');
  const limits = await sql<{ n: number }>`select count(*)::int as n from play_limits where user_id = ${userId}`.execute(app.db);
  const done = new Set<string>(mine.filter((r) => r.payout! > r.stake).map((r) => `first_win:${r.game}`));
  if (mine.some((r) => r.revealed)) done.add('verify_bet');
  if (limits.rows[0]!.n > 0) done.add('set_limit');
  if (mine.some((r) => r.game === BATTLE)) done.add('complete_battle');
  if (mine.some((r) => r.box_type === 'custom')) done.add('open_custom_box');
  return MISSIONS.map((m) => m.id).filter((id) => done.has(id));
}

beforeAll(async () => {
  clock = manualClock(Date.now());
  app = await buildTestApp(testConfig(), { seed: false, clock, rewardsClock: clock });
  await seedCatalog(app);
  admin = await createStaff(app, 'admin');
  const make = async (name: string) => {
    const p = await createPlayer(app, { deposited: 2_000_00, name });
    names.set(name, p.id);
    return p;
  };
  [alice, bob, carol, dave] = [await make('MisAlice'), await make('MisBob'), await make('MisCarol'), await make('MisDave')];
  for (const c of Object.values(CHALLENGES)) await ok(admin, 'POST', '/api/admin/challenges', c);

  // In settlement order. Dave's 10× would win "Any 4x" first, but he takes a break.
  await journaledBet(app, { userId: dave.id, game: PLINKO, stake: 100, payout: 1_000 });
  await journaledBet(app, { userId: alice.id, game: DICE, stake: 50, payout: 500 }); // below the stake: counts in neither
  await journaledBet(app, { userId: bob.id, game: PLINKO, stake: 200, payout: 1_000 }); // 5×, not dice
  await journaledBet(app, { userId: carol.id, game: DICE, stake: 100, payout: 150 }); // 1.5×: short of both targets
  await journaledBet(app, { userId: carol.id, game: DICE, stake: 100, payout: 300 }); // dice #1
  await journaledBet(app, { userId: alice.id, game: DICE, stake: 200, payout: 400 }); // dice #2
  await journaledBet(app, { userId: bob.id, game: DICE, stake: 100, payout: 1_000 }); // dice: third, too late; bob has his place in "Any 4x" already
  await journaledBet(app, { userId: carol.id, game: DICE, stake: 500, payout: 5_000 }); // carol's second: one place per player
  await journaledBet(app, { userId: alice.id, game: WHEEL, stake: 900, payout: 0, status: 'refunded' }); // taken back: nothing
  await journaledBet(app, { userId: carol.id, game: BATTLE, stake: 300, payout: 100 }); // a battle to its end, lost
  // Bob verifies: a dice bet through the route, then his seed pair rotated (revealed).
  await ok(bob, 'POST', '/api/dice/bet', { amount: 1, target: 50, direction: 'over' });
  await ok(bob, 'POST', '/api/fair/seeds/rotate');
  // Alice sets a limit and opens a box made by a player.
  await ok(alice, 'PUT', '/api/profile/responsible-gaming/limits', { kind: 'wager', period: 'month', amount: 100_000 });
  const [shop] = await shopBoxes(app, 1);
  const detail = (await ok(alice, 'GET', `/api/boxes/${shop!.slug}`)).data;
  const created = await ok(dave, 'POST', '/api/user-boxes', { name: 'Dave mix', items: [{ id: detail.items[0].id, odds: 90 }, { id: detail.items[1].id, odds: 10 }] });
  await ok(alice, 'POST', `/api/user-boxes/${created.data.slug}/open`, { quantity: 1 });
}, 90_000);
afterAll(() => app?.close());

async function expectChallenges(viewer: Player | null, excluded: ReadonlySet<number>) {
  const rows = await journal();
  const res = await call(viewer, 'GET', '/api/challenges');
  expect(res.statusCode, res.body).toBe(200);
  const listed = res.json().data.challenges as { name: string; rows: { place: number; name: string; bet: string }[] }[];
  expect(listed.map((c) => c.name).sort()).toEqual(['Any 4x', 'Dice 2x']);
  for (const c of Object.values(CHALLENGES)) {
    const got = listed.find((l) => l.name === c.name)!;
    expect(got.rows.map((r) => [names.get(r.name), r.bet]), c.name).toEqual(expectedWinners(rows, c, excluded));
    expect(got.rows.map((r) => r.place), c.name).toEqual(got.rows.map((_, i) => i + 1));
  }
  return listed;
}

describe('challenges and missions from the bets journal', () => {
  it('every challenge shows the winners the journal gives: first qualifying bets in order, the stake and the game kept', async () => {
    const listed = await expectChallenges(null, new Set());
    const dice = listed.find((c) => c.name === 'Dice 2x')!;
    expect(dice.rows.map((r) => r.name)).toEqual(['MisCarol', 'MisAlice']);
  });

  it("every player's missions and badges are the journal's and the account's facts", async () => {
    const rows = await journal();
    expect(new Set(rows.map((r) => r.game))).toEqual(new Set([DICE, PLINKO, WHEEL, BATTLE, ...gamesOfKind('box')]));
    for (const p of [alice, bob, carol, dave]) {
      const { data } = await ok(p, 'GET', '/api/missions');
      const want = await expectedMissions(rows, p.id);
      expect(data.missions.filter((m: { done: boolean }) => m.done).map((m: { id: string }) => m.id), p.email).toEqual(want);
      expect(data.missions.length).toBe(MISSIONS.length);
      expect(data.badges.map((b: { id: string }) => b.id), p.email).toEqual(want);
    }
    // Each kind of mission is done by someone here.
    expect(await expectedMissions(rows, alice.id)).toEqual(expect.arrayContaining(['open_custom_box', 'set_limit']))
    expect(await expectedMissions(rows, bob.id)).toEqual(expect.arrayContaining(['verify_bet']));
    expect(await expectedMissions(rows, carol.id)).toEqual(expect.arrayContaining(['complete_battle', `first_win:${DICE}`]));
  });

  it('the console refuses bad challenges per field and changes nothing', async () => {
    const count = async () => (await sql<{ c: number; a: number }>`select (select count(*)::int from challenges) as c, (select count(*)::int from audit_log where action = 'challenges.create') as a`.execute(app.db)).rows[0];
    const before = await count();
    expect(before).toEqual({ c: 2, a: 2 });
    const bad = { name: ' ', game: 'nope', box_id: null, multiplier: 1, min_stake: 0, prize: 0, winners: 0, ends_at: new Date(clock.now() - 1000).toISOString() };
    const res = await call(admin, 'POST', '/api/admin/challenges', bad);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['ends_at', 'game', 'min_stake', 'multiplier', 'name', 'prize', 'winners']);
    expect((await call(admin, 'POST', '/api/admin/challenges', { ...CHALLENGES.dice, box_id: 999_999 })).statusCode).toBe(422);
    expect((await call(alice, 'POST', '/api/admin/challenges', CHALLENGES.dice)).statusCode).toBeGreaterThanOrEqual(401);
    expect(await count()).toEqual(before);
  });

  it('a player on a break sees no challenge nor mission and is not paid; two payers and two claims at once pay once', async () => {
    await ok(dave, 'POST', '/api/profile/responsible-gaming/exclusion', { choice: 'cool_off_24h' });
    expect((await ok(dave, 'GET', '/api/challenges')).data).toEqual({ challenges: [], paused: true, limit_reached: false });
    const daveMissions = (await ok(dave, 'GET', '/api/missions')).data;
    expect(daveMissions.paused).toBe(true);
    expect(daveMissions.missions).toEqual([]);
    const refused = await call(dave, 'POST', `/api/missions/first_win:${PLINKO}/claim`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().msg).toBe('Missions are paused during your break.');
    await expectChallenges(alice, new Set([dave.id]));

    const players = [alice, bob, carol, dave];
    const before = await Promise.all(players.map((p) => app.wallet.balance(p.id)));
    const now = new Date(clock.now());
    await Promise.all([payChallenges(app.wallet, app.db, now), payChallenges(app.wallet, app.db, now)]);
    await payChallenges(app.wallet, app.db, now);
    const listed = await expectChallenges(alice, new Set([dave.id]));
    expect(listed.every((c) => (c as unknown as { rows: { paid: boolean }[] }).rows.every((r) => r.paid))).toBe(true);
    const prizes = await sql<{ user_id: string; prize: string }>`select user_id, prize from challenge_winners`.execute(app.db);
    const credits = await sql<{ n: number }>`select count(*)::int as n from ledger_entries l join accounts a on a.id = l.account_id and a.kind = 'user' where l.reason = 'challenge_prize'`.execute(app.db);
    expect(credits.rows[0]!.n).toBe(prizes.rows.length);
    expect(prizes.rows.length).toBe(4); // dice: carol, alice; any: bob, carol (dave left out)
    const won = (id: number) => prizes.rows.filter((p) => Number(p.user_id) === id).reduce((s, p) => s + Number(p.prize), 0);

    // Missions: two claims at once pay once; a mission not done, or unknown, pays nothing.
    const claims = await Promise.all([call(alice, 'POST', '/api/missions/set_limit/claim'), call(alice, 'POST', '/api/missions/set_limit/claim')]);
    expect(claims.map((c) => c.statusCode).sort()).toEqual([200, 422]);
    expect(claims.find((c) => c.statusCode === 422)!.json().msg).toBe('Mission reward already claimed');
    expect(claims.find((c) => c.statusCode === 200)!.json().msg).toBe('Mission reward of 1.00 coins credited');
    const notDone = await call(alice, 'POST', '/api/missions/complete_battle/claim');
    expect([notDone.statusCode, notDone.json().msg]).toEqual([422, 'Mission not completed yet']);
    expect((await call(alice, 'POST', '/api/missions/nope/claim')).statusCode).toBe(404);
    const grants = await sql<{ source: string; amount: string; requirement: string }>`select source, amount, requirement from bonus_grants where user_id = ${alice.id}`.execute(app.db);
    expect(grants.rows.map((g) => [g.source, Number(g.amount), Number(g.requirement)])).toEqual([['mission', 100, 100]]);
    const aliceMissions = (await ok(alice, 'GET', '/api/missions')).data.missions as { id: string; claimed: boolean }[];
    expect(aliceMissions.filter((m) => m.claimed).map((m) => m.id)).toEqual(['set_limit']);

    const after = await Promise.all(players.map((p) => app.wallet.balance(p.id)));
    expect(after.map((b, i) => b - before[i]!)).toEqual([won(alice.id) + 100, won(bob.id), won(carol.id), 0]);
    await expectLedgerBalanced(app);
  });

  it('a player whose loss limit is reached is offered no challenge and no mission still to do', async () => {
    const eve = await createPlayer(app, { deposited: 100_00, name: 'MisEve' });
    await journaledBet(app, { userId: eve.id, game: DICE, stake: 5_00, payout: 0 });
    await ok(eve, 'PUT', '/api/profile/responsible-gaming/limits', { kind: 'loss', period: 'day', amount: 1 });
    expect((await ok(eve, 'GET', '/api/challenges')).data).toEqual({ challenges: [], paused: false, limit_reached: true });
    const { data } = await ok(eve, 'GET', '/api/missions');
    expect([data.paused, data.limit_reached]).toEqual([false, true]);
    expect(data.missions.map((m: { id: string; done: boolean }) => [m.id, m.done])).toEqual([['set_limit', true]]);
  });
});
