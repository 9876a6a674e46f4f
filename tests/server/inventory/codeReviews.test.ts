import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { generate } from 'otplib';
import { createPlayer } from '../../helpers/testApp.ts';
import { createStaff } from '../../helpers/staff.ts';
import { seedCatalog } from '../../helpers/boxes.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { MAIL_WAIT, readOutbox, tempOutbox } from '../../helpers/outbox.ts';
import { notifyCodeReviews } from '../../../server/inventory/reviewNotifier.ts';
import { consoleApp } from '../admin/consoleApp.ts';
import { seal } from '../../../server/accounts/twoFactor.ts';
import { DUTY_MSG } from '../../../server/admin/duties.ts';
import { REVIEW_MSG } from '../../../server/inventory/codeReviews.ts';

// Code reveals held for review (docs/boxes.md, docs/operator-console.md "Code reveals"): an account
// younger than CODE_REVIEW_ACCOUNT_DAYS or an item above CODE_REVIEW_ABOVE coins gets no code at once;
// the item is held until a staff member (not the player) approves (code delivered) or rejects (item back).
const outbox = tempOutbox();
const { state, get, post } = consoleApp({ CODE_REVIEW_ACCOUNT_DAYS: '7', CODE_REVIEW_ABOVE: '100', MAIL_OUTBOX_DIR: outbox });
beforeAll(() => seedCatalog(state.app));

type Player = { id: number; email: string; headers: Record<string, string> };

/** Mails decided reviews (the app's own notifier may have claimed one first) and answers the subjects mailed to `email`. */
async function mailedTo(email: string): Promise<string[]> {
  await notifyCodeReviews({ db: state.app.db, mailer: state.app.accounts.mailer, config: state.app.config, log: state.app.log });
  let subjects: string[] = [];
  await vi.waitFor(() => {
    subjects = readOutbox(outbox).filter((m) => m.to === email).map((m) => m.subject);
    expect(subjects.length).toBeGreaterThan(0);
  }, MAIL_WAIT);
  return subjects;
}

async function wonGiftCard(player: Player): Promise<number> {
  const res = await state.app.inject({ method: 'POST', url: '/api/boxes/gift-card-grab/open', headers: player.headers, payload: { quantity: 1 } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.openings[0].inventory_id;
}
const redeem = (player: Player, id: number, payload: { two_factor_code?: string } = {}) =>
  state.app.inject({ method: 'POST', url: `/api/profile/inventory/${id}/redeem`, headers: player.headers, payload });
const itemState = async (id: number) => (await state.app.db.selectFrom('inventory_items').select(['state', 'delivery_code']).where('id', '=', id).executeTakeFirstOrThrow());
const codes = async (player: Player) => (await state.app.inject({ url: '/api/profile/inventory/codes', headers: player.headers })).json().data;
const reviewOf = async (inventoryId: number) => (await get('/api/admin/code-reviews')).json().find((r: { inventory_id: number }) => r.inventory_id === inventoryId);
const ageAccount = (userId: number) => state.app.db.updateTable('users').set({ created_at: sql`now() - interval '30 days'` }).where('id', '=', userId).execute();
const priceItemOf = async (inventoryId: number, cents: number) => {
  const { item_id } = await state.app.db.selectFrom('inventory_items').select('item_id').where('id', '=', inventoryId).executeTakeFirstOrThrow();
  await state.app.db.updateTable('items').set({ price: cents }).where('id', '=', item_id).execute();
};

describe('code reveals held for review', () => {
  it('holds a young account\'s reveal: no code, the item cannot be sold or revealed twice, the console lists it', async () => {
    const player = await createPlayer(state.app, { balance: 1_000_00, deposited: 20_00 });
    const id = await wonGiftCard(player);
    const res = await redeem(player, id);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ data: { code: null }, msg: expect.stringMatching(/code is waiting for review/) });
    expect(await itemState(id)).toEqual({ state: 'in_review', delivery_code: null });

    // Held: asking again answers the same, no second review; it cannot be sold and leaves the inventory list.
    expect((await redeem(player, id)).statusCode).toBe(202);
    expect((await state.app.inject({ method: 'POST', url: `/api/profile/inventory/${id}/sell`, headers: player.headers })).statusCode).toBe(422);
    const inventory = (await state.app.inject({ url: '/api/profile/inventory?per_page=50', headers: player.headers })).json();
    expect(inventory.data.map((e: { id: number }) => e.id)).not.toContain(id);
    expect(await codes(player)).toEqual([expect.objectContaining({ id, code: null, status: 'review' })]);

    const reviews = (await get('/api/admin/code-reviews')).json().filter((r: { player: { id: number } }) => r.player.id === player.id);
    expect(reviews).toEqual([
      expect.objectContaining({ inventory_id: id, player: expect.objectContaining({ id: player.id }), item: expect.any(String), value: expect.any(Number), account_age_days: 0, deposited: 20 }),
    ]);
    await expectLedgerBalanced(state.app);
  });

  it('approving delivers the code to the player, once; a second decision is refused', async () => {
    const player = await createPlayer(state.app, { balance: 1_000_00 });
    const id = await wonGiftCard(player);
    expect((await redeem(player, id)).statusCode).toBe(202);
    const review = await reviewOf(id);
    const approve = await post(`/api/admin/code-reviews/${review.id}/approve`);
    expect(approve.statusCode, approve.body).toBe(200);

    const delivered = await itemState(id);
    expect(delivered.state).toBe('delivered');
    expect(delivered.delivery_code).toMatch(/^CARD-/);
    expect(await codes(player)).toEqual([expect.objectContaining({ id, code: delivered.delivery_code, status: 'delivered' })]);
    const again = await redeem(player, id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.code).toBe(delivered.delivery_code);

    for (const decision of ['approve', 'reject']) {
      const twice = await post(`/api/admin/code-reviews/${review.id}/${decision}`);
      expect(twice.statusCode).toBe(422);
      expect(twice.json().message).toBe(REVIEW_MSG.decided);
    }
    expect(await itemState(id)).toEqual(delivered);
    expect(await reviewOf(id)).toBeUndefined();
    const audited = await state.app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('target_kind', '=', 'code_review').where('target_id', '=', String(review.id)).execute();
    expect(audited).toEqual([{ action: 'code_review.approve', actor_id: state.operator.id }]);
    expect(await mailedTo(player.email)).toEqual([expect.stringMatching(/code is ready$/)]);
  });

  it('rejecting returns the item to the inventory as it was', async () => {
    const player = await createPlayer(state.app, { balance: 1_000_00 });
    const id = await wonGiftCard(player);
    expect((await redeem(player, id)).statusCode).toBe(202);
    const review = await reviewOf(id);
    expect((await post(`/api/admin/code-reviews/${review.id}/reject`)).statusCode).toBe(200);
    expect(await itemState(id)).toEqual({ state: 'owned', delivery_code: null });
    expect(await codes(player)).toEqual([]);
    expect(await mailedTo(player.email)).toEqual([expect.stringMatching(/code was not released$/)]);
    expect((await post(`/api/admin/code-reviews/${review.id}/approve`)).statusCode).toBe(422);
    expect(await itemState(id)).toEqual({ state: 'owned', delivery_code: null });
    expect((await state.app.inject({ method: 'POST', url: `/api/profile/inventory/${id}/sell`, headers: player.headers })).statusCode).toBe(200);
  });

  it('nobody decides the review of their own reveal', async () => {
    const staff = await createStaff(state.app, 'admin', { balance: 1_000_00 });
    const id = await wonGiftCard(staff);
    // Staff sign in with a second factor, so their reveal asks for its code.
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await state.app.db.updateTable('two_factor').set({ secret: seal(state.app.config.appSecret, secret) }).where('user_id', '=', staff.id).execute();
    expect((await redeem(staff, id, { two_factor_code: await generate({ secret }) })).statusCode).toBe(202);
    const review = await reviewOf(id);
    for (const decision of ['approve', 'reject']) {
      const own = await state.app.inject({ method: 'POST', url: `/api/admin/code-reviews/${review.id}/${decision}`, headers: staff.headers });
      expect(own.statusCode, own.body).toBe(403);
      expect(own.json().message).toBe(DUTY_MSG.own);
    }
    expect(await itemState(id)).toEqual({ state: 'in_review', delivery_code: null });
    const refused = await state.app.db.selectFrom('audit_log').select('action').where('actor_id', '=', staff.id).where('target_kind', '=', 'code_review').orderBy('id').execute();
    expect(refused.map((r) => r.action)).toEqual(['refused.code_review.approve', 'refused.code_review.reject']);
  });

  it('an older account gets a code at once up to CODE_REVIEW_ABOVE and is held above it', async () => {
    const player = await createPlayer(state.app, { balance: 1_000_00 });
    await ageAccount(player.id);
    const atLimit = await wonGiftCard(player);
    await priceItemOf(atLimit, 100_00);
    expect((await redeem(player, atLimit)).statusCode).toBe(200);
    const above = await wonGiftCard(player);
    await priceItemOf(above, 100_01);
    expect((await redeem(player, above)).statusCode).toBe(202);
    expect(await reviewOf(above)).toMatchObject({ value: 100.01, account_age_days: 30 });
  });
});
