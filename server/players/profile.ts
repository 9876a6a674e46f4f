import type { Db } from '../db/database.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import type { PlayerProfile } from '../../core/protocol/adminPlayers.ts';
import { notFound } from '../http/errors.ts';
import { findShippingAddress } from '../shipping/address.ts';
import { responsibleState } from '../responsible/settings.ts';
import { twoFactorEnabled } from '../accounts/twoFactor.ts';
import { staffRole } from '../admin/staff.ts';
import { PLAYER_NOT_FOUND } from './playerRow.ts';

// A player as the console shows them (docs/operator-console.md, "Players"): the account, the lock,
// the shipping address and their limits and break read by the player's own settings code.

export async function playerProfile(db: Db, userId: number, now: Date): Promise<PlayerProfile> {
  const user = await db
    .selectFrom('users as u')
    .innerJoin('accounts as a', 'a.user_id', 'u.id')
    .leftJoin('account_locks as l', 'l.user_id', 'u.id')
    .leftJoin('users as by', 'by.id', 'l.locked_by')
    .select(['u.id', 'u.name', 'u.email', 'u.email_verified_at', 'u.created_at', 'u.wagered', 'a.balance', 'l.reason as lock_reason', 'l.locked_at', 'l.locked_by', 'by.name as locked_by_name'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!user) throw notFound(PLAYER_NOT_FOUND);
  const [shipping, responsible, twoFactor, role] = await Promise.all([findShippingAddress(db, userId), responsibleState(db, userId, now), twoFactorEnabled(db, userId), staffRole(db, userId)]);
  return {
    id: Number(user.id),
    name: user.name,
    email: user.email,
    email_verified: user.email_verified_at !== null,
    created_at: new Date(user.created_at).toISOString(),
    balance: centsToCoins(Number(user.balance)),
    wagered: centsToCoins(Number(user.wagered)),
    two_factor: twoFactor,
    staff_role: role,
    locked:
      user.lock_reason === null || user.locked_at === null
        ? null
        : { reason: user.lock_reason, at: new Date(user.locked_at).toISOString(), by: user.locked_by === null ? 'ops command' : (user.locked_by_name ?? `user ${user.locked_by}`) },
    shipping_address: shipping,
    responsible: responsible.data,
  };
}
