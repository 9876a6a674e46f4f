import { safeEqual, sign } from '../signedUrls.ts';

// Steam has no OAuth access token. After check_authentication succeeds we mint our own short-lived
// values, signed with APP_SECRET: a `code` for the client's /auth/steam page and, from
// /social/handle, the `provider_access_token` that grant_type social accepts. Each names its purpose
// so one cannot stand in for the other.

const CODE_SECONDS = 300;

export function mintSteamValue(secret: string, purpose: 'code' | 'token', steamId: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + CODE_SECONDS;
  const payload = `${steamId}.${expires}`;
  return `${payload}.${sign(secret, `steam-${purpose}:${payload}`)}`;
}

/** The SteamID64 inside a valid, unexpired value of this purpose, or null. */
export function readSteamValue(secret: string, purpose: 'code' | 'token', value: string, now = Date.now()): string | null {
  const [steamId, expires, sig] = value.split('.');
  if (!steamId || !expires || !sig || !/^\d{17}$/.test(steamId)) return null;
  if (!safeEqual(sig, sign(secret, `steam-${purpose}:${steamId}.${expires}`))) return null;
  return Number(expires) * 1000 > now ? steamId : null;
}
