import type { Config } from '../config.ts';
import { fieldError } from '../http/errors.ts';

// Pluggable captcha verification. 'none' (the embedded default) accepts every request;
// 'recaptcha' asks Google's siteverify (reCAPTCHA v3) and requires success, the expected action
// and a score at or above the threshold.

export const CAPTCHA_FIELD = 'g-recaptcha-response';
export const CAPTCHA_FAILED = 'The captcha verification failed. Please try again.';

export interface CaptchaVerifier {
  verify(token: string, action: string, remoteIp?: string): Promise<boolean>;
}

export const noCaptcha: CaptchaVerifier = { verify: async () => true };

export function recaptchaV3(options: { secret: string; minScore: number; verifyUrl: string }): CaptchaVerifier {
  return {
    async verify(token, action, remoteIp) {
      if (!token) return false;
      const body = new URLSearchParams({ secret: options.secret, response: token });
      if (remoteIp) body.set('remoteip', remoteIp);
      try {
        const res = await fetch(options.verifyUrl, { method: 'POST', body, signal: AbortSignal.timeout(10_000) });
        if (!res.ok) return false;
        const answer = (await res.json()) as { success?: boolean; score?: number; action?: string };
        return answer.success === true && typeof answer.score === 'number' && answer.score >= options.minScore && answer.action === action;
      } catch {
        return false; // an unreachable verifier must not let requests through
      }
    },
  };
}

export function createCaptchaVerifier(config: Config): CaptchaVerifier {
  return config.captcha.provider === 'recaptcha'
    ? recaptchaV3({ secret: config.captcha.secret, minScore: config.captcha.minScore, verifyUrl: config.captcha.verifyUrl })
    : noCaptcha;
}

/** Throws the 422 the client reads as errors['g-recaptcha-response'][0]. */
export async function requireCaptcha(verifier: CaptchaVerifier, token: string | undefined, action: string, remoteIp?: string): Promise<void> {
  if (!(await verifier.verify(token ?? '', action, remoteIp))) throw fieldError(CAPTCHA_FIELD, CAPTCHA_FAILED);
}
