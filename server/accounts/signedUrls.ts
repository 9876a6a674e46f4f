import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// Links that carry their own proof (Laravel's signed routes): the path and expiry are signed with
// APP_SECRET, so a verification link needs no table and cannot be forged or extended.

export function sign(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function emailHash(email: string): string {
  return createHash('sha1').update(email.trim().toLowerCase()).digest('hex');
}

export const VERIFY_LINK_MINUTES = 60;

/** The path of the verification link of a user, signed and valid for VERIFY_LINK_MINUTES. */
export function verificationPath(secret: string, userId: number, email: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + VERIFY_LINK_MINUTES * 60;
  const unsigned = `/api/email/verify/${userId}/${emailHash(email)}?expires=${expires}`;
  return `${unsigned}&signature=${sign(secret, unsigned)}`;
}

/** True when the signature matches and the link has not expired. */
export function verifySignedPath(secret: string, pathWithQuery: { path: string; expires: string; signature: string }, now = Date.now()): boolean {
  const unsigned = `${pathWithQuery.path}?expires=${pathWithQuery.expires}`;
  if (!safeEqual(sign(secret, unsigned), pathWithQuery.signature)) return false;
  return Number(pathWithQuery.expires) * 1000 > now;
}
