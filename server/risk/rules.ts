import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Trx } from '../wallet/wallet.ts';
import { audit, type Actor } from '../admin/audit.ts';
import { RISK_MSG, type RiskRules } from '../../core/protocol/risk.ts';
import { clusterOf, sameCluster } from './marks.ts';

// The operator's rules over linked accounts (docs/risk.md, "Rules"): each is one check at the place
// the thing happens (a tip, a rain join, a promo code), reading the cluster of strong links.

export async function riskRules(db: Db | Trx): Promise<RiskRules> {
  return db.selectFrom('risk_rules').select(['one_code_per_cluster', 'one_rain_share_per_cluster', 'no_tips_in_cluster']).where('id', '=', 1).executeTakeFirstOrThrow();
}

/** Sets the rules with their audit row (`risk.rules`, before and after) in one transaction. */
export async function updateRiskRules(db: Db, actor: Actor, next: RiskRules): Promise<RiskRules> {
  return db.transaction().execute(async (trx) => {
    const before = await riskRules(trx);
    await trx.updateTable('risk_rules').set(next).where('id', '=', 1).execute();
    const after = await riskRules(trx);
    await audit(trx, actor, { action: 'risk.rules', targetKind: 'risk', targetId: null, before, after });
    return after;
  });
}

/** The other accounts of `userId`'s cluster. */
async function othersInCluster(db: Db | Trx, userId: number): Promise<number[]> {
  return (await clusterOf(db, userId)).filter((id) => id !== userId);
}

/** A tip from `senderId` to `recipientId` refused by the rules, or null. */
export async function tipRefusal(db: Db | Trx, senderId: number, recipientId: number): Promise<string | null> {
  if (!(await riskRules(db)).no_tips_in_cluster) return null;
  return (await sameCluster(db, senderId, recipientId)) ? RISK_MSG.tip : null;
}

/** A join of the open rain refused because another account of the player's cluster joined it, or null. */
export async function rainRefusal(db: Db | Trx, userId: number): Promise<string | null> {
  if (!(await riskRules(db)).one_rain_share_per_cluster) return null;
  const others = await othersInCluster(db, userId);
  if (others.length === 0) return null;
  const joined = await sql<{ one: number }>`
    select 1 as one from rain_entries e join rains r on r.id = e.rain_id
    where r.status = 'open' and e.user_id in (${sql.join(others)}) limit 1`.execute(db);
  return joined.rows.length > 0 ? RISK_MSG.rain : null;
}

/** A promo code refused because another account of the player's cluster redeemed it, or null. */
export async function codeRefusal(db: Db | Trx, promoId: number, userId: number): Promise<string | null> {
  if (!(await riskRules(db)).one_code_per_cluster) return null;
  const others = await othersInCluster(db, userId);
  if (others.length === 0) return null;
  const used = await db.selectFrom('promo_redemptions').select('user_id').where('promo_code_id', '=', promoId).where('user_id', 'in', others).executeTakeFirst();
  return used ? RISK_MSG.code : null;
}
