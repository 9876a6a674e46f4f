import type { FastifyInstance } from 'fastify';
import { accountSettings, type AccountSettings } from './settings.ts';
import { createRateLimiter, type RateLimiter } from '../security/rateLimit.ts';
import { createCaptchaVerifier, type CaptchaVerifier } from '../captcha/captcha.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';

// The accounts area's services, made once per app and shared by its route plugins (auth, oauth,
// social, profile). The rate limiter is closed with the app.
export interface AccountServices {
  settings: AccountSettings;
  limiter: RateLimiter;
  captcha: CaptchaVerifier;
  mailer: Mailer;
}

// Keyed by the database object, which every encapsulated plugin instance of one app shares.
const byApp = new WeakMap<object, AccountServices>();

export function accountServices(app: FastifyInstance): AccountServices {
  let services = byApp.get(app.db);
  if (!services) {
    const settings = accountSettings(app.config);
    services = {
      settings,
      limiter: createRateLimiter(app.config.redisUrl),
      captcha: createCaptchaVerifier(app.config),
      mailer: createMailer({ smtpUrl: app.config.mail.smtpUrl, from: app.config.mail.from, outboxDir: settings.outboxDir, log: app.log }),
    };
    const limiter = services.limiter;
    app.addHook('onClose', async () => {
      await limiter.close();
    });
    byApp.set(app.db, services);
  }
  return services;
}
