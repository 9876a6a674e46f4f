import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { createTestApp, createPlayer } from '../../helpers/testApp.ts';
import { createStaff } from '../../helpers/staff.ts';
import { seedCatalog } from '../../helpers/boxes.ts';
import { shopBoxes } from '../../helpers/battles.ts';
import { markAccount } from '../../../server/risk/marks.ts';
import { DEPOSIT_SPIKE_MIN, LOSS_CHASE_ESCALATIONS, NIGHT_BETS, scanAlerts, SMALL_DEPOSITS_A_DAY } from '../../../server/risk/alerts.ts';
import { journaledBet } from '../../helpers/journaledBets.ts';
import { notificationText, type PlayerNotification } from '../../../core/protocol/notificationEvents.ts';

// The alert scanner (docs/risk.md, "Alerts"), run by hand on a player's day: a cluster of two linked
// accounts (one device) that tip each other (the rule switched off) and sit in one battle; a player
// who deposits and withdraws with little play to an address another account used; a player with
// many small deposits; a player who asks for withdrawals and cancels them. Each raises its alert
// once, with its evidence, however often the scanner runs; a stranger's ordinary play raises none;
// an operator closes an alert with a note (audited) and it leaves the open queue. Then the markers of
// harm, scanned in the next night: stakes doubled after losses, a deposit spike, long night play —
// each an alert and one gentle message to the player.

let app: FastifyInstance;
type Player = Awaited<ReturnType<typeof createPlayer>>;
let ann: Player, annAlt: Player, quick: Player, other: Player, small: Player, cycler: Player, stranger: Player;
let staff: Awaited<ReturnType<typeof createStaff>>;
const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

const scan = () => scanAlerts({ db: app.db, appSecret: app.config.appSecret }, new Date());
const deposit = (p: Player, cents: number) => app.wallet.transaction((tx) => tx.credit({ userId: p.id, amount: cents, reason: 'deposit', reference: `test:${randomUUID()}` }));
const bet = (p: Player, amount: number) => app.inject({ method: 'POST', url: '/api/dice/bet', headers: p.headers, payload: { amount, target: 50, direction: 'over' } });
const withdraw = (p: Player, to: string) => app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: p.headers, payload: { type: 'crypto', amount: 20, currency: 'BTC', address: to } });
const alerts = async (status = 'open') => (await app.inject({ method: 'GET', url: `/api/admin/risk/alerts?status=${status}`, headers: staff.headers })).json().data as { id: number; kind: string; player: { id: number }; evidence: Record<string, string | number> }[];

beforeAll(async () => {
  app = await createTestApp();
  await seedCatalog(app);
  staff = await createStaff(app, 'operator');
  const players = await Promise.all(Array.from({ length: 7 }, () => createPlayer(app, { balance: 500_00 })));
  [ann, annAlt, quick, other, small, cycler, stranger] = players as [Player, Player, Player, Player, Player, Player, Player];
  // Withdrawing needs a deposit first; these two play it through, so their withdrawals are not quick.
  for (const p of [other, cycler]) {
    await deposit(p, 5_00);
    expect((await bet(p, 5)).statusCode).toBe(200);
  }
  const device = randomUUID();
  for (const p of [ann, annAlt]) await markAccount(app.db, app.config.appSecret, p.id, [{ kind: 'device', raw: device }]);
  await sql`update risk_rules set no_tips_in_cluster = false`.execute(app.db);
  await sql`update users set name = 'AnnAlt' where id = ${annAlt.id}`.execute(app.db);
});
afterAll(async () => {
  await app.close();
});

describe('risk alerts', () => {
  it('raises each pattern once with its evidence, and nothing for ordinary play', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/chat/tips', headers: ann.headers, payload: { name: 'AnnAlt', amount: 5 } })).statusCode).toBe(200);
    const [box] = await shopBoxes(app, 1);
    const created = await app.inject({ method: 'POST', url: '/api/battles/create', headers: ann.headers, payload: { boxes: [{ slug: box!.slug, quantity: 1 }], mode: '1v1' } });
    expect((await app.inject({ method: 'POST', url: `/api/battles/${created.json().data.id}/join`, headers: annAlt.headers, payload: {} })).statusCode).toBe(200);

    // `other` withdrew to the address first; `quick` deposits 100.00, plays 1.00 and withdraws to it.
    const first = await withdraw(other, address);
    expect(first.statusCode, first.body).toBeLessThan(300);
    await deposit(quick, 100_00);
    expect((await bet(quick, 1)).statusCode).toBe(200);
    expect((await withdraw(quick, address)).statusCode).toBeLessThan(300);

    for (let i = 0; i < SMALL_DEPOSITS_A_DAY; i++) await deposit(small, 2_00);
    for (let i = 0; i < 3; i++) {
      const asked = await withdraw(cycler, 'bc1q9h6yzs7m8rm2z0q5ftkpe9hcx6yqn2l8n0kq5j');
      expect((await app.inject({ method: 'POST', url: `/api/profile/withdrawals/${asked.json().data.id}/cancel`, headers: cycler.headers })).statusCode).toBeLessThan(300);
    }
    // The stranger deposits, plays more than the deposit and withdraws to a fresh address.
    await deposit(stranger, 20_00);
    for (let i = 0; i < 2; i++) expect((await bet(stranger, 15)).statusCode).toBe(200);
    expect((await withdraw(stranger, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).statusCode).toBeLessThan(300);

    // Both withdrawals to the shared address are flagged: by the time of this scan each account's is the other's address too.
    expect(await scan()).toBe(7);
    expect(await scan()).toBe(0);
    const open = await alerts();
    const byKind = Object.fromEntries(open.map((a) => [a.kind, a]));
    expect(open.map((a) => a.kind).sort()).toEqual(['cluster_battle', 'cluster_tip', 'quick_withdrawal', 'shared_withdrawal_address', 'shared_withdrawal_address', 'small_deposits', 'withdrawal_cycles']);
    expect(open.filter((a) => a.kind === 'shared_withdrawal_address').map((a) => a.player.id).sort((x, y) => x - y)).toEqual([quick.id, other.id].sort((x, y) => x - y));
    expect(byKind.cluster_tip).toMatchObject({ player: { id: ann.id }, evidence: { to: 'AnnAlt', amount: 5 } });
    expect(byKind.cluster_battle!.player.id).toBe(ann.id);
    expect(byKind.quick_withdrawal).toMatchObject({ player: { id: quick.id }, evidence: { amount: 20, deposit: 100, staked_since: 1 } });
    expect(byKind.small_deposits).toMatchObject({ player: { id: small.id }, evidence: { deposits: SMALL_DEPOSITS_A_DAY, total: 10 } });
    expect(byKind.withdrawal_cycles).toMatchObject({ player: { id: cycler.id }, evidence: { canceled_in_7_days: 3 } });
    expect(open.some((a) => a.player.id === stranger.id)).toBe(false);
  });

  it('an operator closes an alert with a note, audited; it leaves the open queue', async () => {
    const [first] = await alerts();
    const close = (payload: object) => app.inject({ method: 'POST', url: `/api/admin/risk/alerts/${first!.id}/close`, headers: staff.headers, payload });
    expect((await close({ status: 'dismissed', note: '' })).statusCode).toBe(422);
    const closed = await close({ status: 'actioned', note: 'Locked the second account.' });
    expect(closed.json()).toMatchObject({ message: 'Alert closed.', data: { id: first!.id, status: 'actioned', note: 'Locked the second account.' } });
    expect((await close({ status: 'dismissed', note: 'again' })).statusCode).toBe(404);
    expect((await alerts()).some((a) => a.id === first!.id)).toBe(false);
    expect((await alerts('closed')).map((a) => a.id)).toEqual([first!.id]);
    const audited = await app.db.selectFrom('audit_log').select(['target_id', 'after']).where('action', '=', 'risk.alert').execute();
    expect(audited).toEqual([{ target_id: String(first!.id), after: { status: 'actioned', note: 'Locked the second account.' } }]);
  });

  it('markers of harm: an alert each and one gentle message to the player, with the way to limits and breaks', async () => {
    const [chaser, spiker, owl] = (await Promise.all([0, 1, 2].map(() => createPlayer(app, { balance: 500_00 })))) as [Player, Player, Player];
    // Stakes doubled after each loss: 1, 2, 4, … coins.
    for (let i = 0; i <= LOSS_CHASE_ESCALATIONS; i++) await journaledBet(app, { userId: chaser.id, game: 'dice', stake: 100 * 2 ** i, payout: 0 });
    // 10.00 deposited ten days ago, then 150.00 today.
    await deposit(spiker, 10_00);
    await sql`update ledger_entries set created_at = now() - interval '10 days' where account_id = (select id from accounts where user_id = ${spiker.id}) and reason = 'deposit'`.execute(app.db);
    await deposit(spiker, DEPOSIT_SPIKE_MIN + 50_00);
    // The scan runs at the next 02:00 UTC, within 24 hours of now (so the day's other patterns are in
    // its windows); NIGHT_BETS bets placed a minute before it. A scan reads bets from its last run on
    // (the earlier tests' scans, at the real time): bets placed at 01:00 were behind that cursor
    // whenever the file ran between 01:01 and 02:00 UTC.
    const now = new Date();
    const today2 = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 2);
    const night = new Date(today2 > now.getTime() ? today2 : today2 + 24 * 3600_000);
    for (let i = 0; i < NIGHT_BETS; i++) await journaledBet(app, { userId: owl.id, game: 'dice', stake: 100, payout: 0 });
    await sql`update bets set placed_at = ${new Date(night.getTime() - 60_000).toISOString()}::timestamptz where user_id = ${owl.id}`.execute(app.db);
    // The earlier patterns, seen again in this run's overlap, are not raised again within their windows.
    expect(await scanAlerts({ db: app.db, appSecret: app.config.appSecret }, night)).toBe(3);
    expect(await scanAlerts({ db: app.db, appSecret: app.config.appSecret }, night)).toBe(0);
    const open = await alerts();
    expect(open.filter((a) => [chaser.id, spiker.id, owl.id].includes(a.player.id)).map((a) => [a.player.id, a.kind, a.evidence])).toEqual([
      [owl.id, 'night_play', { bets_since_midnight_utc: NIGHT_BETS }],
      [chaser.id, 'loss_chasing', { stakes_doubled_after_a_loss: LOSS_CHASE_ESCALATIONS }],
      [spiker.id, 'deposit_spike', { deposited_24h: 150, daily_average_30d: 0.33 }],
    ]);
    for (const [p, line] of [[chaser, 'Your stakes have been rising after losses.'], [spiker, 'You deposited much more today than you usually do.'], [owl, 'You have been playing late into the night.']] as const) {
      const items = (await app.inject({ method: 'GET', url: '/api/notifications', headers: p.headers })).json().data.items as PlayerNotification[];
      const wellbeing = items.filter((n) => n.kind === 'wellbeing');
      expect(wellbeing).toHaveLength(1);
      expect(notificationText(wellbeing[0]!)).toEqual({ title: 'A moment for you', body: `${line} Limits and breaks are here whenever you want them.`, link: '/profile/limits' });
    }
    // Ordinary players of this test got no such message.
    const quiet = (await app.inject({ method: 'GET', url: '/api/notifications', headers: stranger.headers })).json().data.items as PlayerNotification[];
    expect(quiet.some((n) => n.kind === 'wellbeing')).toBe(false);
  });

  it('limit raises: the limits keep their history, and a third raise or removal in 30 days is a marker of harm', async () => {
    const raiser = await createPlayer(app, { balance: 500_00 });
    const limit = (amount: number | null) => app.inject({ method: 'PUT', url: '/api/profile/responsible-gaming/limits', headers: raiser.headers, payload: { kind: 'loss', period: 'day', amount } });
    // A new limit and a lower one are no raise; the same amount again is no change at all.
    for (const amount of [50, 20, 20]) expect((await limit(amount)).statusCode).toBe(200);
    const changes = () => app.db.selectFrom('limit_changes').select(['kind', 'period', 'from_amount', 'to_amount']).where('user_id', '=', raiser.id).orderBy('id').execute();
    expect(await changes()).toEqual([
      { kind: 'loss', period: 'day', from_amount: null, to_amount: 50_00 },
      { kind: 'loss', period: 'day', from_amount: 50_00, to_amount: 20_00 },
    ]);
    const now = () => new Date(Date.now() + 60_000);
    // Two raises (pending until their waiting time: still the limit that applies, 20.00, is raised from).
    for (const amount of [40, 60]) expect((await limit(amount)).statusCode).toBe(200);
    expect(await scanAlerts({ db: app.db, appSecret: app.config.appSecret }, now())).toBe(0);
    // The third: a removal.
    expect((await limit(null)).statusCode).toBe(200);
    expect((await changes()).slice(2).map((c) => [c.from_amount, c.to_amount])).toEqual([[20_00, 40_00], [20_00, 60_00], [20_00, null]]);
    expect(await scanAlerts({ db: app.db, appSecret: app.config.appSecret }, now())).toBe(1);
    expect((await alerts()).filter((a) => a.player.id === raiser.id).map((a) => [a.kind, a.evidence])).toEqual([['limit_raises', { raised_or_removed_in_30_days: 3 }]]);
    const items = (await app.inject({ method: 'GET', url: '/api/notifications', headers: raiser.headers })).json().data.items as PlayerNotification[];
    expect(items.filter((n) => n.kind === 'wellbeing').map((n) => notificationText(n).body)).toEqual(['You have raised or removed your limits several times lately. Limits and breaks are here whenever you want them.']);
    // A fourth within the window raises nothing more.
    expect((await limit(80)).statusCode).toBe(200);
    expect(await scanAlerts({ db: app.db, appSecret: app.config.appSecret }, now())).toBe(0);
  });
});
