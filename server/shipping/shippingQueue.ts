import { refuseOwn } from '../admin/duties.ts';
import type { Db } from '../db/database.ts';
import type { Wallet } from '../wallet/wallet.ts';
import type { Actor } from '../admin/audit.ts';
import { msgError, notFound } from '../http/errors.ts';
import { WITHDRAWAL_STATUSES } from '../../core/protocol/shipping.ts';
import type { OperatorMove } from '../../core/protocol/adminShipping.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import { bonusPosition } from '../bonuses/grants.ts';
import { riskScores } from '../risk/marks.ts';
import { listWithdrawals, moveWithdrawal, type WithdrawalFilter } from './withdrawals.ts';

// The console's shipping queue (docs/operator-console.md, "Shipping"): the player's own list
// (listWithdrawals, the same rows and steps the player sees) with who asked, and one move at a
// time through moveWithdrawal, whose refusal is told apart here: no such withdrawal (404) or not in
// a status that allows the move (422, saying which status it is in). Beside each request, the
// player's deposits, stakes and bonuses and their risk score (linked accounts): what an operator
// weighs before paying out.

/** The ledger reasons of bonuses received: a deposit's promo bonus and a console credit marked as bonus. */
const BONUS_CREDITS = ['deposit_bonus', 'bonus_credit'];

export async function shippingQueue(db: Db, filter: WithdrawalFilter, page: { page: number; perPage: number }) {
  const { total, rows } = await listWithdrawals(db, filter, page);
  const ids = [...new Set(rows.map((r) => r.user_id))];
  const users = ids.length ? await db.selectFrom('users').select(['id', 'name', 'email', 'wagered']).where('id', 'in', ids).execute() : [];
  const sums = ids.length
    ? await db
        .selectFrom('ledger_entries as e')
        .innerJoin('accounts as a', 'a.id', 'e.account_id')
        .select((eb) => ['a.user_id', eb.fn.sum<string>('e.amount').filterWhere('e.reason', '=', 'deposit').as('deposited'), eb.fn.sum<string>('e.amount').filterWhere('e.reason', 'in', BONUS_CREDITS).as('bonuses')])
        .where('a.user_id', 'in', ids)
        .where('e.reason', 'in', ['deposit', ...BONUS_CREDITS])
        .groupBy('a.user_id')
        .execute()
    : [];
  const positions = new Map(await Promise.all(ids.map(async (id) => [id, await bonusPosition(db, id)] as const)));
  const scores = await riskScores(db, ids);
  const players = new Map(
    users.map((u) => {
      const s = sums.find((x) => Number(x.user_id) === Number(u.id));
      const position = positions.get(Number(u.id));
      const open = (position?.active ?? []).map((g) => ({ amount: centsToCoins(g.amount), wagered: centsToCoins(Math.min(g.wagered, g.requirement)), requirement: centsToCoins(g.requirement), expires_at: g.expiresAt.toISOString() }));
      const figures = { deposited: centsToCoins(Number(s?.deposited ?? 0)), wagered: centsToCoins(Number(u.wagered)), bonuses: centsToCoins(Number(s?.bonuses ?? 0)), bonus_to_wager: centsToCoins(position?.leftToWager ?? 0), open_bonuses: open, risk_score: scores.get(Number(u.id)) ?? 0 };
      return [Number(u.id), { name: u.name, email: u.email, ...figures }];
    }),
  );
  const unknown = { name: '', email: '', deposited: 0, wagered: 0, bonuses: 0, bonus_to_wager: 0, open_bonuses: [], risk_score: 0 };
  return { total, rows: rows.map((r) => ({ ...r, player: players.get(r.user_id) ?? unknown })) };
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
