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

/** Who a live token (given by its hash) belongs to, its session (family) and until when, or null. */
export async function liveTokenOwner(db: Db, hash: string): Promise<{ userId: number; familyId: string; expiresAt: number } | null> {
  const row = await db.selectFrom('access_tokens').select(['user_id', 'family_id', 'expires_at', 'revoked_at']).where('id', '=', hash).executeTakeFirst();
  if (!row || row.revoked_at || row.expires_at.getTime() <= Date.now()) return null;
  return { userId: row.user_id, familyId: row.family_id, expiresAt: row.expires_at.getTime() };
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  familyId: string;
}

/** A new access token plus its refresh token, in the given family (a new one for a sign-in). */
export async function issueTokenPair(
  db: Db,
  userId: number,
  clientId: string,
  ttl: { access: number; refresh: number },
  familyId: string = randomUUID(),
): Promise<TokenPair> {
  const access = await issueAccessToken(db, userId, clientId, ttl.access, familyId);
  const refreshToken = newToken();
  await db
    .insertInto('refresh_tokens')
    .values({
      id: tokenHash(refreshToken),
      user_id: userId,
      family_id: familyId,
      access_token_id: tokenHash(access.token),
      expires_at: new Date(Date.now() + ttl.refresh * 1000),
    })
    .execute();
  return { accessToken: access.token, refreshToken, expiresIn: access.expiresIn, familyId };
}

// One lock order for the token tables: refresh tokens, then access tokens, as a rotation claims its
// refresh token and then retires its access token. A revocation inside a transaction (a console lock)
// taking them the other way round deadlocks with a rotation in flight.
const REVOKE_ORDER = ['refresh_tokens', 'access_tokens'] as const;

/** Ends one sign-in: every access and refresh token of the family, and its session row. */
export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  const now = new Date();
  for (const table of REVOKE_ORDER) await db.updateTable(table).set({ revoked_at: now }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
  await db.updateTable('sessions').set({ ended_at: now }).where('family_id', '=', familyId).where('ended_at', 'is', null).execute();
}

/**
 * Ends every session of a user (password reset), or every one but `keepFamily` (a password change,
 * "end all other sessions"). Each node's instant-bet shortcut (tokenOwners) may still remember a
 * revoked token, but the settling statement checks the token itself, so nothing is written with it.
 */
export async function revokeAllForUser(db: Db, userId: number, keepFamily?: string): Promise<void> {
  const now = new Date();
  for (const table of REVOKE_ORDER) {
    let update = db.updateTable(table).set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
    if (keepFamily) update = update.where('family_id', '!=', keepFamily);
    await update.execute();
  }
  let sessions = db.updateTable('sessions').set({ ended_at: now }).where('user_id', '=', userId).where('ended_at', 'is', null);
  if (keepFamily) sessions = sessions.where('family_id', '!=', keepFamily);
  await sessions.execute();
}

export type RotateResult = { ok: true; pair: TokenPair; userId: number } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Exchanges a refresh token for a new pair in the same family. A token is single use: the claim
 * is a conditional update, so of two concurrent uses one wins; presenting a token that was already
 * used (or revoked) is treated as theft and revokes the whole family, access tokens included.
 */
export async function rotateRefreshToken(db: Db, refreshToken: string, clientId: string, ttl: { access: number; refresh: number }): Promise<RotateResult> {
  const id = tokenHash(refreshToken);
  const row = await db.selectFrom('refresh_tokens').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.used_at || row.revoked_at) {
    await revokeFamily(db, row.family_id);
    return { ok: false, reason: row.used_at ? 'reused' : 'revoked' };
  }
  if (row.expires_at.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
  // Claim, retire the old access token and issue the new pair in ONE transaction: a concurrent
  // loser waits on the row lock until this commits, so its family revocation also covers the
  // pair issued here.
  const pair = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('refresh_tokens')
      .set({ used_at: new Date() })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return null;
    // The access token issued with the used refresh token ends now (as Passport does).
    await trx.updateTable('access_tokens').set({ revoked_at: new Date() }).where('id', '=', row.access_token_id).where('revoked_at', 'is', null).execute();
    return issueTokenPair(trx, row.user_id, clientId, ttl, row.family_id);
  });
  if (!pair) {
    await revokeFamily(db, row.family_id);
    return { ok: false, reason: 'reused' };
  }
  return { ok: true, pair, userId: row.user_id };
}

/** The family of a live access token (logout). */
export async function familyOfAccessToken(db: Db, token: string): Promise<string | null> {
  const row = await db.selectFrom('access_tokens').select('family_id').where('id', '=', tokenHash(token)).executeTakeFirst();
  return row?.family_id ?? null;
}
