import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Db } from '../db/database.ts';
import type { Clock } from '../clock.ts';
import type { RateLimiter, AttemptPolicy } from '../security/rateLimit.ts';
import { clearAttempts, takeAttempt } from '../security/rateLimit.ts';
import { fieldError } from '../http/errors.ts';
import { TWO_FACTOR_FIELD, TWO_FACTOR_MESSAGES } from '../../core/protocol/accountSecurity.ts';

// Two-factor sign-in with TOTP (RFC 6238: SHA-1, 6 digits, 30 s steps, what every authenticator app
// reads from an otpauth:// URI). A code is accepted one step either side of the server's time (a
// phone's clock drifts) and only after the last step accepted for the player: the conditional update
// of last_time_step makes a code single use, also under two requests racing with it. Ten recovery
// codes (stored as SHA-256, each usable once) stand in when the phone is lost. Every attempt is
// counted per player before it is checked, with the password throttle's policy, so guessing six
// digits is as slow as guessing a password. The secret is stored sealed with a key derived from
// APP_SECRET (AES-256-GCM): a leaked database alone does not yield the codes.

export interface TwoFactorDeps {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  /** APP_SECRET: the sealing key is derived from it. */
  appSecret: string;
  /** The sign-in throttle's policy (LOGIN_MAX_ATTEMPTS per LOGIN_DECAY_SECONDS, backing off). */
  throttle: AttemptPolicy;
}

const ISSUER = 'Open Mystery Boxes';
const STEP_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

const sealingKey = (appSecret: string) => createHash('sha256').update(`two-factor:${appSecret}`).digest();

/** Seals a TOTP key for storage (also the e2e server's console admin fixture). */
export function seal(appSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(appSecret), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

function unseal(appSecret: string, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer, Buffer];
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(appSecret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

const codeHash = (code: string) => createHash('sha256').update(normalRecoveryCode(code)).digest('hex');
const normalRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const throttleKey = (userId: number) => `two-factor:user:${userId}`;

/** A recovery code: ten base-32 characters in two groups of five (about 50 bits). */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const chars = Array.from(randomBytes(10), (b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export async function twoFactorEnabled(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('two_factor').select('enabled_at').where('user_id', '=', userId).executeTakeFirst();
  return Boolean(row?.enabled_at);
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('two_factor_recovery_codes').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('used_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Starts (or restarts) the set-up: a new secret, not yet enabled, and its otpauth URI as a QR code
 * (an SVG made here: the secret never goes to a third-party QR service).
 */
export async function startEnrolment(deps: TwoFactorDeps, user: { id: number; email: string }): Promise<{ secret: string; uri: string; qrSvg: string } | null> {
  if (await twoFactorEnabled(deps.db, user.id)) return null;
  const secret = generateSecret();
  const sealed = seal(deps.appSecret, secret);
  await deps.db
    .insertInto('two_factor')
    .values({ user_id: user.id, secret: sealed })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret: sealed, last_time_step: null, enabled_at: null }))
    .execute();
  const uri = generateURI({ issuer: ISSUER, label: user.email, secret });
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qrSvg };
}

/** The TOTP check: true when the code is right for now (±1 step) and later than the last one accepted. */
async function acceptTotp(deps: TwoFactorDeps, userId: number, code: string): Promise<boolean> {
  const row = await deps.db.selectFrom('two_factor').select(['secret', 'last_time_step']).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return false;
  const result = await verify({
    secret: unseal(deps.appSecret, row.secret),
    token: code,
    epoch: Math.floor(deps.clock.now() / 1000),
    epochTolerance: STEP_SECONDS,
    ...(row.last_time_step === null ? {} : { afterTimeStep: Number(row.last_time_step) }),
  });
  if (!result.valid || !('timeStep' in result)) return false;
  const step = result.timeStep;
  // Single use: of two requests with one code, only the first moves the step forward.
  const claimed = await deps.db
    .updateTable('two_factor')
    .set({ last_time_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', step)]))
    .returning('user_id')
    .executeTakeFirst();
  return Boolean(claimed);
}

async function acceptRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  const used = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: new Date() })
    .where('code_hash', '=', codeHash(code))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .returning('code_hash')
    .executeTakeFirst();
  return Boolean(used);
}

/**
 * Checks a code (6 digits: TOTP; anything else: a recovery code) after counting the attempt; over
 * the limit the answer is 429 with Retry-After, right code or not. A success clears the count.
 */
export async function checkCode(deps: TwoFactorDeps, userId: number, code: string, allowRecovery = true): Promise<boolean> {
  await takeAttempt(deps.limiter, throttleKey(userId), deps.throttle);
  const trimmed = code.trim().replace(/\s+/g, '');
  const ok = /^\d{6}$/.test(trimmed) ? await acceptTotp(deps, userId, trimmed) : allowRecovery && (await acceptRecoveryCode(deps.db, userId, trimmed));
  if (ok) await clearAttempts(deps.limiter, throttleKey(userId));
  return ok;
}

/** Enables two-factor sign-in when the code proves the app holds the secret; answers the recovery codes. */
export async function confirmEnrolment(deps: TwoFactorDeps, userId: number, code: string): Promise<string[]> {
  const row = await deps.db.selectFrom('two_factor').select('enabled_at').where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw fieldError('code', TWO_FACTOR_MESSAGES.notStarted);
  if (row.enabled_at) throw fieldError('code', TWO_FACTOR_MESSAGES.alreadyEnabled);
  if (!(await checkCode(deps, userId, code, false))) throw fieldError('code', TWO_FACTOR_MESSAGES.codeInvalid);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('two_factor').set({ enabled_at: new Date() }).where('user_id', '=', userId).execute();
    await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
    await trx.insertInto('two_factor_recovery_codes').values(codes.map((c) => ({ code_hash: codeHash(c), user_id: userId }))).execute();
  });
  return codes;
}

/** Turns two-factor sign-in off; needs a code (or a recovery code). */
export async function disableTwoFactor(deps: TwoFactorDeps, userId: number, code: string): Promise<void> {
  if (!(await twoFactorEnabled(deps.db, userId))) throw fieldError('code', TWO_FACTOR_MESSAGES.notEnabled);
  if (!(await checkCode(deps, userId, code))) throw fieldError('code', TWO_FACTOR_MESSAGES.codeInvalid);
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('two_factor').where('user_id', '=', userId).execute();
  });
}

/**
 * The guard of a protected action (shipping, gift cards, email and password changes): with
 * two-factor sign-in on, the body's `two_factor_code` must be a valid code, else a 422 on that field.
 */
export async function requireSecondFactor(deps: TwoFactorDeps, userId: number, code: string | undefined): Promise<void> {
  if (!(await twoFactorEnabled(deps.db, userId))) return;
  if (!code) throw fieldError(TWO_FACTOR_FIELD, TWO_FACTOR_MESSAGES.codeRequired);
  if (!(await checkCode(deps, userId, code))) throw fieldError(TWO_FACTOR_FIELD, TWO_FACTOR_MESSAGES.codeInvalid);
}
