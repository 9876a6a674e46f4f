// Steam sign-in through OpenID 2.0: send the browser to Steam with checkid_setup, and on its
// return ask Steam itself (check_authentication, direct verification) whether the signed
// assertion is genuine. The SteamID64 is the last part of the claimed identifier.

export const OPENID_NS = 'http://specs.openid.net/auth/2.0';
const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';
const CLAIMED_ID = /^https?:\/\/steamcommunity\.com\/openid\/id\/(\d{17})$/;

export function steamLoginUrl(openidUrl: string, returnTo: string, realm: string): string {
  const url = new URL(openidUrl);
  url.searchParams.set('openid.ns', OPENID_NS);
  url.searchParams.set('openid.mode', 'checkid_setup');
  url.searchParams.set('openid.return_to', returnTo);
  url.searchParams.set('openid.realm', realm);
  url.searchParams.set('openid.identity', IDENTIFIER_SELECT);
  url.searchParams.set('openid.claimed_id', IDENTIFIER_SELECT);
  return url.toString();
}

/** The SteamID64 of a genuine positive assertion, or null. `expectedReturnTo` is our callback without its query. */
export async function verifySteamAssertion(openidUrl: string, query: Record<string, string>, expectedReturnTo: string): Promise<string | null> {
  if (query['openid.mode'] !== 'id_res' || query['openid.ns'] !== OPENID_NS) return null;
  if (query['openid.op_endpoint'] !== openidUrl) return null;
  const returnTo = query['openid.return_to'] ?? '';
  if (returnTo.split('?')[0] !== expectedReturnTo) return null;
  const match = CLAIMED_ID.exec(query['openid.claimed_id'] ?? '');
  if (!match || query['openid.identity'] !== query['openid.claimed_id']) return null;

  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (key.startsWith('openid.')) body.set(key, value);
  body.set('openid.mode', 'check_authentication');
  const res = await fetch(openidUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, signal: AbortSignal.timeout(10_000) });
  if (!res.ok) return null;
  const text = await res.text();
  // Key-value form: one "key:value" per line.
  const valid = text.split('\n').some((line) => line.trim() === 'is_valid:true');
  return valid ? match[1]! : null;
}
