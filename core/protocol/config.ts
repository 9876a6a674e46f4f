import { z } from 'zod';

export const LOGIN_CAPTCHA_PROVIDERS = ['none', 'turnstile', 'hcaptcha'] as const;
export type LoginCaptchaProvider = (typeof LOGIN_CAPTCHA_PROVIDERS)[number];

// The public runtime configuration served by GET /api/config and read by the client at start.
export const PublicConfigSchema = z.object({
  app_name: z.string(),
  api_url: z.string(),
  pusher: z.object({ key: z.string(), cluster: z.string(), host: z.string(), port: z.number(), tls: z.boolean(), auth_endpoint: z.string() }),
  socket: z.object({ url: z.string(), staging_url: z.string() }),
  captcha: z.object({ provider: z.enum(['none', 'recaptcha']), site_key: z.string() }),
  /** The challenge the login form shows once the server asks for it (docs/security.md, lock-out policy). */
  login_captcha: z.object({ provider: z.enum(LOGIN_CAPTCHA_PROVIDERS), site_key: z.string() }),
  oauth: z.object({ client_id: z.string(), client_secret: z.string() }),
  social_providers: z.array(z.string()),
  features: z.record(z.string(), z.boolean()),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
