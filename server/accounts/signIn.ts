import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { newDeviceMail } from '../mail/templates.ts';
import { issueTokenPair, newToken, tokenHash, type TokenPair } from './tokens.ts';
import { recordSession, type SessionOrigin } from './sessions.ts';
import { twoFactorEnabled } from './twoFactor.ts';
import { deviceName } from './deviceName.ts';
import { findUserById } from './users.ts';
import { refuseLocked, revokeIfLocked } from './accountLocks.ts';
import { markAccount, originMarks } from '../risk/marks.ts';

// The last step of every sign-in (password and social grants, and the two-factor grant after
// them): either the token pair of a new session, or, when the player has two-factor sign-in on, a
// challenge token that the code must come with. The challenge is short-lived, single use and only
// issued after the password (or the provider) was right, so the code step needs no password again.

export const CHALLENGE_SECONDS = 300;

export interface SignInDeps {
  db: Db;
  mailer: Mailer;
  /** The site's address, for the link in the new-device mail. */
  publicUrl: string;
  clientId: string;
  ttl: { access: number; refresh: number };
  /** Keys the marks of linked accounts (docs/risk.md). */
  appSecret: string;
}

export type SignInStep = { kind: 'tokens'; pair: TokenPair } | { kind: 'two_factor'; token: string; expiresIn: number };

/** Opens a session (token pair, session row, new-device mail); never for a locked player. */
export async function openSession(deps: SignInDeps, userId: number, origin: SessionOrigin): Promise<TokenPair> {
  await refuseLocked(deps.db, userId);
  const pair = await issueTokenPair(deps.db, userId, deps.clientId, deps.ttl, randomUUID());
  await revokeIfLocked(deps.db, userId, pair.familyId);
  const { newDevice } = await recordSession(deps.db, userId, pair.familyId, origin);
  await markAccount(deps.db, deps.appSecret, userId, originMarks(origin));
  if (newDevice) {
    const user = await findUserById(deps.db, userId);
    if (user) await deps.mailer.send(user.email, newDeviceMail(user.locale, user.name, { device: deviceName(origin.userAgent), address: origin.address, at: new Date() }, `${deps.publicUrl}/profile/security`));
  }
  return pair;
}

/** After a right password or provider: the session, or the challenge when a code is needed. */
export async function completeSignIn(deps: SignInDeps, userId: number, origin: SessionOrigin): Promise<SignInStep> {
  if (!(await twoFactorEnabled(deps.db, userId))) return { kind: 'tokens', pair: await openSession(deps, userId, origin) };
  // A locked player gets no challenge either: the code step could not open a session.
  await refuseLocked(deps.db, userId);
  const token = newToken();
  // The player's spent and expired challenges go as a new one comes, so the table holds live ones only.
  await deps.db.deleteFrom('login_challenges').where('user_id', '=', userId).where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', new Date())])).execute();
  await deps.db
    .insertInto('login_challenges')
    .values({ id: tokenHash(token), user_id: userId, expires_at: new Date(Date.now() + CHALLENGE_SECONDS * 1000) })
    .execute();
  return { kind: 'two_factor', token, expiresIn: CHALLENGE_SECONDS };
}

/** The player a live, unused challenge token belongs to, or null. */
export async function challengeOwner(db: Db, token: string): Promise<number | null> {
  const row = await db.selectFrom('login_challenges').select(['user_id', 'expires_at', 'used_at']).where('id', '=', tokenHash(token)).executeTakeFirst();
  if (!row || row.used_at || row.expires_at.getTime() <= Date.now()) return null;
  return row.user_id;
}

/** Uses the challenge up (conditional: of two requests with it, one wins). */
export async function consumeChallenge(db: Db, token: string): Promise<boolean> {
  const used = await db.updateTable('login_challenges').set({ used_at: new Date() }).where('id', '=', tokenHash(token)).where('used_at', 'is', null).returning('id').executeTakeFirst();
  return Boolean(used);
}
