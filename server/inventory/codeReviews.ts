import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { audit, type Actor } from '../admin/audit.ts';
import { refuseOwn } from '../admin/duties.ts';
import { msgError, notFound } from '../http/errors.ts';
import { depositedCents } from '../security/eligibility.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import type { CodeReview } from '../../core/protocol/adminCodeReviews.ts';
import { deliveredColumns } from './itemCodes.ts';

// The console's review queue of digital code reveals (docs/operator-console.md, "Code reveals"): a
// reveal held by the review rule (server/inventory/itemCodes.ts) waits in code_reviews with its item
// in 'in_review'. Approving delivers the code (the item becomes 'delivered' with a fresh code, shown
// in the player's list of codes); rejecting returns the item to 'owned', as it was. Each decision is
// one transaction whose conditional update on `status = 'pending'` decides it once, and nobody
// decides a review of their own reveal (server/admin/duties.ts).

export const REVIEW_MSG = {
  decided: 'This reveal has been decided already.',
  notFound: 'Code review not found.',
} as const;

export async function listCodeReviews(db: Db): Promise<CodeReview[]> {
  const rows = await db
    .selectFrom('code_reviews as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('inventory_items as i', 'i.id', 'r.inventory_item_id')
    .innerJoin('items', 'items.id', 'i.item_id')
    .select(['r.id', 'r.user_id', 'r.inventory_item_id', 'r.value', 'r.requested_at', 'u.name', 'u.email', 'u.created_at', sql<string>`items.name`.as('item')])
    .where('r.status', '=', 'pending')
    .orderBy('r.id')
    .execute();
  const deposits = new Map<number, number>();
  for (const userId of new Set(rows.map((r) => Number(r.user_id)))) deposits.set(userId, await depositedCents(db, userId));
  const now = Date.now();
  return rows.map((r) => ({
    id: Number(r.id),
    inventory_id: Number(r.inventory_item_id),
    player: { id: Number(r.user_id), name: r.name, email: r.email },
    item: r.item,
    value: centsToCoins(Number(r.value)),
    account_age_days: Math.floor((now - new Date(r.created_at).getTime()) / 86_400_000),
    deposited: centsToCoins(deposits.get(Number(r.user_id)) ?? 0),
    requested_at: new Date(r.requested_at).toISOString(),
  }));
}

/** Approves (the code is delivered) or rejects (the item is owned again) a pending reveal. */
export async function decideCodeReview(db: Db, actor: Actor, id: number, approve: boolean): Promise<void> {
  const review = await db.selectFrom('code_reviews').select(['user_id', 'inventory_item_id', 'value']).where('id', '=', id).executeTakeFirst();
  if (!review) throw notFound(REVIEW_MSG.notFound);
  const action = `code_review.${approve ? 'approve' : 'reject'}`;
  await refuseOwn(db, actor, Number(review.user_id), { action, targetKind: 'code_review', targetId: id });
  await db.transaction().execute(async (trx) => {
    const decided = await trx
      .updateTable('code_reviews')
      .set({ status: approve ? 'approved' : 'rejected', decided_by: actor.userId, decided_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (!decided) throw msgError(422, REVIEW_MSG.decided);
    // The item waited in 'in_review' since the hold: nothing else moves it, so this update always finds it.
    await trx
      .updateTable('inventory_items')
      .set(approve ? deliveredColumns() : { state: 'owned', changed_at: sql`now()` })
      .where('id', '=', Number(review.inventory_item_id))
      .where('state', '=', 'in_review')
      .executeTakeFirstOrThrow();
    await audit(trx, actor, { action, targetKind: 'code_review', targetId: id, after: { player_id: Number(review.user_id), inventory_id: Number(review.inventory_item_id), value: centsToCoins(Number(review.value)) } });
  });
}
