import { z } from 'zod';

// Configuration comes from the environment only. It is validated once at start so that a
// mistake stops the process with a message naming the variable, instead of failing later.
// Every variable is listed in README.md (configuration table) with its default and meaning.

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const csv = z.string().transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean));
const optionalUrl = z.url().optional().or(z.literal('').transform(() => undefined));

const DEV_SECRET = 'embedded-default-secret-change-me-in-production';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').default(DEV_SECRET),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: optionalUrl,
  SEED_DEMO: bool.default(true),
  CLIENT_DIR: z.string().default('./dist/client'),
  PUSHER_APP_ID: z.string().default('shop'),
  PUSHER_KEY: z.string().min(1).default('shop-key'),
  PUSHER_SECRET: z.string().min(16).default('shop-secret-embedded-default'),
  PUSHER_PUBLIC_HOST: z.string().default(''),
  PUSHER_PUBLIC_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  PUSHER_PUBLIC_TLS: bool.default(false),
  PUSHER_CLUSTER: z.string().default('eu'),
  PUSHER_ACTIVITY_TIMEOUT: z.coerce.number().int().min(5).max(600).default(120),
  LEADER_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  REDIS_PREFIX: z.string().min(1).max(100).default('shop:'),
  SOCKET_URL: z.string().default(''),
  OAUTH_CLIENT_ID: z.string().default('2'),
  OAUTH_CLIENT_SECRET: z.string().min(8).default('first-party-client-secret'),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).default(3600),
  REFRESH_TOKEN_TTL: z.coerce.number().int().min(3600).default(30 * 24 * 3600),
  CAPTCHA_PROVIDER: z.enum(['none', 'recaptcha']).default('none'),
  RECAPTCHA_SITE_KEY: z.string().default(''),
  RECAPTCHA_SECRET: z.string().default(''),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  SOCIAL_PROVIDERS: csv.default([]),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Mystery Box Shop <no-reply@localhost>'),
  FEATURES: csv.default([]),
});

export type Env = z.input<typeof EnvSchema>;
export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.output<typeof EnvSchema>, raw: Record<string, string | undefined>) {
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    publicUrl: env.PUBLIC_URL.replace(/\/$/, ''),
    appSecret: env.APP_SECRET,
    dataDir: env.DATA_DIR,
    /** `memory://` keeps PGlite in memory (tests); a directory keeps it on disk. */
    database: env.DATABASE_URL
      ? ({ kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE } as const)
      : ({ kind: 'pglite', dataDir: env.DATA_DIR === 'memory://' ? 'memory://' : `${env.DATA_DIR}/pglite` } as const),
    redisUrl: env.REDIS_URL,
    /** Namespaces this deployment's Redis channels (bus, socket.io adapter). */
    redisPrefix: env.REDIS_PREFIX,
    seedDemo: env.SEED_DEMO,
    clientDir: env.CLIENT_DIR,
    pusher: {
      appId: env.PUSHER_APP_ID,
      key: env.PUSHER_KEY,
      secret: env.PUSHER_SECRET,
      publicHost: env.PUSHER_PUBLIC_HOST,
      publicPort: env.PUSHER_PUBLIC_PORT,
      publicTls: env.PUSHER_PUBLIC_TLS,
      cluster: env.PUSHER_CLUSTER,
      /** Seconds (pusher:connection_established activity_timeout). */
      activityTimeout: env.PUSHER_ACTIVITY_TIMEOUT,
    },
    /** How often a node tries to become the leader (advisory lock). */
    leaderPollMs: env.LEADER_POLL_MS,
    socketUrl: env.SOCKET_URL,
    oauth: {
      clientId: env.OAUTH_CLIENT_ID,
      clientSecret: env.OAUTH_CLIENT_SECRET,
      accessTokenTtl: env.ACCESS_TOKEN_TTL,
      refreshTokenTtl: env.REFRESH_TOKEN_TTL,
    },
    captcha: {
      provider: env.CAPTCHA_PROVIDER,
      siteKey: env.RECAPTCHA_SITE_KEY,
      secret: env.RECAPTCHA_SECRET,
      minScore: env.RECAPTCHA_MIN_SCORE,
      verifyUrl: env.RECAPTCHA_VERIFY_URL,
    },
    socialProviders: env.SOCIAL_PROVIDERS,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    features: env.FEATURES,
    /** The untouched environment, for area modules that read their own optional variables (gateway keys). */
    raw,
  };
}

export class ConfigError extends Error {}

/** Reads and validates the configuration; throws ConfigError listing every bad variable. */
export function loadConfig(raw: Record<string, string | undefined> = process.env): Config {
  const defined = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));
  const parsed = EnvSchema.safeParse(defined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const problems: string[] = [];
  if (env.NODE_ENV === 'production') {
    if (env.APP_SECRET === DEV_SECRET) problems.push('  APP_SECRET: must be set in production');
    if (env.PUSHER_SECRET === 'shop-secret-embedded-default') problems.push('  PUSHER_SECRET: must be set in production');
  }
  if (env.CAPTCHA_PROVIDER === 'recaptcha' && (!env.RECAPTCHA_SITE_KEY || !env.RECAPTCHA_SECRET)) {
    problems.push('  RECAPTCHA_SITE_KEY, RECAPTCHA_SECRET: required when CAPTCHA_PROVIDER=recaptcha');
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return toConfig(env, raw);
}

/** A configuration for tests and tools: the defaults plus the given overrides, PGlite in memory. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', SEED_DEMO: 'false', ...overrides });
}
