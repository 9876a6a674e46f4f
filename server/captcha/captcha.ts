import type { Config } from '../config.ts';
import { fieldError } from '../http/errors.ts';

// Pluggable captcha verification. 'none' (the embedded default) accepts every request;
// 'recaptcha' asks Google's siteverify (reCAPTCHA v3) and requires success, the expected action
// and a score at or above the threshold. The login challenge (LOGIN_CAPTCHA_PROVIDER, Turnstile or
// hCaptcha) asks its provider's siteverify and requires success.

export const CAPTCHA_FIELD = 'g-recaptcha-response';
export const CAPTCHA_FAILED = 'The captcha verification failed. Please try again.';

export interface CaptchaVerifier {
  verify(token: string, action: string, remoteIp?: string): Promise<boolean>;
}

export const noCaptcha: CaptchaVerifier = { verify: async () => true };

/**
 * One siteverify call, the protocol reCAPTCHA, Cloudflare Turnstile and hCaptcha share: POST the
 * secret, the widget's response token and the client's address as a form; the answer is JSON with
 * `success`. Null when the verifier cannot be reached or answers anything else: an unreachable
 * verifier must not let requests through.
 */
async function siteverify(verifyUrl: string, secret: string, token: string, remoteIp?: string): Promise<Record<string, unknown> | null> {
  const body = new URLSearchParams({ secret, response: token });
  if (remoteIp) body.set('remoteip', remoteIp);
  try {
    const res = await fetch(verifyUrl, { method: 'POST', body, signal: AbortSignal.timeout(10_000) });
    if (!res.ok) return null;
    const answer: unknown = await res.json();
    return answer && typeof answer === 'object' ? (answer as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function recaptchaV3(options: { secret: string; minScore: number; verifyUrl: string }): CaptchaVerifier {
  return {
    async verify(token, action, remoteIp) {
      if (!token) return false;
      const answer = await siteverify(options.verifyUrl, options.secret, token, remoteIp);
      return answer?.success === true && typeof answer.score === 'number' && answer.score >= options.minScore && answer.action === action;
    },
  };
}

/** A challenge a person solves in a widget (Turnstile, hCaptcha): the verifier's `success` is the verdict. */
export function challengeCaptcha(options: { secret: string; verifyUrl: string }): CaptchaVerifier {
  return {
    async verify(token, _action, remoteIp) {
      if (!token) return false;
      return (await siteverify(options.verifyUrl, options.secret, token, remoteIp))?.success === true;
    },
  };
}

export function createCaptchaVerifier(config: Config): CaptchaVerifier {
  return config.captcha.provider === 'recaptcha'
    ? recaptchaV3({ secret: config.captcha.secret, minScore: config.captcha.minScore, verifyUrl: config.captcha.verifyUrl })
    : noCaptcha;
}

/** The login challenge's verifier, or null when none is configured (the embedded default). */
export function createLoginCaptchaVerifier(config: Config): CaptchaVerifier | null {
  const login = config.accounts.loginCaptcha;
  return login.provider === 'none' ? null : challengeCaptcha({ secret: login.secret, verifyUrl: login.verifyUrl });
}

/** Throws the 422 the client reads as errors['g-recaptcha-response'][0]. */
export async function requireCaptcha(verifier: CaptchaVerifier, token: string | undefined, action: string, remoteIp?: string): Promise<void> {
  if (!(await verifier.verify(token ?? '', action, remoteIp))) throw fieldError(CAPTCHA_FIELD, CAPTCHA_FAILED);
}
