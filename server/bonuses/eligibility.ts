import type { Db } from '../db/database.ts';
import type { Trx } from '../wallet/wallet.ts';
import { activeExclusion } from '../responsible/playGate.ts';

// Who may take a bonus now (docs/bonuses.md, "Budgets and checks"). Each check answers its refusal
// or null; a promo code's validation refuses with the first refusal, and the crediting transaction
// credits the deposit without its bonus (the code's use given back). The risk rules add their flags
// as one more check of BONUS_CHECKS, so validation and crediting both apply them.

export type BonusCheck = (db: Db | Trx, userId: number, now: Date) => Promise<string | null>;

export const BONUS_ON_BREAK = 'Bonus codes are not available during a break.';
export const ONE_BONUS_AT_A_TIME = 'You already have an active bonus: wager it or forfeit it before taking another.';

/** A player on a break (cool-off or self-exclusion) gets no bonus, as they get no promotional mail. */
const notOnBreak: BonusCheck = async (db, userId, now) => {
  const row = await db.selectFrom('responsible_gaming').select(['exclusion_kind', 'excluded_until']).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return null;
  return activeExclusion({ exclusion_kind: row.exclusion_kind, excluded_until: row.excluded_until === null ? null : new Date(row.excluded_until) }, now) === null ? null : BONUS_ON_BREAK;
};

/** One bonus at a time: requirements are never stacked. */
const noActiveBonus: BonusCheck = async (db, userId) => {
  const row = await db.withTables<{ bonus_grants: { user_id: number; status: string; id: number } }>().selectFrom('bonus_grants').select('id').where('user_id', '=', userId).where('status', '=', 'active').executeTakeFirst();
  return row ? ONE_BONUS_AT_A_TIME : null;
};

/** Every check a bonus passes, in order. */
export const BONUS_CHECKS: BonusCheck[] = [notOnBreak, noActiveBonus];

export async function bonusRefusal(db: Db | Trx, userId: number, now = new Date(), checks: readonly BonusCheck[] = BONUS_CHECKS): Promise<string | null> {
  for (const check of checks) {
    const refusal = await check(db, userId, now);
    if (refusal) return refusal;
  }
  return null;
}
