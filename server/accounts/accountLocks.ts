import type { Db } from '../db/database.ts';
import { oauthErrors } from './oauthErrors.ts';
import { revokeFamily } from './tokens.ts';

// A locked player cannot sign in (docs/operator-console.md, "Players"): every grant that would open a
// session asks here. Locking (server/players/locks.ts) also revokes every live token in the same
// transaction, with the player's row locked; the check after a new pair is issued first waits on the
// player's row (`for share`), so a pair issued while a lock is being written is revoked once it commits.

export async function isLocked(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('account_locks').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  return Boolean(row);
}

/** Refuses a locked player with the sign-in error shape (before a challenge or a session). */
export async function refuseLocked(db: Db, userId: number): Promise<void> {
  if (await isLocked(db, userId)) throw oauthErrors.accountLocked();
}

/** After a session's tokens were issued: a lock that landed meanwhile ends the session again. */
export async function revokeIfLocked(db: Db, userId: number, familyId: string): Promise<void> {
  // Waits for a lock being written (it holds the player's row); the next statement then reads it.
  await db.selectFrom('users').select('id').where('id', '=', userId).forShare().execute();
  if (!(await isLocked(db, userId))) return;
  await revokeFamily(db, familyId);
  throw oauthErrors.accountLocked();
}
