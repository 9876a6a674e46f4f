import { z } from 'zod';
import type { Config } from '../config.ts';

// The accounts area's own optional variables (README.md, configuration table), read from the raw
// environment so the shared config module stays small. Provider URLs default to the real ones;
// tests point them at a local identity provider.
const url = (fallback: string) => z.url().default(fallback);
const int = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

const Schema = z.object({
  GOOGLE_CLIENT_ID: z.string().default(''),
  GOOGLE_CLIENT_SECRET: z.string().default(''),
  GOOGLE_AUTH_URL: url('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: url('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: url('https://openidconnect.googleapis.com/v1/userinfo'),
  FACEBOOK_CLIENT_ID: z.string().default(''),
  FACEBOOK_CLIENT_SECRET: z.string().default(''),
  FACEBOOK_AUTH_URL: url('https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: url('https://graph.facebook.com/v19.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: url('https://graph.facebook.com/v19.0/me?fields=id,name,email,picture.type(large)'),
  STEAM_OPENID_URL: url('https://steamcommunity.com/openid/login'),
  STEAM_API_KEY: z.string().default(''),
  MAIL_OUTBOX_DIR: z.string().default(''),
  LOGIN_MAX_ATTEMPTS: int(5),
  LOGIN_ADDRESS_MAX_ATTEMPTS: int(20),
  LOGIN_DECAY_SECONDS: int(60),
  FORGOT_DECAY_SECONDS: int(60),
  RECAPTCHA_ACTION_REGISTER: z.string().default('register'),
  RECAPTCHA_ACTION_FORGOT: z.string().default('forgot_password'),
});

export interface OAuthProviderSettings {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

export function accountSettings(config: Config) {
  const defined = Object.fromEntries(Object.entries(config.raw).filter(([, v]) => v !== undefined && v !== ''));
  const env = Schema.parse(defined);
  return {
    google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, authUrl: env.GOOGLE_AUTH_URL, tokenUrl: env.GOOGLE_TOKEN_URL, userinfoUrl: env.GOOGLE_USERINFO_URL } satisfies OAuthProviderSettings,
    facebook: { clientId: env.FACEBOOK_CLIENT_ID, clientSecret: env.FACEBOOK_CLIENT_SECRET, authUrl: env.FACEBOOK_AUTH_URL, tokenUrl: env.FACEBOOK_TOKEN_URL, userinfoUrl: env.FACEBOOK_USERINFO_URL } satisfies OAuthProviderSettings,
    steam: { openidUrl: env.STEAM_OPENID_URL, apiKey: env.STEAM_API_KEY },
    /** Where mails go without SMTP: DATA_DIR/outbox unless set (PGlite in memory has no DATA_DIR). */
    outboxDir: env.MAIL_OUTBOX_DIR || (config.dataDir === 'memory://' ? '' : `${config.dataDir}/outbox`),
    throttle: {
      loginMaxAttempts: env.LOGIN_MAX_ATTEMPTS,
      loginAddressMaxAttempts: env.LOGIN_ADDRESS_MAX_ATTEMPTS,
      loginDecaySeconds: env.LOGIN_DECAY_SECONDS,
      forgotDecaySeconds: env.FORGOT_DECAY_SECONDS,
    },
    captchaActions: { register: env.RECAPTCHA_ACTION_REGISTER, forgot: env.RECAPTCHA_ACTION_FORGOT },
  };
}

export type AccountSettings = ReturnType<typeof accountSettings>;
