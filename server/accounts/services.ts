import type { Log } from '../log.ts';
import type { AccountSettings, Config } from '../config.ts';
import { createRateLimiter, type RateLimiter } from '../security/rateLimit.ts';
import { createCaptchaVerifier, createLoginCaptchaVerifier, type CaptchaVerifier } from '../captcha/captcha.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';

// The accounts area's services (auth, oauth, social and profile routes share them). Made once in
// buildApp and reached as `app.accounts`; the rate limiter is closed with the app.
export interface AccountServices {
  settings: AccountSettings;
  limiter: RateLimiter;
  captcha: CaptchaVerifier;
  /** The login challenge after failed passwords; null when not configured. */
  loginCaptcha: CaptchaVerifier | null;
  mailer: Mailer;
}

export function createAccountServices(config: Config, log: Log): AccountServices {
  const settings = config.accounts;
  return {
    settings,
    limiter: createRateLimiter({ url: config.redisUrl, prefix: config.redisPrefix }),
    captcha: createCaptchaVerifier(config),
    loginCaptcha: createLoginCaptchaVerifier(config),
    mailer: createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, outboxDir: settings.outboxDir, log }),
  };
}
