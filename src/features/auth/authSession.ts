import type { TokenResponse } from '../../../core/protocol/auth.ts';
import type { TwoFactorChallenge } from '../../../core/protocol/accountSecurity.ts';
import { useTwoFactorStep } from './twoFactorStep.ts';
import { forgetReferral, rememberedReferral } from '../referral/referralCookie.ts';
import type { ProfileAnswer, User } from '../../../core/protocol/user.ts';
import { api } from '../../api/http.ts';
import { cookies, REFRESH_COOKIE, TOKEN_COOKIE } from '../../api/cookies.ts';
import { useSession } from '../../stores/session.ts';
import { useModals } from '../../stores/modals.ts';
import { publicConfig } from './publicConfig.ts';
import { socialTermsConfirmed } from './socialTerms.ts';
import { SESSION_MARK_ATTRIBUTE } from '../../../core/sessionMark.ts';

// Signing in and out in the browser (docs/product.md §4): tokens live in the cookies `token` and
// `refresh_token`, both expiring after expires_in; the profile fills the session store.

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
    const res = await api.get<ProfileAnswer>('/api/profile');
    useSession.getState().setUser(res.data.data);
    return res.data.data;
  } catch (error) {
    console.warn('profile load failed', error);
    return null;
  }
}

async function grant(params: Record<string, string>): Promise<TokenResponse | TwoFactorChallenge> {
  const config = await publicConfig();
  const res = await api.post<TokenResponse | TwoFactorChallenge>('/oauth/token', { ...params, client_id: config.oauth.client_id, client_secret: config.oauth.client_secret, scope: '*' });
  return res.data;
}

/** The token pair of a grant that cannot ask for a code (a refresh, the code step itself). */
async function tokenGrant(params: Record<string, string>): Promise<TokenResponse> {
  const answer = await grant(params);
  if ('two_factor_required' in answer) throw new Error('unexpected two-factor step');
  return answer;
}

/** After any successful grant: store tokens, close the modals, load the profile 100 ms later. */
function signedIn(tokens: TokenResponse): void {
  useTwoFactorStep.getState().clear();
  storeTokens(tokens);
  useModals.getState().close();
  setTimeout(() => void loadProfile(), PROFILE_DELAY_MS);
}

/**
 * A password or social grant's answer: the tokens, or (two-factor sign-in on) the challenge, which
 * opens the login modal at its code step (docs/account-safety.md). Answers whether a code is needed.
 */
function signedInOrAsked(answer: TokenResponse | TwoFactorChallenge): boolean {
  if ('two_factor_required' in answer) {
    useTwoFactorStep.getState().ask(answer.two_factor_token);
    useModals.getState().open('login');
    return true;
  }
  signedIn(answer);
  return false;
}

/** `captcha`: the login challenge's solved token, once the server has asked for one. True when a code is asked next. */
export async function loginWithPassword(email: string, password: string, captcha?: string): Promise<boolean> {
  return signedInOrAsked(await grant({ grant_type: 'password', username: email, password, ...(captcha ? { 'g-recaptcha-response': captcha } : {}) }));
}

export async function loginWithSocial(provider: string, accessToken: string): Promise<boolean> {
  const ref = rememberedReferral();
  const terms = socialTermsConfirmed();
  const asked = signedInOrAsked(await grant({ grant_type: 'social', provider, access_token: accessToken, ...(terms ? { terms: 'true' } : {}), ...(ref ? { ref } : {}) }));
  forgetReferral();
  return asked;
}

/** The second step: the challenge of the step store and the player's code (TOTP or recovery code). */
export async function loginWithTwoFactor(code: string): Promise<void> {
  const token = useTwoFactorStep.getState().token;
  if (!token) throw new Error('no sign-in step to complete');
  signedIn(await tokenGrant({ grant_type: 'two_factor', two_factor_token: token, code }));
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
  if (cookies.get(TOKEN_COOKIE)) await api.post('/api/profile/logout').catch(() => undefined);
  clearTokens();
  useSession.getState().setUser(null);
}

/**
 * At start: a token cookie without a loaded user fetches the profile. Until it is known, index.html's
 * mark (core/sessionMark.ts) keeps the header's guest controls hidden, so a signed-in player never
 * sees Login and Sign up flash; a failed load lifts it and the guest controls show.
 */
export function restoreSession(): void {
  const unmark = () => document.documentElement.removeAttribute(SESSION_MARK_ATTRIBUTE);
  if (cookies.get(TOKEN_COOKIE) && !useSession.getState().user) void loadProfile().finally(unmark);
  else unmark();
}
