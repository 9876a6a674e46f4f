import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { newToken } from './tokens.ts';
import { safeEqual } from './signedUrls.ts';

// Password reset tokens: random, stored only as SHA-256, one live token per user (a new request
// replaces the old one), valid RESET_TOKEN_MINUTES, consumed by a conditional delete so a token
// works exactly once even under concurrent use.

export const RESET_TOKEN_MINUTES = 60;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createResetToken(db: Db, userId: number): Promise<string> {
  const token = newToken();
  await db
    .insertInto('password_resets')
    .values({ user_id: userId, token_hash: hash(token) })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: hash(token), created_at: sql`now()` }))
    .execute();
  return token;
}

/** Consumes the token if it is the user's live one; true when it was valid. */
export async function consumeResetToken(db: Db, userId: number, token: string): Promise<boolean> {
  const row = await db.selectFrom('password_resets').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row || !safeEqual(row.token_hash, hash(token))) return false;
  if (row.created_at.getTime() + RESET_TOKEN_MINUTES * 60_000 <= Date.now()) {
    await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
    return false;
  }
  const deleted = await db.deleteFrom('password_resets').where('user_id', '=', userId).where('token_hash', '=', row.token_hash).returning('user_id').executeTakeFirst();
  return Boolean(deleted);
}
