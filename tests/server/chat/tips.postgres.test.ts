import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createPlayer, createPostgresTestApp, hasPostgres } from '../../helpers/testApp.ts';
import { createStaff } from '../../helpers/staff.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { openRainIfDue, payRains, RAIN_COUNT_LAG_MS } from '../../../server/chat/rain.ts';
import { rainSplit } from '../../../core/protocol/rain.ts';

// Tips and rain on real PostgreSQL (docs/community.md, "Tips", "Rain"): 50 tips at once between ten
// accounts, ten of them from one sender against a daily cap of five, move each amount once and pass
// the cap never; a rain joined by 200 accounts at once and paid by five payers at once pays each
// share once, and counts a bet that committed after a count had passed its stamp. Balance = ledger after each.
describe.runIf(hasPostgres)('tips and rain on PostgreSQL', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof createStaff>>;
  beforeAll(async () => {
    app = await createPostgresTestApp();
    admin = await createStaff(app, 'admin');
  }, 180_000);
  afterAll(() => app?.close());

  const count = async (query: ReturnType<typeof sql<{ n: string }>>) => Number((await query.execute(app.db)).rows[0]!.n);

  it('moves 50 parallel tips once each and holds a sender to the daily cap', async () => {
    expect((await app.inject({ method: 'PUT', url: '/api/admin/chat/tip-settings', headers: admin.headers, payload: { min_amount: 1, daily_send_cap: 5, daily_receive_cap: 1000 } })).statusCode).toBe(200);
    const players = await Promise.all(Array.from({ length: 10 }, (_, i) => createPlayer(app, { balance: 100_00, name: `PgTipper${i}` })));
    // 40 tips around the ring (each sender 4 × 1.00 to its next four) and 10 more from player 0 to the others.
    const plan = Array.from({ length: 50 }, (_, i) => (i < 40 ? { from: i % 10, to: ((i % 10) + 1 + Math.floor(i / 10)) % 10 } : { from: 0, to: 1 + (i % 9) }));
    const answers = await Promise.all(plan.map((t) => app.inject({ method: 'POST', url: '/api/chat/tips', headers: players[t.from]!.headers, payload: { name: `PgTipper${t.to}`, amount: 1 } })));
    for (const a of answers) expect([200, 422], a.body).toContain(a.statusCode);
    // Player 0 sends 4 + 10 tips of 1.00 against a cap of 5.00: exactly 5 pass; every other sender's 4 pass.
    const sent = (i: number) => answers.filter((a, k) => plan[k]!.from === i && a.statusCode === 200).length;
    expect(sent(0)).toBe(5);
    for (let i = 1; i < 10; i += 1) expect(sent(i)).toBe(4);
    const passed = answers.filter((a) => a.statusCode === 200).length;
    expect(await count(sql`select count(*) as n from tips`)).toBe(passed);
    expect(await count(sql`select count(*) as n from ledger_entries where reason in ('tip_sent', 'tip_received') and balance_after is not null`)).toBe(2 * passed);
    // Every balance is 100.00 less what it sent plus what it received.
    for (const [i, p] of players.entries()) {
      const got = answers.filter((a, k) => plan[k]!.to === i && a.statusCode === 200).length;
      expect(await app.wallet.balance(p.id)).toBe(100_00 - sent(i) * 100 + got * 100);
    }
    await expectLedgerBalanced(app);
  }, 180_000);

  it('pays a rain joined by 200 accounts once, with five payers at once', async () => {
    const settings = { enabled: true, edge_share_pct: 100, interval_minutes: 1, window_seconds: 600, require_verified: true, min_wagered_7d: 0, min_deposited_14d: 0, captcha: false, min_pot: 1, wagering_multiple: 1, bonus_days: 7 };
    expect((await app.inject({ method: 'PUT', url: '/api/admin/chat/rain-settings', headers: admin.headers, payload: settings })).statusCode).toBe(200);
    const whale = await createPlayer(app);
    // 1 % edge on dice, all of it to the pot: 2 003 700 cents staked → 20 037 cents. The bet is
    // stamped settled before it commits, and a count a second past its stamp runs before the commit:
    // the bet is counted by the count after it (not lost behind the first count's mark).
    const stamped = Date.now();
    await app.db.transaction().execute(async (trx) => {
      await sql`insert into bets (game, user_id, stake, payout, multiplier, status, ref_id, settled_at) values ('dice', ${whale.id}, 2003700, 0, 0, 'settled', 9600001, ${new Date(stamped).toISOString()}::timestamptz)`.execute(trx);
      await openRainIfDue(app, new Date(stamped + 1000));
    });
    expect(await count(sql`select count(*) as n from rains`)).toBe(0);
    await openRainIfDue(app, new Date(stamped + RAIN_COUNT_LAG_MS + 1000));
    const rain = await app.db.selectFrom('rains').selectAll().where('status', '=', 'open').executeTakeFirstOrThrow();
    expect(Number(rain.pot)).toBe(20_037);
    const players = [];
    for (let i = 0; i < 10; i += 1) players.push(...(await Promise.all(Array.from({ length: 20 }, () => createPlayer(app)))));
    const joins = await Promise.all(players.map((p) => app.inject({ method: 'POST', url: '/api/chat-rain/join', headers: p.headers, payload: {} })));
    expect(joins.map((j) => j.statusCode)).toEqual(players.map(() => 200));
    await sql`update rains set closes_at = now() where id = ${rain.id}`.execute(app.db);
    await Promise.all(Array.from({ length: 5 }, () => payRains(app, new Date(Date.now() + 1000))));
    const shares = await sql<{ n: string; total: string }>`select count(*) as n, sum(amount) as total from ledger_entries where reason = 'rain_share' and balance_after is not null`.execute(app.db);
    expect([Number(shares.rows[0]!.n), Number(shares.rows[0]!.total)]).toEqual([200, 20_037]);
    expect(await count(sql`select count(distinct user_id) as n from bonus_grants where source = 'rain'`)).toBe(200);
    const split = rainSplit(20_037, 200);
    const paid = await sql<{ share: string }>`select share from rain_entries where rain_id = ${rain.id} order by joined_at, user_id`.execute(app.db);
    expect(paid.rows.map((r) => Number(r.share))).toEqual(split);
    expect(await count(sql`select count(*) as n from chat_messages where kind = 'system' and body like 'The rain shared%'`)).toBe(1);
    await expectLedgerBalanced(app);
  }, 300_000);
});
