import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { newToken, tokenHash } from './tokens.ts';
import { findUserByEmail } from './users.ts';

// A change of a player's email address waits until the new address proves it is theirs: the link
// mailed there carries a random token (stored as SHA-256, one pending change per player, a new
// request replaces it), valid EMAIL_CHANGE_MINUTES. Until it is followed the account keeps, and
// signs in with, the old address.

export const EMAIL_CHANGE_MINUTES = 60;

export async function requestEmailChange(db: Db, userId: number, newEmail: string): Promise<string> {
  const token = newToken();
  await db
    .insertInto('email_changes')
    .values({ user_id: userId, new_email: newEmail.trim(), token_hash: tokenHash(token) })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ new_email: newEmail.trim(), token_hash: tokenHash(token), created_at: sql`now()` }))
    .execute();
  return token;
}

export async function pendingEmail(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('email_changes').select(['new_email', 'created_at']).where('user_id', '=', userId).executeTakeFirst();
  return row && row.created_at.getTime() + EMAIL_CHANGE_MINUTES * 60_000 > Date.now() ? row.new_email : null;
}

export type EmailChangeResult = { ok: true; userId: number; email: string } | { ok: false; reason: 'invalid' | 'taken' };

/**
 * Applies the change the token stands for: the address becomes the account's (and counts as
 * verified: the link proved the mailbox). The pending row is deleted by a conditional delete, so a
 * link works once; an address taken by another account since the request is refused.
 */
export async function confirmEmailChange(db: Db, token: string): Promise<EmailChangeResult> {
  const row = await db.deleteFrom('email_changes').where('token_hash', '=', tokenHash(token)).returning(['user_id', 'new_email', 'created_at']).executeTakeFirst();
  if (!row || row.created_at.getTime() + EMAIL_CHANGE_MINUTES * 60_000 <= Date.now()) return { ok: false, reason: 'invalid' };
  const holder = await findUserByEmail(db, row.new_email);
  if (holder && holder.id !== row.user_id) return { ok: false, reason: 'taken' };
  try {
    await db.updateTable('users').set({ email: row.new_email, email_verified_at: new Date() }).where('id', '=', row.user_id).execute();
  } catch (error) {
    // Another account took the address between the check and the update: the unique index decides.
    if (await findUserByEmail(db, row.new_email)) return { ok: false, reason: 'taken' };
    throw error;
  }
  return { ok: true, userId: row.user_id, email: row.new_email };
}
