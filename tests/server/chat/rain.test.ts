import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildTestApp, createPlayer } from '../../helpers/testApp.ts';
import { testConfig } from '../../helpers/testConfig.ts';
import { manualClock } from '../../helpers/manualClock.ts';
import { createStaff } from '../../helpers/staff.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { payRains, RAIN_COUNT_LAG_MS, rainNobodyText, rainSharedText, rainStartedText, rainTick } from '../../../server/chat/rain.ts';
import { RAIN_MSG, rainSplit } from '../../../core/protocol/rain.ts';
import { CHAT_ROOM_LOCALES, CHAT_ROOMS } from '../../../core/protocol/chat.ts';
import type { Locale } from '../../../core/text/locales.ts';

// Rain (docs/community.md, "Rain") on one app with a manual clock (its own rain loop runs on the same
// clock, so every step here may meet it: each is checked by what is stored, not by who did it): the
// console's settings, audited; the pot from the share of the house edge in the bets journal; who may
// join (verified, wagered in 7 days, deposited in 14, not on a break), once per person; the split;
// paid once as bonus money when the pay runs twice at once and again; balance = ledger; the shop's
// messages about it in every chat room, each in its room's language (en-US as it always read).

type Player = Awaited<ReturnType<typeof createPlayer>>;
const clock = manualClock(Date.now() + 60_000);
let app: FastifyInstance;
let refId = 9_500_000;
beforeAll(async () => {
  app = await buildTestApp(testConfig(), { seed: false, clock });
  // A freshly migrated database counted the pot up to its migration's real time: the clock starts after it.
  clock.advance(Math.max(0, Date.now() + 60_000 - clock.now()));
}, 180_000);
afterAll(() => app.close());

/** A settled dice bet of the journal, settled a moment after the clock's present. */
const bet = (p: { id: number }, stake: number) =>
  sql`insert into bets (game, user_id, stake, payout, multiplier, status, ref_id, placed_at, settled_at) values ('dice', ${p.id}, ${stake}, 0, 0, 'settled', ${(refId += 1)}, now(), ${new Date(clock.now() + 1000).toISOString()}::timestamptz)`.execute(app.db);
const join = (p: Player) => app.inject({ method: 'POST', url: '/api/chat-rain/join', headers: p.headers, payload: {} });
const settings = { enabled: true, edge_share_pct: 50, interval_minutes: 1, window_seconds: 60, require_verified: true, min_wagered_7d: 1, min_deposited_14d: 5, captcha: false, min_pot: 1, wagering_multiple: 1, bonus_days: 7 };

describe('rain', () => {
  it('splits by the published rule', () => {
    expect(rainSplit(501, 3)).toEqual([167, 167, 167]);
    expect(rainSplit(10, 3)).toEqual([4, 3, 3]);
    expect(rainSplit(2, 3)).toEqual([1, 1, 0]);
    expect(rainSplit(5, 0)).toEqual([]);
  });

  it('words its chat messages in each room\'s language, en-US as before', () => {
    expect(rainStartedText('en-US', 506, 120)).toBe("It's raining! 5.06 coins to share: join in the chat within 2 minutes.");
    expect(rainStartedText('en-US', 123_456, 90)).toBe("It's raining! 1234.56 coins to share: join in the chat within 90 s.");
    expect(rainStartedText('en-US', 506, 150)).toBe("It's raining! 5.06 coins to share: join in the chat within 150 s.");
    expect(rainSharedText('en-US', 506, 1)).toBe('The rain shared 5.06 coins among 1 player.');
    expect(rainSharedText('en-US', 506, 1234)).toBe('The rain shared 5.06 coins among 1234 players.');
    expect(rainNobodyText('en-US', 506)).toBe('Nobody joined the rain: its 5.06 coins wait for the next one.');
    expect(rainStartedText('de-DE', 123_456, 180)).toBe('Rain! 1.234,56 Coins zu verteilen: Mach innerhalb von 3 Minuten im Chat mit.');
    expect(rainSharedText('de-DE', 506, 1)).toBe('Der Rain hat 5,06 Coins unter 1 Spieler verteilt.');
    expect(rainSharedText('de-DE', 506, 3)).toBe('Der Rain hat 5,06 Coins unter 3 Spielern verteilt.');
    const each: ((locale: Locale) => string)[] = [(l) => rainStartedText(l, 506, 60), (l) => rainSharedText(l, 506, 3), (l) => rainNobodyText(l, 506)];
    for (const text of each) {
      const texts = CHAT_ROOMS.map((room) => text(CHAT_ROOM_LOCALES[room]));
      expect(new Set(texts).size).toBe(CHAT_ROOMS.length);
      for (const t of texts.slice(1)) expect(t).toContain('5,06');
    }
  });

  it('opens from the edge share, lets the eligible join once, and pays each share once as bonus money', async () => {
    const admin = await createStaff(app, 'admin');
    const set = await app.inject({ method: 'PUT', url: '/api/admin/chat/rain-settings', headers: admin.headers, payload: settings });
    expect(set.statusCode, set.body).toBe(200);
    expect((await app.db.selectFrom('audit_log').select('after').where('action', '=', 'chat.rain_settings').executeTakeFirstOrThrow()).after).toEqual(settings);

    const eligible = await Promise.all([0, 1, 2].map(() => createPlayer(app, { deposited: 10_00 })));
    const noBet = await createPlayer(app, { deposited: 10_00 });
    const noDeposit = await createPlayer(app, { balance: 10_00 });
    const unverified = await createPlayer(app, { deposited: 10_00, verified: false });
    const onBreak = await createPlayer(app, { deposited: 10_00 });
    const whale = await createPlayer(app);
    for (const p of [...eligible, noDeposit, unverified, onBreak]) await bet(p, 2_00);
    await app.db.insertInto('responsible_gaming').values({ user_id: onBreak.id, exclusion_kind: 'cool_off', excluded_from: new Date(), excluded_until: new Date(Date.now() + 86_400_000) }).execute();
    expect((await join(eligible[0]!)).json()).toMatchObject({ msg: RAIN_MSG.noRain });

    // 1 % edge on dice, half of it to the pot: 100 000 + 6 × 200 cents staked → 506 cents.
    await bet(whale, 100_000);
    clock.advance(RAIN_COUNT_LAG_MS + 2000);
    await rainTick(app);
    const rain = await app.db.selectFrom('rains').selectAll().where('status', '=', 'open').executeTakeFirstOrThrow();
    expect(Number(rain.pot)).toBe(506);
    // Into every room once, each in its language; en-US as it always read.
    const posted = await app.db.selectFrom('chat_messages').select(['room', 'body', 'user_id']).where('kind', '=', 'system').orderBy('id').execute();
    expect(posted).toEqual(CHAT_ROOMS.map((room) => ({ room, body: rainStartedText(CHAT_ROOM_LOCALES[room], 506, 60), user_id: null })));
    expect(posted[0]!.body).toBe("It's raining! 5.06 coins to share: join in the chat within 60 s.");

    for (const [p, refusal] of [
      [noBet, RAIN_MSG.wagered('1.00')],
      [noDeposit, RAIN_MSG.deposited('5.00')],
      [unverified, RAIN_MSG.unverified],
      [onBreak, RAIN_MSG.onBreak],
    ] as const) {
      const res = await join(p);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().msg).toBe(refusal);
    }
    for (const p of [...eligible, eligible[0]!]) expect((await join(p)).statusCode).toBe(200);
    const state = (await app.inject({ method: 'GET', url: '/api/chat-rain', headers: eligible[0]!.headers })).json().data;
    expect(state).toMatchObject({ open: { id: Number(rain.id), pot: 5.06, joined: 3, me: true }, rule: RAIN_MSG.rule });

    // The window closes: two payers at once, then the loop, pay it once.
    clock.advance(61_000);
    await Promise.all([payRains(app, new Date(clock.now())), payRains(app, new Date(clock.now()))]);
    await rainTick(app);
    expect((await join(eligible[1]!)).json()).toMatchObject({ msg: RAIN_MSG.noRain });
    const shares = await sql<{ user_id: string; amount: string }>`select a.user_id, l.amount from ledger_entries l join accounts a on a.id = l.account_id where l.reason = 'rain_share' and a.user_id is not null order by a.user_id`.execute(app.db);
    expect(shares.rows.map((r) => [Number(r.user_id), Number(r.amount)])).toEqual(eligible.map((p, i) => [p.id, rainSplit(506, 3)[i]]).sort((x, y) => x[0]! - y[0]!));
    const grants = await app.db.selectFrom('bonus_grants' as never).select(['user_id' as never, 'amount' as never, 'requirement' as never, 'status' as never]).where('source' as never, '=', 'rain' as never).execute();
    expect(grants).toHaveLength(3);
    for (const g of grants as { amount: number; requirement: number; status: string }[]) expect([Number(g.requirement), g.status]).toEqual([Number(g.amount), 'active']);
    expect((await app.db.selectFrom('rains').select('status').where('id', '=', Number(rain.id)).executeTakeFirstOrThrow()).status).toBe('paid');
    const paidNotes = await app.db.selectFrom('chat_messages').select(['room', 'body']).where('kind', '=', 'system').orderBy('id').offset(CHAT_ROOMS.length).execute();
    expect(paidNotes).toEqual(CHAT_ROOMS.map((room) => ({ room, body: rainSharedText(CHAT_ROOM_LOCALES[room], 506, 3) })));
    expect(paidNotes[0]!.body).toBe('The rain shared 5.06 coins among 3 players.');
    await expectLedgerBalanced(app);
  });

  it('takes players\' tips into the pot: withdrawable coins, counted against the daily send cap', async () => {
    const p = await createPlayer(app, { balance: 5_00 });
    const pot = async () => Number((await app.db.selectFrom('rain_pot').select('amount').executeTakeFirstOrThrow()).amount);
    const tipRain = (amount: unknown) => app.inject({ method: 'POST', url: '/api/chat-rain/tip', headers: p.headers, payload: { amount } });
    const before = await pot();
    const bad = await tipRain(0.001);
    expect(bad.statusCode).toBe(422);
    expect((await tipRain(6)).json().errors.amount).toEqual(['Insufficient balance']);
    const res = await tipRain(2);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe(RAIN_MSG.tipped('2.00'));
    expect([await pot(), await app.wallet.balance(p.id)]).toEqual([before + 2_00, 3_00]);
    expect(await app.db.selectFrom('tips').select(['amount', 'recipient_id']).where('sender_id', '=', p.id).execute()).toEqual([{ amount: 200, recipient_id: null }]);
    await expectLedgerBalanced(app);
  });
});
