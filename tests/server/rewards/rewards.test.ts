import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildTestApp } from '../../helpers/testApp.ts';
import { testConfig } from '../../helpers/testConfig.ts';
import { cashbackDayStart, DAY_MS, leaderboardWeekStart, WEEK_MS } from '../../../core/games/rewards.ts';
import type { BusMessage } from '../../../server/realtime/bus.ts';
import { closeDueRaces } from '../../../server/races/races.ts';
import { createPlayer } from '../../helpers/testApp.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { manualClock } from '../../helpers/manualClock.ts';
import { journaledBet } from '../../helpers/journaledBets.ts';

// The weekly leaderboard (GET /api/leaderboard: win_amount, multiplier with its minimum stake, the
// older order= alias, me, prizes) and its prizes, paid once by the races' closer when the injected
// clock closes the week's two leaderboard races; the daily cashback (GET /api/cashback, POST /api/cashback/claim): accrual from settled
// stakes of every kind at the level's rate, claimable the next cashback day, one claim a day.

let app: FastifyInstance;
const clock = manualClock(Date.now());
const messages: BusMessage[] = [];
beforeAll(async () => {
  app = await buildTestApp(testConfig({ LEADERBOARD_PRIZES: '100,50,25', LEADERBOARD_MULTIPLIER_PRIZES: '40', LEADERBOARD_MIN_STAKE: '1' }), { seed: false, rewardsClock: clock });
  app.bus.subscribe((m) => messages.push(m));
});
afterAll(async () => {
  await app.close();
});

type Player = Awaited<ReturnType<typeof createPlayer>>;
async function move(p: Player, reason: string, cents: number) {
  await app.wallet.transaction((tx) => (cents > 0 ? tx.credit({ userId: p.id, amount: cents, reason }) : tx.debit({ userId: p.id, amount: -cents, reason })));
}
const board = (query: string, p?: Player) => app.inject({ method: 'GET', url: `/api/leaderboard?${query}`, headers: p?.headers });
/** Waits for the leader's job to finish what the clock's move started: the week's two leaderboard races closed. */
async function paidWeeks() {
  for (let i = 0; i < 100; i++) {
    const { rows } = await sql<{ metric: string; starts_at: Date }>`select metric, starts_at from races where kind = 'leaderboard' and closed_at is not null`.execute(app.db);
    if (rows.length >= 2) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the week was not paid');
}

describe('weekly leaderboard', () => {
  let first: Player, second: Player, third: Player, fourth: Player;
  beforeAll(async () => {
    [first, second, third, fourth] = await Promise.all([createPlayer(app, { balance: 100_000 }), createPlayer(app, { balance: 100_000 }), createPlayer(app, { balance: 100_000 }), createPlayer(app, { balance: 100_000 })]);
    // What the bets paid back is what counts (free spins here: a stake of 0), never a credit that is no bet.
    await journaledBet(app, { userId: first.id, game: 'dice', stake: 0, payout: 30_000 });
    await journaledBet(app, { userId: first.id, game: 'crash', stake: 0, payout: 5_000 });
    await journaledBet(app, { userId: second.id, game: 'plinko', stake: 0, payout: 20_000 });
    await journaledBet(app, { userId: third.id, game: 'dice', stake: 0, payout: 10_000 });
    await move(fourth, 'deposit', 900_000); // not a win
    await journaledBet(app, { userId: fourth.id, game: 'dice', stake: 90_000, payout: 500 });
    await journaledBet(app, { userId: fourth.id, game: 'wheel', stake: 70_000, status: 'refunded' }); // neither a win nor a stake
  });

  it('ranks this week by the sum of wins with level, prize and my own place', async () => {
    const res = await board('metric=win_amount', third);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    const start = leaderboardWeekStart(new Date(clock.now()));
    expect(d.starts_at).toBe(start.toISOString());
    expect(d.ends_at).toBe(new Date(start.getTime() + WEEK_MS).toISOString());
    expect(d.rows.map((r: { name: string; value: number; prize: number; rank: number }) => [r.rank, r.value, r.prize])).toEqual([
      [1, 350, 100],
      [2, 200, 50],
      [3, 100, 25],
      [4, 5, 0],
    ]);
    expect(d.rows[0]).toMatchObject({ level: 1, avatar: null });
    expect(d.me).toEqual({ rank: 3, value: 100 });
    expect((await board('metric=win_amount')).json().data.me).toBeNull();
    const limited = (await board('metric=win_amount&limit=1', fourth)).json().data;
    expect(limited.rows).toHaveLength(1);
    expect(limited.me).toEqual({ rank: 4, value: 5 });
  });

  it('keeps order=won as win_amount and order=wagered as stakes; previous week is empty; bad values 422', async () => {
    expect((await board('order=won')).json().data.rows.map((r: { value: number }) => r.value)).toEqual([350, 200, 100, 5]);
    const wagered = (await board('order=wagered')).json().data;
    expect(wagered.metric).toBe('wagered');
    expect(wagered.rows).toEqual([expect.objectContaining({ rank: 1, value: 900, prize: 0 })]);
    expect((await board('metric=&period=previous')).json().data.rows).toEqual([]);
    expect((await board('metric=luck')).statusCode).toBe(422);
    expect((await board('period=last')).statusCode).toBe(422);
  });

  it('ranks the best multiplier of a bet of at least the minimum stake', async () => {
    const a = await createPlayer(app, { balance: 100_000 });
    const b = await createPlayer(app, { balance: 100_000 });
    // Real bets that almost always win (98 %); their recorded multipliers are then set per case.
    for (const [p, amount] of [[a, 2], [b, 0.5], [b, 1]] as const) {
      const res = await app.inject({ method: 'POST', url: '/api/dice/bet', headers: p.headers, payload: { amount, target: 98, direction: 'under' } });
      expect(res.statusCode).toBe(200);
    }
    await sql`update bets set multiplier = 5.5, payout = stake * 5 where user_id = ${a.id}`.execute(app.db);
    await sql`update bets set multiplier = case when stake = 50 then 900 else 3.25 end, payout = stake * 3 where user_id = ${b.id}`.execute(app.db);
    const d = (await board('metric=multiplier', b)).json().data;
    expect(d.min_stake).toBe(1);
    expect(d.rows.map((r: { value: number; prize: number }) => [r.value, r.prize])).toEqual([
      [5.5, 40],
      [3.25, 0],
    ]);
    expect(d.me).toEqual({ rank: 2, value: 3.25 });
  });

  it('pays the prizes once when the clock closes the week: ledger movements, private notices, the previous week shows them', async () => {
    const before = await Promise.all([first, second, third, fourth].map((p) => app.wallet.balance(p.id)));
    const start = leaderboardWeekStart(new Date(clock.now()));
    clock.set(start.getTime() + WEEK_MS + 60_000);
    const weeks = await paidWeeks();
    expect(weeks.map((w) => w.metric).sort()).toEqual(['best_multiplier', 'win_amount']);
    expect(weeks.every((w) => new Date(w.starts_at).getTime() === start.getTime())).toBe(true);
    const after = await Promise.all([first, second, third, fourth].map((p) => app.wallet.balance(p.id)));
    // The day's and the week's races closed with the clock too: their prizes are `race_prize`.
    const credited = async (p: Player, reason: string) => Number((await sql<{ n: string | null }>`select sum(l.amount) as n from ledger_entries l join accounts a on a.id = l.account_id where a.user_id = ${p.id} and l.reason = ${reason}`.execute(app.db)).rows[0]!.n ?? 0);
    const leaderboardPrizes = await Promise.all([first, second, third, fourth].map((p) => credited(p, 'leaderboard_prize')));
    expect(leaderboardPrizes).toEqual([10_000, 5000, 2500, 0]);
    const racePrizes = await Promise.all([first, second, third, fourth].map((p) => credited(p, 'race_prize')));
    expect(after.map((b, i) => b - before[i]!)).toEqual(leaderboardPrizes.map((x, i) => x + racePrizes[i]!));
    const prizes = await app.db.selectFrom('ledger_entries').innerJoin('accounts', 'accounts.id', 'ledger_entries.account_id').where('reason', '=', 'leaderboard_prize').where('accounts.kind', '=', 'user').select(['amount', 'reference']).execute();
    expect(prizes.map((p) => p.amount).sort((x, y) => y - x)).toEqual([10_000, 5000, 4000, 2500]);
    expect(prizes[0]!.reference).toMatch(/^race:\d+:\d$/);
    const notice = messages.find((m) => m.channel === `private-users.${first.id}` && m.event === 'leaderboardPrize');
    expect(notice?.data).toMatchObject({ type: 'leaderboardPrize', metric: 'win_amount', rank: 1, value: 350, prize: 100, starts_at: start.toISOString() });

    // Again (a second node, a restart): nothing more is paid.
    expect((await closeDueRaces(app.wallet, app.db, new Date(clock.now()))).size).toBe(0);
    clock.advance(3600_000);
    expect(await Promise.all([first, second, third, fourth].map((p) => app.wallet.balance(p.id)))).toEqual(after);

    const previous = (await board('metric=win_amount&period=previous', first)).json().data;
    expect(previous.starts_at).toBe(start.toISOString());
    expect(previous.rows.map((r: { prize: number }) => r.prize).slice(0, 4)).toEqual([100, 50, 25, 0]);
    expect(previous.me).toEqual({ rank: 1, value: 350 });
    expect((await board('metric=win_amount')).json().data.rows).toEqual([]);
    await expectLedgerBalanced(app);
  });
});

describe('daily cashback', () => {
  const state = async (p: Player) => {
    const res = await app.inject({ method: 'GET', url: '/api/cashback', headers: p.headers });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const claim = (p: Player) => app.inject({ method: 'POST', url: '/api/cashback/claim', headers: p.headers });

  it('accrues from settled stakes of every game at the level rate, becomes claimable at 21:00 UTC, pays once a day', async () => {
    clock.set(Date.now());
    const p = await createPlayer(app, { balance: 1_000_000 });
    const fresh = await state(p);
    expect(fresh).toEqual({ rate: 10, accrued: 0, claimable: 0, next_at: new Date(cashbackDayStart(new Date(clock.now())).getTime() + DAY_MS).toISOString(), hidden: true });

    await journaledBet(app, { userId: p.id, game: 'dice', stake: 100_000, payout: 70_000 }); // 1 % edge: 1000 coins → 10 × 10 % = 1.00; wins do not reduce it
    await journaledBet(app, { userId: p.id, game: 'box', stake: 20_000 }); // 10 % edge: 200 coins → 20 × 10 % = 2.00
    await journaledBet(app, { userId: p.id, game: 'crash', stake: 5_000, status: 'refunded' }); // refunded: counts nothing
    await move(p, 'deposit', 50_000);
    const accruing = await state(p);
    expect(accruing).toMatchObject({ rate: 10, accrued: 3, claimable: 0, hidden: false });
    expect((await claim(p)).json()).toEqual({ message: 'No cashback to claim yet', msg: 'No cashback to claim yet' });

    clock.set(new Date(accruing.next_at).getTime() + 1000);
    expect(await state(p)).toMatchObject({ accrued: 0, claimable: 3, hidden: false });
    const before = await app.wallet.balance(p.id);
    const res = await claim(p);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'Cashback of 3.00 coins credited', data: { amount: 3, balance: (before + 300) / 100 } });
    expect((await claim(p)).json().msg).toBe('Cashback already claimed today');
    expect(await state(p)).toMatchObject({ claimable: 0, hidden: true });
    expect(await app.wallet.balance(p.id)).toBe(before + 300);

    // A day not claimed lapses.
    clock.set(clock.now() + 2 * DAY_MS);
    expect(await state(p)).toMatchObject({ accrued: 0, claimable: 0, hidden: true });
    await expectLedgerBalanced(app);
  });

  it('rates by level and requires a signed-in player', async () => {
    const p = await createPlayer(app);
    await sql`update users set wagered = ${1_000_000} where id = ${p.id}`.execute(app.db); // 10,000 coins: level 11
    expect((await state(p)).rate).toBe(15);
    expect((await app.inject({ method: 'GET', url: '/api/cashback' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/cashback/claim' })).statusCode).toBe(401);
  });
});
