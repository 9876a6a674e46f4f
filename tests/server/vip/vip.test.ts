import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { wheelColorAt } from '../../../core/games/wheel.ts';
import { levelOf } from '../../../core/games/levels.ts';
import { descriptorOf, type GameId } from '../../../core/games/catalog.ts';
import { DEFAULT_VIP_RATES, rankOfLevel, VIP_RANKS, type VipTier } from '../../../core/games/vip.ts';
import { buildTestApp, createPlayer } from '../../helpers/testApp.ts';
import { testConfig } from '../../helpers/testConfig.ts';
import { manualClock } from '../../helpers/manualClock.ts';
import { playCrashRound, roundDriver } from '../../helpers/crashRounds.ts';
import { seedCatalog } from '../../helpers/boxes.ts';
import { FAST_BATTLES, shopBoxes, waitForStatus } from '../../helpers/battles.ts';
import { createStaff } from '../../helpers/staff.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { journaledBet } from '../../helpers/journaledBets.ts';
import { journalBet } from '../../../server/journal/journal.ts';
import { rakebackEarned } from '../../../server/vip/vip.ts';
import type { VipTables } from '../../../server/vip/schema.ts';

// VIP ranks and rakeback (docs/vip.md) against the bets journal. Two players play a mixed set of
// bets through the games' own routes (dice, plinko, a box opening, a crash and a wheel bet, a battle
// against a bot, a wheel bet taken back); this file prices every journal row itself (the edge from
// the game's published return for the bet's own parameter, the rate of the rank held before it)
// and compares each player's rakeback and rank with GET /api/vip. Then: the claim pays what was
// shown and rakeback grows again as the next bet settles; a rank-up bonus is bonus money paid once;
// a player on a break is offered and paid nothing; a reached loss limit hides the "wager more"
// nudge; a rate change in the console is audited and prices only bets settled after it.

type Player = Awaited<ReturnType<typeof createPlayer>>;
interface Row {
  id: number;
  game: GameId;
  status: string;
  stake: number;
  param: string | null;
}

let app: FastifyInstance;
let clock: ReturnType<typeof manualClock>;
let alice: Player;
let bob: Player;

async function post(p: Player, url: string, payload: object = {}) {
  const res = await app.inject({ method: 'POST', url, headers: p.headers, payload });
  expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}
const vipOf = async (p: Player) => {
  const res = await app.inject({ method: 'GET', url: '/api/vip', headers: p.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** The player's journal rows with the parameter each is priced by, read straight from the games' own rows. */
async function journalOf(p: Player): Promise<Row[]> {
  const { rows } = await sql<Row>`
    select b.id, b.game, b.status, b.stake,
      case when b.game = 'plinko' then (g.params->>'rows') || ':' || (g.params->>'risk') when b.game = 'wheel' then rb.params->>'color' when b.game = 'box' then bx.type end as param
    from bets b
    left join game_bets g on b.game = 'plinko' and g.id = b.ref_id
    left join round_bets rb on b.game = 'wheel' and rb.id = b.ref_id
    left join inventory_items i on b.game = 'box' and i.id = b.ref_id
    left join boxes bx on bx.id = i.box_id
    where b.user_id = ${p.id} order by b.id`.execute(app.db);
  return rows.map((r) => ({ ...r, id: Number(r.id), stake: Number(r.stake) }));
}

/** Rakeback (cents) and rank computed here from the journal, at the default rates. */
function expected(rows: readonly Row[], rates: Record<VipTier, number> = Object.fromEntries(VIP_RANKS.map((r) => [r.tier, DEFAULT_VIP_RATES[r.tier].rakebackBp])) as Record<VipTier, number>) {
  let xp = 0;
  let earned = 0; // exact, in cents
  for (const r of rows) {
    const tier = rankOfLevel(levelOf(xp).level).tier;
    if (r.status === 'settled' && r.stake > 0) {
      const ret = descriptorOf(r.game).publishedReturn(r.param);
      expect(ret, `${r.game} ${r.param}`).not.toBeNull();
      earned += (r.stake * (1 - ret!) * rates[tier]) / 10_000;
    }
    if (r.status === 'open' || r.status === 'settled') xp += r.stake;
  }
  return { cents: Math.floor(earned + 1e-6), rank: rankOfLevel(levelOf(xp).level).tier };
}

beforeAll(async () => {
  clock = manualClock(Date.now());
  app = await buildTestApp(testConfig({ CRASH_ENABLED: 'true', WHEEL_ENABLED: 'true', ...FAST_BATTLES }), { seed: false, clock });
  await seedCatalog(app);
  [alice, bob] = await Promise.all([createPlayer(app, { deposited: 2_000_00 }), createPlayer(app, { deposited: 2_000_00 })]);
  clock.set(Date.now());

  await post(alice, '/api/dice/bet', { amount: 40, target: 50, direction: 'over' });
  await post(alice, '/api/plinko/bet', { amount: 25, rows: 8, risk: 'high' });
  await post(bob, '/api/plinko/bet', { amount: 30, rows: 16, risk: 'low' });
  const [box] = await shopBoxes(app, 1);
  await post(alice, `/api/boxes/${box!.slug}/open`, { quantity: 1 });
  await post(bob, `/api/boxes/${box!.slug}/open`, { quantity: 2 });

  await playCrashRound(app, clock, [
    { headers: alice.headers, payload: { amount: 20, auto_cashout: 1.5 } },
    { headers: bob.headers, payload: { amount: 15 } }, // never cashed out: lost at the crash
  ]);

  const wheel = roundDriver(app, clock, 'wheel');
  const spin = await wheel.nextBettingRound();
  await post(bob, '/api/wheel/bet', { amount: 12, color: wheelColorAt(spin.segment) === 'grey' ? 'grey' : 'blue' });
  const takenBack = (await post(bob, '/api/wheel/bet', { amount: 9, color: 'gold' })).data.bet.id as number;
  await post(bob, `/api/wheel/bet/${takenBack}/cancel`);
  await wheel.finishRound(spin);

  const battle = (await post(alice, '/api/battles/create', { boxes: [{ slug: box!.slug, quantity: 1 }], mode: '1v1' })).data.id as number;
  await post(alice, `/api/battles/${battle}/add-bots`, { bots: 1 });
  clock.set(clock.now() + 60_000);
  await waitForStatus(app, battle, 'ended');
}, 90_000);
afterAll(() => app?.close());

describe('VIP ranks and rakeback from the bets journal', () => {
  it('shows each player the rakeback and rank the journal gives, for instant games, openings, round bets and a battle', async () => {
    const aliceRows = await journalOf(alice);
    const bobRows = await journalOf(bob);
    expect(new Set(aliceRows.map((r) => r.game))).toEqual(new Set(['dice', 'plinko', 'box', 'crash', 'battle']));
    expect(bobRows.filter((r) => r.status === 'refunded').map((r) => r.game)).toEqual(['wheel']);
    for (const [p, rows] of [[alice, aliceRows], [bob, bobRows]] as const) {
      const want = expected(rows);
      const v = await vipOf(p);
      expect(want.cents).toBeGreaterThan(0);
      expect(v.rakeback).toEqual({ percent: 5, earned: want.cents / 100, claimed: 0, claimable: want.cents / 100 });
      expect(v.rank).toEqual({ tier: want.rank, name: 'Bronze' });
      expect(v.next).toMatchObject({ tier: 'silver', min_level: 10 });
      expect(v.paused).toBe(false);
    }
    const tiers = (await vipOf(alice)).tiers;
    expect(tiers.map((t: { name: string; min_level: number; rakeback_percent: number; cashback_percent: number }) => [t.name, t.min_level, t.rakeback_percent, t.cashback_percent])).toEqual([
      ['Bronze', 1, 5, 10],
      ['Silver', 10, 7.5, 15],
      ['Gold', 30, 10, 20],
      ['Platinum', 50, 12.5, 25],
      ['Diamond', 80, 15, 30],
    ]);
  });

  it('a claim pays what was shown, as cash with its ledger row, answers the settled figures, and rakeback grows again as the next bet settles', async () => {
    const shown = (await vipOf(alice)).rakeback.claimable;
    const before = await app.wallet.balance(alice.id);
    const answer = await post(alice, '/api/vip/rakeback/claim');
    expect(answer.data.amount).toBe(shown);
    expect(answer.data.rakeback).toMatchObject({ claimed: shown, claimable: 0 });
    expect(answer.msg).toMatch(/^Rakeback of .* coins credited$/);
    expect(await app.wallet.balance(alice.id)).toBe(before + Math.round(shown * 100));
    const again = await app.inject({ method: 'POST', url: '/api/vip/rakeback/claim', headers: alice.headers });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: 'No rakeback to claim yet', msg: 'No rakeback to claim yet' });

    await post(alice, '/api/dice/bet', { amount: 100, target: 50, direction: 'over' });
    const want = expected(await journalOf(alice));
    expect((await vipOf(alice)).rakeback).toMatchObject({ earned: want.cents / 100, claimable: (want.cents - Math.round(shown * 100)) / 100 });
    const ledger = await sql<{ n: number }>`select count(*)::int as n from ledger_entries l join accounts a on a.id = l.account_id where a.user_id = ${alice.id} and l.reason = 'vip_rakeback'`.execute(app.db);
    expect(ledger.rows[0]!.n).toBe(1);
    await expectLedgerBalanced(app);
  });

  it('a rank-up bonus is offered at the new rank and paid once, as bonus money wagered once', async () => {
    const carol = await createPlayer(app, { balance: 10_000_00 });
    await journaledBet(app, { userId: carol.id, game: 'dice', stake: 8_100_00, payout: 8_000_00 }); // 8,100 coins: level 10
    const v = await vipOf(carol);
    expect(v.rank.name).toBe('Silver');
    expect(v.rank_bonuses).toEqual([{ tier: 'silver', name: 'Silver', amount: 5 }]);
    const paid = await post(carol, '/api/vip/rank-bonus/claim');
    expect(paid.data).toMatchObject({ amount: 5, tiers: ['silver'] });
    const again = await app.inject({ method: 'POST', url: '/api/vip/rank-bonus/claim', headers: carol.headers });
    expect(again.json()).toEqual({ message: 'No rank-up bonus to claim', msg: 'No rank-up bonus to claim' });
    expect((await vipOf(carol)).rank_bonuses).toEqual([]);
    const grants = await sql<{ source: string; amount: number; requirement: number }>`select source, amount, requirement from bonus_grants where user_id = ${carol.id}`.execute(app.db);
    expect(grants.rows.map((g) => ({ ...g, amount: Number(g.amount), requirement: Number(g.requirement) }))).toEqual([{ source: 'vip_rank', amount: 500, requirement: 500 }]);
    // The console's money report: the rank-up bonus is a bonus granted (in the bonus cost), rakeback a figure of its own.
    const operator = await createStaff(app, 'operator');
    const today = new Date().toISOString().slice(0, 10);
    const money = (await app.inject({ method: 'GET', url: `/api/admin/reports?from=${today}&to=${today}`, headers: operator.headers })).json().data.money as { figure: string; amount: number }[];
    const rakebackPaid = await sql<{ cents: string }>`select coalesce(sum(amount), 0) as cents from ledger_entries l join accounts a on a.id = l.account_id where a.kind = 'user' and l.reason = 'vip_rakeback'`.execute(app.db);
    expect(money.find((m) => m.figure === 'vip_rakeback')?.amount).toBe(Number(rakebackPaid.rows[0]!.cents) / 100);
    expect(money.find((m) => m.figure === 'bonuses_granted')?.amount).toBe(5);
    await expectLedgerBalanced(app);
  });

  it('a reached loss limit hides the "wager more" nudge; a break hides every offer and pays nothing', async () => {
    const dave = await createPlayer(app, { balance: 10_000_00 });
    await journaledBet(app, { userId: dave.id, game: 'dice', stake: 8_100_00, payout: 0 });
    expect((await vipOf(dave)).next.wager_left).toBeGreaterThan(0);
    const limit = await app.inject({ method: 'PUT', url: '/api/profile/responsible-gaming/limits', headers: dave.headers, payload: { kind: 'loss', period: 'day', amount: 100 } });
    expect(limit.statusCode, limit.body).toBeLessThan(300);
    const limited = await vipOf(dave);
    expect(limited.next).toMatchObject({ tier: 'gold', wager_left: null });
    expect(limited.rank_bonuses).toHaveLength(1); // a rank reached is still offered: no wager is asked

    await post(dave, '/api/profile/responsible-gaming/exclusion', { choice: 'cool_off_24h' });
    const paused = await vipOf(dave);
    expect(paused).toMatchObject({ paused: true, rank_bonuses: [], next: { wager_left: null } });
    for (const url of ['/api/vip/rakeback/claim', '/api/vip/rank-bonus/claim']) {
      const res = await app.inject({ method: 'POST', url, headers: dave.headers });
      expect(res.statusCode).toBe(422);
      expect(res.json().msg).toBe('VIP rewards are paused during your break.');
    }
    const rows = await sql<{ n: number }>`select count(*)::int as n from vip_rank_bonuses where user_id = ${dave.id}`.execute(app.db);
    expect(rows.rows[0]!.n).toBe(0);
  });

  it('the read keeps a checkpoint of the bets long ended and equals the full sum after many bets, ranks crossed, refunds and an open bet refunded later', async () => {
    const fay = await createPlayer(app, { balance: 20_000_00 });
    const hourLater = () => new Date(Date.now() + 3_600_000); // every bet so far ended long before: the read moves the checkpoint
    const checkpoint = () => app.db.withTables<VipTables>().selectFrom('vip_rakeback_checkpoints').select('through_id').where('user_id', '=', fay.id).executeTakeFirst();
    const sameAsFullSum = async () => expect(await rakebackEarned(app.db, fay.id, hourLater())).toBe(expected(await journalOf(fay)).cents);
    for (let i = 1; i <= 30; i++) {
      await journaledBet(app, { userId: fay.id, game: 'dice', stake: 250_00, ...(i % 6 === 0 ? { status: 'refunded' as const } : {}) });
      if (i % 5 === 0) await sameAsFullSum();
    }
    // A bet left open counts as play (it lifts the next bets to Silver) and holds the checkpoint before it.
    await app.wallet.transaction(async (tx) => {
      await tx.debit({ userId: fay.id, amount: 2_500_00, reason: 'dice_bet' });
      await journalBet(tx, { game: 'dice', userId: fay.id, stake: 2_500_00, refId: 8_999_000_000 + fay.id });
    });
    const openId = Number((await app.db.selectFrom('bets').select('id').where('user_id', '=', fay.id).where('status', '=', 'open').executeTakeFirstOrThrow()).id);
    for (let i = 0; i < 5; i++) await journaledBet(app, { userId: fay.id, game: 'dice', stake: 250_00 });
    await sameAsFullSum();
    expect(Number((await checkpoint())!.through_id)).toBe(openId - 1);
    expect(expected(await journalOf(fay)).rank).toBe('silver');
    // Refunded, it counts for nothing: the bets after it go back to Bronze's rate, and the checkpoint moves past them all.
    await sql`update bets set status = 'refunded', payout = stake, multiplier = 1, settled_at = now() where id = ${openId}`.execute(app.db);
    await sameAsFullSum();
    const lastId = Number((await app.db.selectFrom('bets').select(sql<string>`max(id)`.as('id')).where('user_id', '=', fay.id).executeTakeFirstOrThrow()).id);
    expect(Number((await checkpoint())!.through_id)).toBe(lastId);
    await sameAsFullSum();
    // A read at the time of play moves nothing and still answers the same figure.
    expect(await rakebackEarned(app.db, fay.id, new Date())).toBe(expected(await journalOf(fay)).cents);
  });

  it('a rate change in the console is audited and prices only the bets settled after it', async () => {
    const erin = await createPlayer(app, { balance: 10_000_00 });
    await journaledBet(app, { userId: erin.id, game: 'dice', stake: 1_000_00 });
    const before = (await vipOf(erin)).rakeback.earned;
    const diceEdge = 1 - descriptorOf('dice').publishedReturn(null)!; // dice publishes 98.99 %
    expect(before).toBe(Math.floor(1_000_00 * diceEdge * 0.05) / 100);
    const admin = await createStaff(app, 'admin');
    const refused = await app.inject({ method: 'PUT', url: '/api/admin/vip/bronze', headers: admin.headers, payload: { rakeback_percent: 80, rank_bonus: 0 } });
    expect(refused.statusCode).toBe(422);
    const saved = await app.inject({ method: 'PUT', url: '/api/admin/vip/bronze', headers: admin.headers, payload: { rakeback_percent: 20, rank_bonus: 0 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data[0]).toMatchObject({ tier: 'bronze', rakeback_percent: 20 });
    const audit = await app.db.selectFrom('audit_log').selectAll().where('action', '=', 'vip_rates.update').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target_id: 'bronze', before: { rakebackBp: 500, rankBonus: 0 }, after: { rakebackBp: 2000, rankBonus: 0 } });
    expect((await vipOf(erin)).rakeback.earned).toBe(before);
    await journaledBet(app, { userId: erin.id, game: 'dice', stake: 1_000_00 });
    expect((await vipOf(erin)).rakeback).toMatchObject({ percent: 20, earned: Math.floor(1_000_00 * diceEdge * (0.05 + 0.2)) / 100 });
  });
});
