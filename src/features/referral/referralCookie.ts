import { cookies } from '../../api/cookies.ts';

// The referral code a /ref/{link} visit remembers until sign-up (docs/community.md): sent as
// `ref` by the register form and the social grant, then forgotten.
export const REFERRAL_COOKIE = 'ref';
const REFERRAL_DAYS = 30;

export function rememberReferral(code: string): void {
  cookies.set(REFERRAL_COOKIE, code, { expires: REFERRAL_DAYS, sameSite: 'lax', path: '/' });
}

export function rememberedReferral(): string | undefined {
  return cookies.get(REFERRAL_COOKIE) || undefined;
}

export function forgetReferral(): void {
  cookies.remove(REFERRAL_COOKIE, { path: '/' });
}
