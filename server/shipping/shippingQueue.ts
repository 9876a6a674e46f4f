import { refuseOwn } from '../admin/duties.ts';
import type { Db } from '../db/database.ts';
import type { Wallet } from '../wallet/wallet.ts';
import type { Actor } from '../admin/audit.ts';
import { msgError, notFound } from '../http/errors.ts';
import { WITHDRAWAL_STATUSES } from '../../core/protocol/shipping.ts';
import type { OperatorMove } from '../../core/protocol/adminShipping.ts';
import { listWithdrawals, moveWithdrawal, type WithdrawalFilter } from './withdrawals.ts';

// The console's shipping queue (docs/operator-console.md, "Shipping"): the player's own list
// (listWithdrawals, the same rows and steps the player sees) with who asked, and one move at a
// time through moveWithdrawal, whose refusal is told apart here: no such withdrawal (404) or not in
// a status that allows the move (422, saying which status it is in).

export async function shippingQueue(db: Db, filter: WithdrawalFilter, page: { page: number; perPage: number }) {
  const { total, rows } = await listWithdrawals(db, filter, page);
  const ids = [...new Set(rows.map((r) => r.user_id))];
  const users = ids.length ? await db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', ids).execute() : [];
  const byId = new Map(users.map((u) => [Number(u.id), u]));
  return { total, rows: rows.map((r) => ({ ...r, player: { name: byId.get(r.user_id)?.name ?? '', email: byId.get(r.user_id)?.email ?? '' } })) };
}

export async function moveInQueue(deps: { db: Db; wallet: Wallet }, actor: Actor, id: number, to: OperatorMove, trackingNumber?: string): Promise<string> {
  // Separation of duties: nobody approves or ships their own withdrawal.
  const owner = await deps.db.selectFrom('withdrawals').select('user_id').where('id', '=', id).executeTakeFirst();
  if (owner) await refuseOwn(deps.db, actor, Number(owner.user_id), { action: `withdrawal.${to}`, targetKind: 'withdrawal', targetId: id });
  if (await moveWithdrawal(deps.wallet, id, to, { actor, trackingNumber })) return `Withdrawal #${id} is now ${WITHDRAWAL_STATUSES[to].title}.`;
  const row = await deps.db.selectFrom('withdrawals').select(['status', 'type']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Withdrawal not found.');
  const what = to === 'shipped' && row.type !== 'delivery' ? 'Only a delivery is shipped.' : `It is ${WITHDRAWAL_STATUSES[row.status].title}: it can not move to ${WITHDRAWAL_STATUSES[to].title}.`;
  throw msgError(422, `Withdrawal #${id} was not moved. ${what}`);
}
