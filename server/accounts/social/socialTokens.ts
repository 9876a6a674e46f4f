import type { SocialProfile } from './oauth2Provider.ts';
import { safeEqual, sign } from '../signedUrls.ts';

// What the browser carries between the provider's return and grant_type social is a value of our
// own, never a provider's token: the server has already proven the identity (Google and Facebook
// by exchanging the code with our client secret, Steam by check_authentication) and signs the
// resulting profile with APP_SECRET, short-lived. grant_type social accepts only such a value, so an
// access token some other app obtained from the provider (for its own client id) signs no one in,
// and provider tokens never leave the server. Two purposes: the Steam callback's `code` (in the
// /auth/steam URL) and the `provider_access_token` of /social/handle; each names its purpose and
// provider so one cannot stand in for another.

const VALUE_SECONDS = 300;

type Purpose = 'code' | 'token';

export function mintSocialValue(secret: string, purpose: Purpose, provider: string, profile: SocialProfile, now = Date.now()): string {
  const exp = Math.floor(now / 1000) + VALUE_SECONDS;
  const payload = Buffer.from(JSON.stringify({ ...profile, provider, exp })).toString('base64url');
  return `${payload}.${sign(secret, `social-${purpose}:${payload}`)}`;
}

/** The profile inside a valid, unexpired value of this purpose and provider, or null. */
export function readSocialValue(secret: string, purpose: Purpose, provider: string, value: string, now = Date.now()): SocialProfile | null {
  const [payload, sig] = value.split('.');
  if (!payload || !sig || !safeEqual(sig, sign(secret, `social-${purpose}:${payload}`))) return null;
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (data.provider !== provider || typeof data.exp !== 'number' || data.exp * 1000 <= now) return null;
  if (typeof data.id !== 'string' || typeof data.name !== 'string') return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return { id: data.id, name: data.name, email: text(data.email), emailVerified: data.emailVerified === true, avatarUrl: text(data.avatarUrl) };
}

/** The profile of a Steam sign-in (OpenID gives the SteamID64 only). */
export function steamProfile(steamId: string): SocialProfile {
  return { id: steamId, name: `Steam player ${steamId.slice(-4)}`, email: null, emailVerified: false, avatarUrl: null };
}
