import type { Db } from '../db/database.ts';
import { audit, type Actor } from '../admin/audit.ts';
import { revokeAllForUser } from '../accounts/tokens.ts';
import { msgError } from '../http/errors.ts';
import { lockedPlayerRow } from './playerRow.ts';

// Locking and unlocking a player (docs/operator-console.md, "Players"). A lock ends every session at
// once (every access and refresh token revoked, as "end all sessions" does) and sign-in refuses the
// player until unlocked (server/accounts/accountLocks.ts). Both hold the player's row for the
// transaction, which a sign-in at that moment waits for. A lock is not a break: the player's own
// limits and self-exclusion stay as they are, and no console route touches them.

export const LOCK_MSG = {
  locked: 'The player is locked; every session has ended.',
  unlocked: 'The player can sign in again.',
  alreadyLocked: 'The player is locked already.',
  notLocked: 'The player is not locked.',
} as const;

export async function lockPlayer(db: Db, actor: Actor, userId: number, reason: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockedPlayerRow(trx, userId);
    const locked = await trx
      .insertInto('account_locks')
      .values({ user_id: userId, reason, locked_by: actor.userId })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!locked) throw msgError(422, LOCK_MSG.alreadyLocked);
    await revokeAllForUser(trx, userId);
    await audit(trx, actor, { action: 'player.lock', targetKind: 'player', targetId: userId, before: { locked: false }, after: { locked: true, reason } });
  });
}

export async function unlockPlayer(db: Db, actor: Actor, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockedPlayerRow(trx, userId);
    const removed = await trx.deleteFrom('account_locks').where('user_id', '=', userId).returning('reason').executeTakeFirst();
    if (!removed) throw msgError(422, LOCK_MSG.notLocked);
    await audit(trx, actor, { action: 'player.unlock', targetKind: 'player', targetId: userId, before: { locked: true, reason: removed.reason }, after: { locked: false } });
  });
}
