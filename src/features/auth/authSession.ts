import type { TokenResponse } from '../../../core/protocol/auth.ts';
import type { TwoFactorChallenge } from '../../../core/protocol/accountSecurity.ts';
import type { User } from '../../../core/protocol/user.ts';
import { cookies, REFRESH_COOKIE, TOKEN_COOKIE } from '../../api/cookies.ts';
import { useSession } from '../../stores/session.ts';
import { publicConfig } from '../../api/publicConfig.ts';
import { SESSION_MARK_ATTRIBUTE } from '../../../core/sessionMark.ts';
import { callResponse } from '../../api/call.ts';
import { logout as logoutRoute, oauthToken, profile } from '../../../core/protocol/routes/shell.ts';

// The browser's session (docs/product.md §4): tokens live in the cookies `token` and
// `refresh_token`, both expiring after expires_in; the profile fills the session store. Signing in
// (password, social, the two-factor step) is signIn.ts, which only the sign-in forms load: every
// page's first load carries this module (the refresh on a 401, logout), not the sign-in.

export const PROFILE_DELAY_MS = 100;

export function storeTokens(tokens: Pick<TokenResponse, 'access_token' | 'refresh_token' | 'expires_in'>): void {
  const expires = new Date(Date.now() + tokens.expires_in * 1000);
  const options = { expires, sameSite: 'lax' as const, secure: location.protocol === 'https:' };
  cookies.set(TOKEN_COOKIE, tokens.access_token, options);
  cookies.set(REFRESH_COOKIE, tokens.refresh_token, options);
}

export function clearTokens(): void {
  cookies.remove(TOKEN_COOKIE);
  cookies.remove(REFRESH_COOKIE);
}

/** GET /api/profile into the store; a failure only logs (docs/product.md §8). */
export async function loadProfile(): Promise<User | null> {
  try {
    const res = await callResponse(profile, {});
    useSession.getState().setUser(res.data.data);
    return res.data.data;
  } catch (error) {
    console.warn('profile load failed', error);
    return null;
  }
}

/** POST /oauth/token with the client's credentials: the tokens, or a password or social grant's two-factor challenge. */
export async function grant(params: Record<string, string>, headers?: Record<string, string>): Promise<TokenResponse | TwoFactorChallenge> {
  const config = await publicConfig();
  const res = await callResponse(oauthToken, { body: { ...params, client_id: config.oauth.client_id, client_secret: config.oauth.client_secret, scope: '*' } }, { headers });
  return res.data;
}

/** The token pair of a grant that cannot ask for a code (a refresh, the code step itself). */
export async function tokenGrant(params: Record<string, string>, headers?: Record<string, string>): Promise<TokenResponse> {
  const answer = await grant(params, headers);
  if ('two_factor_required' in answer) throw new Error('unexpected two-factor step');
  return answer;
}

/** POST /oauth/token grant_type refresh_token with the cookie's refresh token; stores the new pair. */
export async function refreshTokens(): Promise<boolean> {
  const refreshToken = cookies.get(REFRESH_COOKIE);
  if (!refreshToken) return false;
  try {
    storeTokens(await tokenGrant({ grant_type: 'refresh_token', refresh_token: refreshToken }));
    return true;
  } catch (error) {
    console.warn('token refresh failed', error);
    return false;
  }
}

/** Clears both cookies and the user; the server revokes the sign-in when it still can. */
export async function logout(): Promise<void> {
  if (cookies.get(TOKEN_COOKIE)) await callResponse(logoutRoute, {}).catch(() => undefined);
  clearTokens();
  useSession.getState().setUser(null);
  liftSessionMark();
}

/** Lifts index.html's session mark (core/sessionMark.ts): the page's own controls take over. */
export function liftSessionMark(): void {
  document.documentElement.removeAttribute(SESSION_MARK_ATTRIBUTE);
}

/**
 * At start: a token cookie without a loaded user fetches the profile. Until it is known, index.html's
 * mark (core/sessionMark.ts) keeps the guest controls hidden, so a signed-in player never sees Login
 * and Sign up flash. A failed load lifts it here and the guest controls show; a loaded profile
 * leaves it to the header, which lifts it once it has drawn the player's controls (a layout effect,
 * before that frame is painted): lifted here, between the store's update and React's commit, a
 * frame could paint the guest header.
 */
export function restoreSession(): void {
  if (cookies.get(TOKEN_COOKIE) && !useSession.getState().user) {
    void loadProfile().then((user) => {
      if (!user) liftSessionMark();
    });
  } else liftSessionMark();
}
