import type { OAuthProviderSettings } from '../../config.ts';

// OAuth 2.0 authorization-code flow (RFC 6749 §4.1) for Google and Facebook: the authorization
// URL, the code exchange at the token endpoint (client secret in the body, as both accept), and
// the profile read from the userinfo endpoint with the provider's access token.

export interface SocialProfile {
  id: string;
  name: string;
  email: string | null;
  emailVerified: boolean;
  avatarUrl: string | null;
}

export class SocialError extends Error {}

const SCOPES: Record<string, string> = { google: 'openid email profile', facebook: 'email public_profile' };

export function authorizationUrl(provider: string, settings: OAuthProviderSettings, redirectUri: string, state: string): string {
  const url = new URL(settings.authUrl);
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', SCOPES[provider] ?? 'email');
  url.searchParams.set('state', state);
  return url.toString();
}

export async function exchangeCode(settings: OAuthProviderSettings, code: string, redirectUri: string): Promise<string> {
  const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: settings.clientId, client_secret: settings.clientSecret });
  const res = await fetch(settings.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  const answer = (await res.json().catch(() => ({}))) as { access_token?: unknown; error?: unknown };
  if (!res.ok || typeof answer.access_token !== 'string') throw new SocialError(`code exchange failed: ${res.status} ${String(answer.error ?? '')}`);
  return answer.access_token;
}

export async function fetchProfile(provider: string, settings: OAuthProviderSettings, accessToken: string): Promise<SocialProfile> {
  const res = await fetch(settings.userinfoUrl, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' }, signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new SocialError(`userinfo failed: ${res.status}`);
  const info = (await res.json()) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  if (provider === 'facebook') {
    const picture = (info.picture as { data?: { url?: unknown } } | undefined)?.data?.url;
    const id = str(info.id);
    if (!id) throw new SocialError('userinfo without id');
    // Facebook returns only confirmed addresses.
    return { id, name: str(info.name) ?? 'Player', email: str(info.email), emailVerified: Boolean(str(info.email)), avatarUrl: str(picture) };
  }
  const id = str(info.sub);
  if (!id) throw new SocialError('userinfo without sub');
  const verified = info.email_verified === true || info.email_verified === 'true';
  return { id, name: str(info.name) ?? str(info.given_name) ?? 'Player', email: str(info.email), emailVerified: verified, avatarUrl: str(info.picture) };
}
