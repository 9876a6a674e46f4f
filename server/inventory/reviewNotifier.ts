import { sql } from 'kysely';
import { claimUnnotified } from '../db/claimUnnotified.ts';
import { codeReviewMail } from '../mail/templates.ts';
import { repeatEvery } from '../repeat.ts';
import type { StepNotifierDeps } from '../shipping/stepNotifier.ts';

// Mails the player the decision on a code reveal held for review (docs/operator-console.md, "Code
// reveals"): decided reviews are claimed once by any server node (server/db/claimUnnotified.ts),
// as the shipping steps are. The mail says where the code is; it never carries the code itself.

export async function notifyCodeReviews(deps: StepNotifierDeps, limit = 20): Promise<number> {
  const { db, mailer, config, log } = deps;
  const ids = await claimUnnotified<number>(db, 'code_reviews', 'id', limit, sql`status <> 'pending'`);
  for (const id of ids) {
    const review = await db
      .selectFrom('code_reviews as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .innerJoin('inventory_items as i', 'i.id', 'r.inventory_item_id')
      .innerJoin('items', 'items.id', 'i.item_id')
      .select(['r.status', 'u.name', 'u.email', 'u.locale', sql<string>`items.name`.as('item')])
      .where('r.id', '=', id)
      .executeTakeFirstOrThrow();
    const content = codeReviewMail(review.locale, review.name, review.item, review.status === 'approved', `${config.publicUrl}/profile/inventory`);
    await mailer.send(review.email, content).catch((error: unknown) => log.error({ err: error, review: id }, 'code review mail failed'));
  }
  return ids.length;
}

/** Runs notifyCodeReviews every `intervalMs`; answers what stops it. */
export function runCodeReviewNotifier(deps: StepNotifierDeps, intervalMs: number): () => void {
  return repeatEvery(() => notifyCodeReviews(deps), intervalMs, deps.log, 'code review notifier');
}
