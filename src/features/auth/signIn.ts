import type { TokenResponse } from '../../../core/protocol/auth.ts';
import type { TwoFactorChallenge } from '../../../core/protocol/accountSecurity.ts';
import { useModals } from '../../stores/modals.ts';
import { forgetReferral, rememberedReferral } from '../referral/referralCookie.ts';
import { grant, loadProfile, PROFILE_DELAY_MS, storeTokens, tokenGrant } from './authSession.ts';
import { socialTermsConfirmed } from './socialTerms.ts';
import { useTwoFactorStep } from './twoFactorStep.ts';
import { deviceIdHeader } from './deviceId.ts';

// Signing in (docs/product.md §4, docs/account-safety.md): a password or social grant answers the
// tokens, or with two-factor sign-in on a challenge that opens the login modal at its code step.
// Only the sign-in forms import this module (the login modal, the social callback page).

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
  return signedInOrAsked(await grant({ grant_type: 'password', username: email, password, ...(captcha ? { 'g-recaptcha-response': captcha } : {}) }, deviceIdHeader()));
}

export async function loginWithSocial(provider: string, accessToken: string): Promise<boolean> {
  const ref = rememberedReferral();
  const terms = socialTermsConfirmed();
  const asked = signedInOrAsked(await grant({ grant_type: 'social', provider, access_token: accessToken, ...(terms ? { terms: 'true' } : {}), ...(ref ? { ref } : {}) }, deviceIdHeader()));
  forgetReferral();
  return asked;
}

/** The second step: the challenge of the step store and the player's code (TOTP or recovery code). */
export async function loginWithTwoFactor(code: string): Promise<void> {
  const token = useTwoFactorStep.getState().token;
  if (!token) throw new Error('no sign-in step to complete');
  signedIn(await tokenGrant({ grant_type: 'two_factor', two_factor_token: token, code }, deviceIdHeader()));
}

