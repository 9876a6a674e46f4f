import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';

// Bearer tokens are random strings; only their SHA-256 is stored, so a database leak yields no
// usable token. A token belongs to a family (one sign-in); revoking the family ends the session.

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(40).toString('base64url');
}

export async function issueAccessToken(db: Db, userId: number, clientId: string, ttlSeconds: number, familyId: string = randomUUID()) {
  const token = newToken();
  await db
    .insertInto('access_tokens')
    .values({ id: tokenHash(token), user_id: userId, client_id: clientId, family_id: familyId, expires_at: new Date(Date.now() + ttlSeconds * 1000) })
    .execute();
  return { token, familyId, expiresIn: ttlSeconds };
}

/** The user id a live bearer token belongs to, or null. */
export async function userIdForToken(db: Db, token: string): Promise<number | null> {
  const row = await db
    .selectFrom('access_tokens')
    .select(['user_id', 'expires_at', 'revoked_at'])
    .where('id', '=', tokenHash(token))
    .executeTakeFirst();
  if (!row || row.revoked_at || row.expires_at.getTime() <= Date.now()) return null;
  return row.user_id;
}
