import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createPostgresTestApp, createTestApp, hasPostgres } from '../../helpers/testApp.ts';
import { createStaff } from '../../helpers/staff.ts';
import { expectLedgerBalanced, ownedCount, seedCatalog } from '../../helpers/boxes.ts';
import { lastMailTo, MAIL_WAIT, readOutbox, tempOutbox } from '../../helpers/outbox.ts';
import { captureStdout } from '../../helpers/stdout.ts';
import { notifyWithdrawalSteps } from '../../../server/shipping/stepNotifier.ts';
import { moveWithdrawal } from '../../../server/shipping/withdrawals.ts';
import { withdrawalsCommand } from '../../../server/shipping/withdrawalsCommand.ts';
import { TRACKING_MESSAGE, TRACKING_REQUIRED } from '../../../core/protocol/adminShipping.ts';

// The console's shipping queue (docs/operator-console.md, "Shipping"): a delivery moves new →
// in_processing → shipped (tracking number) → done, or is canceled with its items back in the
// inventory in the same transaction; each move is conditional, audited, shown to the player as a
// step and mailed to them; the ops command makes the same moves.

type Player = Awaited<ReturnType<typeof createPlayer>>;
const address = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000', country: 'United Kingdom', country_state: 'London', city: 'London', postal_code: 'W1A 1AA', street_address: '12 Analytical Street' };

/**
 * A verified player with `count` parcels from a box without sizes, a saved address, and a delivery of
 * them. KYC level 2 (createPlayer's `kycLevel`): three random Console Wars openings can pass what an
 * unverified player may withdraw in 30 days.
 */
async function deliveryOf(app: FastifyInstance, count: number): Promise<{ player: Player; id: number }> {
  const player = await createPlayer(app, { deposited: 1_000_00, verified: true, kycLevel: 2 });
  const opened = await app.inject({ method: 'POST', url: '/api/boxes/console-wars/open', headers: player.headers, payload: { quantity: count } });
  const items = opened.json().data.openings.map((o: { inventory_id: number }) => o.inventory_id) as number[];
  await app.inject({ method: 'POST', url: '/api/profile/shipping-address', headers: player.headers, payload: address });
  const created = await app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: player.headers, payload: { type: 'delivery', items } });
  return { player, id: created.json().data.id };
}

describe('the shipping queue', () => {
  const outbox = tempOutbox();
  let app: FastifyInstance;
  let staff: Awaited<ReturnType<typeof createStaff>>;
  beforeAll(async () => {
    app = await createTestApp({ MAIL_OUTBOX_DIR: outbox });
    await seedCatalog(app);
    staff = await createStaff(app, 'operator');
  });
  afterAll(() => app.close());
  const move = (id: number, body: object) => app.inject({ method: 'POST', url: `/api/admin/withdrawals/${id}/move`, headers: staff.headers, payload: body });
  const notifier = () => ({ db: app.db, mailer: app.accounts.mailer, config: app.config, log: app.log });
  /**
   * Mails what is unmailed and answers the subjects mailed to `email`, once `count` are there, in
   * alphabetical order: the app's own notifier (every second) may have claimed a step first and be
   * writing its mail while this call writes the next step's, so the outbox's order is not the steps'
   * (one CI run: Shipped before In processing). The steps' order is the notifications' and the rows'.
   */
  const mailedTo = async (email: string, count: number) => {
    await notifyWithdrawalSteps(notifier());
    let subjects: string[] = [];
    await vi.waitFor(() => {
      subjects = readOutbox(outbox).filter((m) => m.to === email).map((m) => m.subject);
      expect(subjects.length).toBeGreaterThanOrEqual(count);
    }, MAIL_WAIT);
    return subjects.sort();
  };
  const playerRow = async (p: Player, id: number) => (await app.inject({ url: '/api/profile/withdrawals?type=delivery', headers: p.headers })).json().data.find((w: { id: number }) => w.id === id);

  it('moves a delivery through processing, shipped with its tracking number and done; the player sees and is mailed each step', async () => {
    const { player, id } = await deliveryOf(app, 2);
    const queue = (await app.inject({ url: `/api/admin/withdrawals?status=new&user_id=${player.id}`, headers: staff.headers })).json();
    // Beside the request: the player's deposits, stakes (two console-wars openings) and bonuses.
    const boxPrice = Number((await app.db.selectFrom('boxes').select('price').where('slug', '=', 'console-wars').executeTakeFirstOrThrow()).price);
    const figures = { deposited: 1_000, wagered: (2 * boxPrice) / 100, bonuses: 0, bonus_to_wager: 0, open_bonuses: [], risk_score: 0 };
    expect(queue.data).toEqual([expect.objectContaining({ id, status: 'new', type: 'delivery', player: { name: expect.any(String), email: player.email, ...figures }, items: expect.any(Array) })]);
    expect((await move(id, { to: 'done' })).json().msg).toBe(`Withdrawal #${id} was not moved. It is Requested: it can not move to Done.`);
    expect((await move(id, { to: 'in_processing' })).json()).toEqual({ message: `Withdrawal #${id} is now In processing.` });
    const untracked = await move(id, { to: 'shipped' });
    expect(untracked.statusCode).toBe(422);
    expect(untracked.json().errors.tracking_number).toEqual([TRACKING_REQUIRED]);
    expect((await move(id, { to: 'shipped', tracking_number: '<script>' })).statusCode).toBe(422);
    expect((await move(id, { to: 'shipped', tracking_number: ' 1Z 999 AA1 0123456784 ' })).statusCode).toBe(200);
    let row = await playerRow(player, id);
    expect(row).toMatchObject({ status: 'shipped', status_title: 'Shipped', tracking_number: '1Z 999 AA1 0123456784', can_cancel: false });
    expect(await mailedTo(player.email, 2)).toEqual([`Your delivery #${id}: In processing`, `Your delivery #${id}: Shipped`].sort());
    expect(await notifyWithdrawalSteps(notifier())).toBe(0);
    // Each step once in the player's notifications, newest first (docs/community.md, "Notifications").
    const told = (await app.inject({ method: 'GET', url: '/api/notifications', headers: player.headers })).json().data.items;
    expect(told.filter((n: { kind: string }) => n.kind === 'withdrawal_step').map((n: { data: unknown }) => n.data)).toEqual([
      { withdrawal_id: id, type: 'delivery', status_title: 'Shipped' },
      { withdrawal_id: id, type: 'delivery', status_title: 'In processing' },
    ]);
    const mail = readOutbox(outbox).find((m) => m.to === player.email && m.subject === `Your delivery #${id}: Shipped`)!;
    expect(mail.subject).toBe(`Your delivery #${id}: Shipped`);
    expect(mail.text).toContain('Tracking number: 1Z 999 AA1 0123456784');
    expect(mail.link).toBe(`${app.config.publicUrl}/profile/shipping`);
    expect((await move(id, { to: 'canceled' })).statusCode).toBe(422);
    expect((await move(id, { to: 'done' })).statusCode).toBe(200);
    row = await playerRow(player, id);
    expect(row.status_title).toBe('Done');
    expect(row.steps.map((s: { status_title: string; tracking_number: string | null }) => [s.status_title, s.tracking_number])).toEqual([['In processing', null], ['Shipped', '1Z 999 AA1 0123456784'], ['Done', '1Z 999 AA1 0123456784']]);
    expect(await mailedTo(player.email, 3)).toEqual([`Your delivery #${id}: In processing`, `Your delivery #${id}: Shipped`, `Your delivery #${id}: Done`].sort());
    const audit = await app.db.selectFrom('audit_log').select(['action', 'actor_id', 'before', 'after']).where('target_kind', '=', 'withdrawal').where('target_id', '=', String(id)).orderBy('id').execute();
    expect(audit.map((a) => [a.action, a.actor_id, (a.before as { status: string }).status])).toEqual([['withdrawal.in_processing', staff.id, 'new'], ['withdrawal.shipped', staff.id, 'in_processing'], ['withdrawal.done', staff.id, 'shipped']]);
    expect((await move(999_999, { to: 'done' })).statusCode).toBe(404);
  });

  it('cancels a delivery in processing: the items are back in the inventory in the same change, the player is told', async () => {
    const { player, id } = await deliveryOf(app, 3);
    expect(await ownedCount(app, player.id)).toBe(0);
    await move(id, { to: 'in_processing' });
    expect((await move(id, { to: 'canceled' })).json().message).toBe(`Withdrawal #${id} is now Canceled.`);
    expect(await ownedCount(app, player.id)).toBe(3);
    expect((await move(id, { to: 'canceled' })).statusCode).toBe(422);
    expect(await ownedCount(app, player.id)).toBe(3);
    expect(await mailedTo(player.email, 2)).toEqual([`Your delivery #${id}: In processing`, `Your delivery #${id}: Canceled`].sort());
    expect(readOutbox(outbox).find((m) => m.to === player.email && m.subject === `Your delivery #${id}: Canceled`)!.text).toContain('The items are back in your inventory.');
    expect((await playerRow(player, id)).steps.map((s: { status: string }) => s.status)).toEqual(['in_processing', 'canceled']);
  });

  it("the player's own cancel is a step too, not mailed; a crypto withdrawal is never shipped", async () => {
    const { player, id } = await deliveryOf(app, 1);
    await app.inject({ method: 'POST', url: `/api/profile/withdrawals/${id}/cancel`, headers: player.headers });
    await notifyWithdrawalSteps(notifier());
    expect(lastMailTo(outbox, player.email)).toBeUndefined();
    expect((await playerRow(player, id)).steps.map((s: { status: string }) => s.status)).toEqual(['canceled_by_user']);
    const payload = { type: 'crypto', amount: 30, currency: 'ETH', address: '0x52908400098527886E0F7030069857D2E4169EE7' };
    const crypto = (await app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: player.headers, payload })).json().data.id;
    await move(crypto, { to: 'in_processing' });
    expect((await move(crypto, { to: 'shipped', tracking_number: 'ABC123' })).json().msg).toBe(`Withdrawal #${crypto} was not moved. Only a delivery is shipped.`);
    expect((await move(crypto, { to: 'done' })).statusCode).toBe(200);
    await expectLedgerBalanced(app);
  });

  it('npm run ops -- withdrawals ships with --tracking and lists the tracking number, audited as the ops command', async () => {
    const { player, id } = await deliveryOf(app, 1);
    const ops = (values: Record<string, string>) => captureStdout(() => withdrawalsCommand.run(app, values));
    await ops({ id: String(id), to: 'in_processing' });
    await expect(ops({ id: String(id), to: 'shipped' })).rejects.toThrow('--tracking is required with --to shipped');
    await expect(ops({ id: String(id), to: 'shipped', tracking: '<b>' })).rejects.toThrow(TRACKING_MESSAGE);
    await expect(ops({ id: String(id), to: 'done' })).rejects.toThrow(`withdrawal ${id} cannot move to done (it must exist and be, by type, delivery: shipped; crypto: in_processing)`);
    expect(await ops({ id: String(id), to: 'shipped', tracking: 'JJD0099' })).toBe(`withdrawal ${id} → shipped (tracking JJD0099)\n`);
    expect(await ops({ user: String(player.id) })).toMatch(new RegExp(`^\\s*${id}\\s+shipped\\s+user ${player.id}.*tracking JJD0099\\n`));
    expect(await mailedTo(player.email, 2)).toEqual([`Your delivery #${id}: In processing`, `Your delivery #${id}: Shipped`].sort());
    const audit = await app.db.selectFrom('audit_log').select(['action', 'address']).where('target_kind', '=', 'withdrawal').where('target_id', '=', String(id)).orderBy('id').execute();
    expect(audit).toEqual([{ action: 'withdrawal.in_processing', address: 'ops-command' }, { action: 'withdrawal.shipped', address: 'ops-command' }]);
  });
});

describe.runIf(hasPostgres)('racing moves on PostgreSQL', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createPostgresTestApp();
    await seedCatalog(app);
  });
  afterAll(() => app.close());

  it('of a cancel and a ship at once exactly one wins, and the items are where that one says', async () => {
    for (let round = 0; round < 5; round++) {
      const { player, id } = await deliveryOf(app, 2);
      await moveWithdrawal(app.wallet, id, 'in_processing');
      const [canceled, shipped] = await Promise.all([moveWithdrawal(app.wallet, id, 'canceled'), moveWithdrawal(app.wallet, id, 'shipped', { trackingNumber: `T${round}00` })]);
      expect(Number(canceled) + Number(shipped)).toBe(1);
      expect(await ownedCount(app, player.id)).toBe(canceled ? 2 : 0);
      const steps = await app.db.selectFrom('withdrawal_steps').select('status').where('withdrawal_id', '=', id).orderBy('id').execute();
      expect(steps.map((s) => s.status)).toEqual(['in_processing', canceled ? 'canceled' : 'shipped']);
    }
    await expectLedgerBalanced(app);
  });
});
