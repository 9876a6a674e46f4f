import { riskScores } from '../risk/marks.ts';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Wallet } from '../wallet/wallet.ts';
import { audit, type Actor } from '../admin/audit.ts';
import { DUTY_MSG, refuseOwn } from '../admin/duties.ts';
import { msgError, notFound } from '../http/errors.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import type { AdjustmentBonus, PendingAdjustment } from '../../core/protocol/adminPlayers.ts';
import { applyAdjustment, bonusWire, type Adjustment } from './adjustments.ts';
import { assertPlayer } from './playerRow.ts';

// Credits above the approval threshold (config.console.approvalAboveCents; docs/operator-console.md,
// "Separation of duties"): the request is kept in pending_adjustments and moves no money; a second
// staff member (neither the one who asked nor the player credited) approves it from the console,
// and only then is the adjustment made (its ledger rows and audit row, as an immediate one), or
// rejects it. Deciding is a conditional update on `status = 'pending'`: a request is decided once.

export const PENDING_MSG = {
  decided: 'This credit has been decided already.',
  notFound: 'Pending adjustment not found.',
} as const;

export async function requestCredit(db: Db, actor: Actor, a: Adjustment): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await assertPlayer(trx, a.userId);
    const row = await trx
      .insertInto('pending_adjustments')
      .values({ user_id: a.userId, amount: a.amount, note: a.note, requested_by: actor.userId!, bonus_multiple: a.bonus?.wagering_multiple ?? null, bonus_days: a.bonus?.bonus_days ?? null, bonus_max_bet: a.bonus?.max_bet ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await audit(trx, actor, { action: 'player.credit.request', targetKind: 'player', targetId: a.userId, after: { amount: centsToCoins(a.amount), note: a.note, pending_id: id, ...(a.bonus && { bonus: bonusWire(a.bonus) }) } });
    return id;
  });
}

export async function listPendingAdjustments(db: Db): Promise<PendingAdjustment[]> {
  const rows = await db
    .selectFrom('pending_adjustments as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .innerJoin('users as r', 'r.id', 'p.requested_by')
    .select(['p.id', 'p.user_id', 'p.amount', 'p.note', 'p.requested_by', 'p.requested_at', 'p.bonus_multiple', 'p.bonus_days', 'p.bonus_max_bet', sql<string>`u.name`.as('player'), sql<string>`r.name`.as('requester')])
    .where('p.status', '=', 'pending')
    .orderBy('p.id')
    .execute();
  const scores = await riskScores(db, rows.map((r) => Number(r.user_id)));
  return rows.map((r) => ({
    id: Number(r.id),
    user_id: Number(r.user_id),
    player: r.player,
    amount: centsToCoins(Number(r.amount)),
    note: r.note,
    requested_by: Number(r.requested_by),
    requester: r.requester,
    requested_at: new Date(r.requested_at).toISOString(),
    risk_score: scores.get(Number(r.user_id)) ?? 0,
    bonus: bonusWire(bonusOf(r)),
  }));
}

/** A pending credit's bonus terms (migration 1220), null for plain coins. */
function bonusOf(r: { bonus_multiple: number | null; bonus_days: number | null; bonus_max_bet: number | string | null }): AdjustmentBonus | null {
  if (r.bonus_multiple === null || r.bonus_days === null) return null;
  return { wagering_multiple: r.bonus_multiple, bonus_days: r.bonus_days, max_bet: r.bonus_max_bet === null ? null : Number(r.bonus_max_bet) };
}

async function pendingRow(db: Db, id: number) {
  const row = await db.selectFrom('pending_adjustments').select(['user_id', 'amount', 'note', 'requested_by', 'status', 'bonus_multiple', 'bonus_days', 'bonus_max_bet']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(PENDING_MSG.notFound);
  if (row.status !== 'pending') throw msgError(422, PENDING_MSG.decided);
  return { userId: Number(row.user_id), amount: Number(row.amount), note: row.note, requestedBy: Number(row.requested_by), bonus: bonusOf(row) };
}

/** Approves or rejects; answers the player's balance after an approval (cents), null after a rejection. */
export async function decidePending(deps: { db: Db; wallet: Wallet }, actor: Actor, id: number, approve: boolean): Promise<number | null> {
  const pending = await pendingRow(deps.db, id);
  const target = { action: `player.credit.${approve ? 'approve' : 'reject'}`, targetKind: 'player', targetId: pending.userId };
  // Withdrawing one's own request is fine; approving it, or a credit to oneself, is not.
  if (approve) await refuseOwn(deps.db, actor, pending.requestedBy, target, DUTY_MSG.ownRequest);
  await refuseOwn(deps.db, actor, pending.userId, target);
  return deps.wallet.transaction(async (tx) => {
    const decided = await tx.trx
      .updateTable('pending_adjustments')
      .set({ status: approve ? 'approved' : 'rejected', decided_by: actor.userId, decided_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (!decided) throw msgError(422, PENDING_MSG.decided);
    if (!approve) {
      await audit(tx.trx, actor, { action: target.action, targetKind: 'player', targetId: pending.userId, after: { amount: centsToCoins(pending.amount), note: pending.note, pending_id: id } });
      return null;
    }
    const done = await applyAdjustment(tx, actor, { userId: pending.userId, direction: 'credit', amount: pending.amount, note: pending.note, bonus: pending.bonus }, pending.requestedBy);
    await tx.trx.updateTable('pending_adjustments').set({ adjustment_id: done.id }).where('id', '=', id).execute();
    return done.balance;
  });
}
