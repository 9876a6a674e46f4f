import { isIP } from 'node:net';
import { z } from 'zod';
import { coinsToCents } from '../core/money/cents.ts';
import { CRASH_MAX_BET, CRASH_MAX_PAYOUT_PER_BET, CRASH_MAX_PAYOUT_PER_ROUND, CRASH_MIN_BET } from '../core/games/crash.ts';
import { WHEEL_DEFAULT_TIMINGS, WHEEL_MAX_BET, WHEEL_MIN_BET } from '../core/games/wheel.ts';
import { LOGIN_CAPTCHA_PROVIDERS } from '../core/protocol/config.ts';

// Configuration comes from the environment only. It is validated once at start so that a
// mistake stops the process with a message naming the variable, instead of failing later.
// Every variable is listed in README.md (configuration table) with its default and meaning.

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const csv = z.string().transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean));
const optionalUrl = z.url().optional().or(z.literal('').transform(() => undefined));
/** An empty value counts as unset: the default applies. */
const blankIsUnset = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);
const urlOr = (fallback: string) => blankIsUnset(z.url().default(fallback));
const positive = (fallback: number) => blankIsUnset(z.coerce.number().int().min(1).default(fallback));
/** Optional secrets and ids: trimmed, empty is unset. */
const optionalText = z.string().trim().optional().transform((v) => (v ? v : undefined));

// Which peers may name the client in X-Forwarded-For: nobody by default (the socket address is the
// client), a hop count, or the proxies' addresses and CIDR ranges. `true` (everyone) is refused: any
// client could then pick the address that login throttling counts.
const trustProxy = z
  .string()
  .transform((v, ctx): false | string[] | ((address: string, hop: number) => boolean) => {
    const value = v.trim();
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      return (_address, hop) => hop < hops;
    }
    const proxies = value.split(',').map((s) => s.trim()).filter(Boolean);
    if (proxies.every((p) => isIP(p.split('/')[0] ?? '') !== 0)) return proxies;
    ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY must be empty, a hop count, or proxy addresses/CIDR ranges separated by commas' });
    return z.NEVER;
  });

/** A coin amount (≥ 0.01, at most 2 decimals) as integer cents; a default is given in cents. */
const coins = z.union([
  z.number(),
  z.string().transform((text, ctx) => {
    const cents = text.trim() === '' ? null : coinsToCents(Number(text));
    if (cents === null || cents < 1) {
      ctx.addIssue({ code: 'custom', message: 'must be a coin amount of at least 0.01 with at most 2 decimals' });
      return z.NEVER;
    }
    return cents;
  }),
]);

/** A coin amount of 0 or more (at most 2 decimals) as integer cents; 0 turns the thing it prices off. */
const coinsOrNone = z.string().transform((text, ctx) => {
  const cents = text.trim() === '' ? null : coinsToCents(Number(text));
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: 'must be 0 or a coin amount with at most 2 decimals' });
    return z.NEVER;
  }
  return cents;
});

/** Prizes per place, first place first: comma-separated coin amounts (at most 2 decimals), as cents. */
const coinList = z.string().transform((text, ctx) => {
  const cents = text.split(',').map((s) => s.trim()).filter(Boolean).map((s) => coinsToCents(Number(s)));
  if (cents.length > 100 || cents.some((c) => c === null || c < 1)) {
    ctx.addIssue({ code: 'custom', message: 'must be up to 100 comma-separated coin amounts of at least 0.01 with at most 2 decimals' });
    return z.NEVER;
  }
  return cents as number[];
});

/** The providers' own siteverify endpoints (Cloudflare Turnstile, hCaptcha): the same protocol. */
const SITEVERIFY_URLS = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
} as const;

const DEV_SECRET = 'embedded-default-secret-change-me-in-production';

/** The browsers' push services (Chrome's, Firefox's, Safari's, Edge's): where a web push endpoint may be. */
export const DEFAULT_PUSH_SERVICES = ['https://fcm.googleapis.com', 'https://updates.push.services.mozilla.com', 'https://web.push.apple.com', 'https://*.notify.windows.com'];

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The bearer token of a Prometheus scraper on GET /api/admin/metrics (docs/operations.md); unset: staff only. */
  METRICS_TOKEN: blankIsUnset(z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').optional()),
  /** How often the leader checks the ledger's invariant for the metrics (a scan of the whole ledger). */
  LEDGER_CHECK_MS: positive(300_000),
  /** Unset: follows HOST and PORT (defaultPublicUrl). */
  PUBLIC_URL: z.url().optional(),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').default(DEV_SECRET),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * The embedded database's buffer pool (PostgreSQL's shared_buffers, which it also defaults to):
   * at least PostgreSQL's 128kB, at most 1GB of the 2 GB the embedded database's memory may grow to.
   */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9]\d*(kB|MB|GB)$/, 'a size such as 16MB or 128MB')
    .refine((size) => {
      const kB = Number.parseInt(size, 10) * { kB: 1, MB: 1024, GB: 1024 * 1024 }[size.slice(-2) as 'kB' | 'MB' | 'GB'];
      return kB >= 128 && kB <= 1024 * 1024;
    }, 'between 128kB and 1GB')
    .default('128MB'),
  REDIS_URL: optionalUrl,
  SEED_DEMO: bool.optional(),
  API_DOCS: bool.optional(),
  CLIENT_DIR: z.string().default('./dist/client'),
  PUSHER_APP_ID: z.string().default('shop'),
  PUSHER_KEY: z.string().min(1).default('shop-key'),
  PUSHER_SECRET: z.string().min(16).default('shop-secret-embedded-default'),
  PUSHER_PUBLIC_HOST: z.string().default(''),
  PUSHER_PUBLIC_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  PUSHER_PUBLIC_TLS: bool.default(false),
  PUSHER_CLUSTER: z.string().default('eu'),
  /**
   * The push services a browser's web push endpoint may be at (docs/community.md, "Web push"): the
   * server posts to that address, so only these origins are taken (`https://*.host` for subdomains).
   */
  PUSH_SERVICES: csv.default(DEFAULT_PUSH_SERVICES),
  /** How often a node publishes (and pushes) the notifications written since (docs/community.md, "Notifications"). */
  NOTIFICATION_DELIVERY_MS: z.coerce.number().int().min(50).max(3_600_000).default(500),
  PUSHER_ACTIVITY_TIMEOUT: z.coerce.number().int().min(5).max(600).default(120),
  LEADER_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  ONLINE_COUNT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  BATTLE_ROUND_MS: z.coerce.number().int().min(300).max(60_000).default(5500),
  BATTLE_SPIN_MS: z.coerce.number().int().min(0).max(60_000).default(4500),
  BATTLE_START_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  BATTLE_TICK_MS: z.coerce.number().int().min(20).max(5000).default(200),
  /** How long a battle waits for its seats before it expires and every stake is returned (docs/battles.md). */
  BATTLE_EXPIRE_MS: z.coerce.number().int().min(1000).max(7 * 24 * 3_600_000).default(3_600_000),
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
  // Social sign-in providers; the URLs default to the real ones, tests point them at a local provider.
  GOOGLE_CLIENT_ID: z.string().default(''),
  GOOGLE_CLIENT_SECRET: z.string().default(''),
  GOOGLE_AUTH_URL: urlOr('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: urlOr('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: urlOr('https://openidconnect.googleapis.com/v1/userinfo'),
  FACEBOOK_CLIENT_ID: z.string().default(''),
  FACEBOOK_CLIENT_SECRET: z.string().default(''),
  FACEBOOK_AUTH_URL: urlOr('https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: urlOr('https://graph.facebook.com/v19.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: urlOr('https://graph.facebook.com/v19.0/me?fields=id,name,email,picture.type(large)'),
  STEAM_OPENID_URL: urlOr('https://steamcommunity.com/openid/login'),
  STEAM_API_KEY: z.string().default(''),
  MAIL_OUTBOX_DIR: z.string().default(''),
  /** Where items' product photos are kept (server/boxes/itemPhotos.ts); unset: DATA_DIR/item-photos. */
  ITEM_PHOTOS_DIR: z.string().default(''),
  LOGIN_MAX_ATTEMPTS: positive(5),
  LOGIN_ADDRESS_MAX_ATTEMPTS: positive(20),
  LOGIN_DECAY_SECONDS: positive(60),
  LOGIN_MAX_LOCKOUT_SECONDS: positive(3600),
  // The login challenge after failed passwords (docs/security.md): any siteverify provider.
  LOGIN_CAPTCHA_PROVIDER: z.enum(LOGIN_CAPTCHA_PROVIDERS).default('none'),
  LOGIN_CAPTCHA_SITE_KEY: z.string().trim().default(''),
  LOGIN_CAPTCHA_SECRET: z.string().trim().default(''),
  LOGIN_CAPTCHA_VERIFY_URL: optionalUrl,
  LOGIN_CAPTCHA_AFTER_FAILURES: positive(3),
  LOGIN_CAPTCHA_ADDRESS_AFTER_FAILURES: positive(10),
  FORGOT_DECAY_SECONDS: positive(60),
  REGISTER_ADDRESS_MAX_ATTEMPTS: positive(10),
  REGISTER_DECAY_SECONDS: positive(3600),
  RECAPTCHA_ACTION_REGISTER: blankIsUnset(z.string().default('register')),
  RECAPTCHA_ACTION_FORGOT: blankIsUnset(z.string().default('forgot_password')),
  // Payment gateways: a provider is live only when all of its keys are set (docs/payments.md).
  ZEN_TERMINAL_UUID: optionalText,
  ZEN_PAYWALL_SECRET: optionalText,
  ZEN_IPN_SECRET: optionalText,
  ZEN_API_URL: urlOr('https://secure.zen.com/api/checkouts'),
  ZEN_CURRENCY: blankIsUnset(z.string().default('USD')),
  SKINSBACK_SHOP_ID: optionalText,
  SKINSBACK_SECRET: optionalText,
  SKINSBACK_API_URL: urlOr('https://skinsback.com/api.php'),
  ALPHAPO_KEY: optionalText,
  ALPHAPO_SECRET: optionalText,
  ALPHAPO_API_URL: urlOr('https://app.alphapo.net/api/v2'),
  PAYMENTS_SANDBOX: z.enum(['true', 'false', '']).optional(),
  // Hash chains of the round games (docs/fairness.md).
  FAIR_CHAIN_LENGTH: blankIsUnset(z.coerce.number().int().min(1).optional()),
  FAIR_CHAIN_SEGMENT: positive(10_000),
  FAIR_CRASH_SALT: optionalText,
  FAIR_WHEEL_SALT: optionalText,
  // Test only: the chains start from a known seed, so a test can compute every round's outcome in
  // advance (server/fair/hashChains.ts); refused in production.
  FAIR_CHAIN_SEED: optionalText,
  // Test only: players' seed pairs start from a known seed and the player's name, so a test's bets
  // are the same on every run (server/fair/seedPairs.ts); refused in production.
  FAIR_PAIR_SEED: optionalText,
  CRASH_ENABLED: bool.default(true),
  CRASH_BETTING_MS: z.coerce.number().int().min(100).max(600_000).default(7000),
  CRASH_PENDING_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  CRASH_PAUSE_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
  CRASH_TICK_MS: z.coerce.number().int().min(20).max(5000).default(200),
  CRASH_MIN_BET: coins.default(CRASH_MIN_BET),
  CRASH_MAX_BET: coins.default(CRASH_MAX_BET),
  CRASH_MAX_PAYOUT: coins.default(CRASH_MAX_PAYOUT_PER_BET),
  CRASH_MAX_ROUND_PAYOUT: coins.default(CRASH_MAX_PAYOUT_PER_ROUND),
  LEADERBOARD_PRIZES: coinList.default([10_000, 5000, 2500, 1000, 1000]),
  LEADERBOARD_MULTIPLIER_PRIZES: coinList.default([5000, 2500, 1000]),
  LEADERBOARD_MIN_STAKE: coins.default(100),
  LEADERBOARD_CHECK_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  REWARDS_CLOCK_OFFSET_FILE: optionalText,
  // What a player who signs up through a referral link gets once their email is verified (docs/community.md).
  REFERRAL_INVITEE_REWARD: coinsOrNone.default(100),
  // A console credit above this many coins waits for a second staff member's approval (docs/operator-console.md).
  ADJUSTMENT_APPROVAL_ABOVE: coins.default(1000_00),
  // A digital code reveal by an account younger than this many days, or of an item worth more than
  // this many coins, waits for the operator's review (docs/boxes.md "Sizes and digital items").
  CODE_REVIEW_ACCOUNT_DAYS: z.coerce.number().int().min(0).max(3650).default(7),
  CODE_REVIEW_ABOVE: coins.default(100_00),
  WHEEL_ENABLED: bool.default(true),
  WHEEL_BETTING_MS: z.coerce.number().int().min(100).max(600_000).default(WHEEL_DEFAULT_TIMINGS.bettingMs),
  WHEEL_PENDING_MS: z.coerce.number().int().min(0).max(60_000).default(WHEEL_DEFAULT_TIMINGS.pendingMs),
  WHEEL_SPIN_MS: z.coerce.number().int().min(0).max(60_000).default(WHEEL_DEFAULT_TIMINGS.spinMs),
  WHEEL_PAUSE_MS: z.coerce.number().int().min(0).max(600_000).default(WHEEL_DEFAULT_TIMINGS.pauseMs),
  WHEEL_MIN_BET: coins.default(WHEEL_MIN_BET),
  WHEEL_MAX_BET: coins.default(WHEEL_MAX_BET),
  // Test only: the process kills itself at this named point (server/faultPoints.ts); refused in production.
  FAULT_POINT: optionalText,
  FAULT_POINT_AFTER: positive(1),
});

/** Rounds per hash chain: years of rounds in production, short in tests (generation is quick). */
const DEFAULT_CHAIN_LENGTH = 10_000_000;
const TEST_CHAIN_LENGTH = 100_000;

export interface OAuthProviderSettings {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

export type Env = z.input<typeof EnvSchema>;
export type Config = ReturnType<typeof toConfig>;

/** Hosts that mean "every interface": a browser reaches them as localhost. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

/**
 * The address players use when PUBLIC_URL is unset: this server's own HOST and PORT, so that setting
 * PORT alone keeps mail links, redirects and referral links on the port the server listens on.
 */
export function defaultPublicUrl(host: string, port: number): string {
  const name = WILDCARD_HOSTS.has(host) ? 'localhost' : isIP(host) === 6 ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

function publicUrlOf(env: z.output<typeof EnvSchema>): string {
  return (env.PUBLIC_URL ?? defaultPublicUrl(env.HOST, env.PORT)).replace(/\/$/, '');
}

function toConfig(env: z.output<typeof EnvSchema>) {
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    /** docs/operations.md: the scraper's token (none: only staff read the metrics) and the leader's ledger check. */
    metrics: { token: env.METRICS_TOKEN, ledgerCheckMs: env.LEDGER_CHECK_MS },
    publicUrl: publicUrlOf(env),
    appSecret: env.APP_SECRET,
    dataDir: env.DATA_DIR,
    /** Items' product photos (docs/operator-console.md, "Item photos"): DATA_DIR/item-photos unless set; none with PGlite in memory (uploads refused). */
    itemPhotosDir: env.ITEM_PHOTOS_DIR || (env.DATA_DIR === 'memory://' ? '' : `${env.DATA_DIR}/item-photos`),
    /** `memory://` keeps PGlite in memory (tests); a directory keeps it on disk. */
    database: env.DATABASE_URL
      ? ({ kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE } as const)
      : ({ kind: 'pglite', dataDir: env.DATA_DIR === 'memory://' ? 'memory://' : `${env.DATA_DIR}/pglite`, sharedBuffers: env.PGLITE_SHARED_BUFFERS } as const),
    redisUrl: env.REDIS_URL,
    /** Namespaces this deployment's Redis channels (bus, socket.io adapter). */
    redisPrefix: env.REDIS_PREFIX,
    /** Demo credentials and codes: on by default outside production, never in production. */
    seedDemo: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    /** Serve the OpenAPI document and its viewer at /api/docs (docs/security.md: off in production by default). */
    apiDocs: env.API_DOCS ?? env.NODE_ENV !== 'production',
    clientDir: env.CLIENT_DIR,
    pushServices: env.PUSH_SERVICES,
    notificationDeliveryMs: env.NOTIFICATION_DELIVERY_MS,
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
    /** How often the chat's online count is taken (and pushed when it changed): server/realtime/onlineCount.ts. */
    onlineCountMs: env.ONLINE_COUNT_MS,
    /** Box battle pacing (docs/battles.md): a round every roundMs, its reel spinning spinMs of it, round 1 startDelayMs after the last seat fills. */
    battles: { roundMs: env.BATTLE_ROUND_MS, spinMs: env.BATTLE_SPIN_MS, startDelayMs: env.BATTLE_START_DELAY_MS, tickMs: env.BATTLE_TICK_MS, expireMs: env.BATTLE_EXPIRE_MS },
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
    accounts: {
      google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, authUrl: env.GOOGLE_AUTH_URL, tokenUrl: env.GOOGLE_TOKEN_URL, userinfoUrl: env.GOOGLE_USERINFO_URL } satisfies OAuthProviderSettings,
      facebook: { clientId: env.FACEBOOK_CLIENT_ID, clientSecret: env.FACEBOOK_CLIENT_SECRET, authUrl: env.FACEBOOK_AUTH_URL, tokenUrl: env.FACEBOOK_TOKEN_URL, userinfoUrl: env.FACEBOOK_USERINFO_URL } satisfies OAuthProviderSettings,
      steam: { openidUrl: env.STEAM_OPENID_URL, apiKey: env.STEAM_API_KEY },
      /** Where mails go without SMTP: DATA_DIR/outbox unless set (PGlite in memory has no DATA_DIR). */
      outboxDir: env.MAIL_OUTBOX_DIR || (env.DATA_DIR === 'memory://' ? '' : `${env.DATA_DIR}/outbox`),
      throttle: {
        loginMaxAttempts: env.LOGIN_MAX_ATTEMPTS,
        loginAddressMaxAttempts: env.LOGIN_ADDRESS_MAX_ATTEMPTS,
        loginDecaySeconds: env.LOGIN_DECAY_SECONDS,
        loginMaxLockoutSeconds: env.LOGIN_MAX_LOCKOUT_SECONDS,
        forgotDecaySeconds: env.FORGOT_DECAY_SECONDS,
        registerAddressMaxAttempts: env.REGISTER_ADDRESS_MAX_ATTEMPTS,
        registerDecaySeconds: env.REGISTER_DECAY_SECONDS,
      },
      captchaActions: { register: env.RECAPTCHA_ACTION_REGISTER, forgot: env.RECAPTCHA_ACTION_FORGOT },
      /** The login challenge: asked for once an account or an address has failed this often within LOGIN_MAX_LOCKOUT_SECONDS. */
      loginCaptcha: {
        provider: env.LOGIN_CAPTCHA_PROVIDER,
        siteKey: env.LOGIN_CAPTCHA_SITE_KEY,
        secret: env.LOGIN_CAPTCHA_SECRET,
        verifyUrl: env.LOGIN_CAPTCHA_VERIFY_URL ?? (env.LOGIN_CAPTCHA_PROVIDER === 'none' ? '' : SITEVERIFY_URLS[env.LOGIN_CAPTCHA_PROVIDER]),
        afterFailures: env.LOGIN_CAPTCHA_AFTER_FAILURES,
        addressAfterFailures: env.LOGIN_CAPTCHA_ADDRESS_AFTER_FAILURES,
      },
    },
    payments: {
      zen:
        env.ZEN_TERMINAL_UUID && env.ZEN_PAYWALL_SECRET && env.ZEN_IPN_SECRET
          ? { terminalUuid: env.ZEN_TERMINAL_UUID, paywallSecret: env.ZEN_PAYWALL_SECRET, ipnSecret: env.ZEN_IPN_SECRET, apiUrl: env.ZEN_API_URL, currency: env.ZEN_CURRENCY }
          : undefined,
      skinsback: env.SKINSBACK_SHOP_ID && env.SKINSBACK_SECRET ? { shopId: env.SKINSBACK_SHOP_ID, secret: env.SKINSBACK_SECRET, apiUrl: env.SKINSBACK_API_URL } : undefined,
      alphapo: env.ALPHAPO_KEY && env.ALPHAPO_SECRET ? { key: env.ALPHAPO_KEY, secret: env.ALPHAPO_SECRET, apiUrl: env.ALPHAPO_API_URL } : undefined,
      appSecret: env.APP_SECRET,
      publicUrl: publicUrlOf(env),
      /**
       * Whether the sandbox may stand in for a provider without keys: always outside production; in
       * production only with PAYMENTS_SANDBOX=true (it lets players credit themselves).
       */
      sandboxAllowed: env.NODE_ENV !== 'production' || env.PAYMENTS_SANDBOX === 'true',
    },
    fairChains: {
      length: env.FAIR_CHAIN_LENGTH ?? (env.NODE_ENV === 'test' ? TEST_CHAIN_LENGTH : DEFAULT_CHAIN_LENGTH),
      segmentSize: env.FAIR_CHAIN_SEGMENT,
      salts: { crash: env.FAIR_CRASH_SALT, wheel: env.FAIR_WHEEL_SALT },
      /** Test only: a known seed instead of a random one (every outcome computable in advance). */
      seed: env.FAIR_CHAIN_SEED,
    },
    /** Test only: players' server seeds from a known seed and the player's name (server/fair/seedPairs.ts). */
    fairPairSeed: env.FAIR_PAIR_SEED,
    /** Crash rounds (docs/crash.md): whether this deployment runs them, their timings in ms, limits in cents. */
    crash: {
      enabled: env.CRASH_ENABLED,
      timings: { bettingMs: env.CRASH_BETTING_MS, pendingMs: env.CRASH_PENDING_MS, pauseMs: env.CRASH_PAUSE_MS, tickMs: env.CRASH_TICK_MS },
      limits: { minBet: env.CRASH_MIN_BET, maxBet: env.CRASH_MAX_BET, maxPayoutPerBet: env.CRASH_MAX_PAYOUT, maxPayoutPerRound: env.CRASH_MAX_ROUND_PAYOUT },
    },
    /** Weekly leaderboard and daily cashback (docs/rewards.md); prizes and the minimum stake in cents. */
    rewards: {
      leaderboard: { prizes: { win_amount: env.LEADERBOARD_PRIZES, multiplier: env.LEADERBOARD_MULTIPLIER_PRIZES }, minMultiplierStake: env.LEADERBOARD_MIN_STAKE },
      checkMs: env.LEADERBOARD_CHECK_MS,
      /** Test only: the rewards' clock runs ahead by the milliseconds in this file (server/rewards/offsetClock.ts). */
      clockOffsetFile: env.REWARDS_CLOCK_OFFSET_FILE,
    },
    /** The affiliate programme (docs/community.md): the invitee's welcome reward in cents, 0 for none. */
    referrals: { inviteeRewardCents: env.REFERRAL_INVITEE_REWARD },
    /** The console (docs/operator-console.md, "Separation of duties"): credits above this (cents) need a second staff member. */
    console: { approvalAboveCents: env.ADJUSTMENT_APPROVAL_ABOVE },
    /** Digital code reveals held for review (docs/boxes.md): accounts younger than `accountDays` days, items above `aboveCents`. */
    codeReview: { accountDays: env.CODE_REVIEW_ACCOUNT_DAYS, aboveCents: env.CODE_REVIEW_ABOVE },
    /** Crazy Wheel rounds (docs/wheel.md): whether this deployment runs them, timings in ms, limits in cents. */
    wheel: {
      enabled: env.WHEEL_ENABLED,
      timings: { bettingMs: env.WHEEL_BETTING_MS, pendingMs: env.WHEEL_PENDING_MS, spinMs: env.WHEEL_SPIN_MS, pauseMs: env.WHEEL_PAUSE_MS },
      limits: { minBet: env.WHEEL_MIN_BET, maxBet: env.WHEEL_MAX_BET },
    },
    /** Test only: where the process kills itself (server/faultPoints.ts, the crash-safety suite). */
    faultPoint: env.FAULT_POINT ? { name: env.FAULT_POINT, after: env.FAULT_POINT_AFTER } : undefined,
  };
}

export type AccountSettings = Config['accounts'];
export type PaymentsConfig = Config['payments'];

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
    if (env.SEED_DEMO) problems.push('  SEED_DEMO: production never seeds the demo player and demo gift codes (known credentials); unset it or set false');
    if (env.FAULT_POINT) problems.push('  FAULT_POINT: a test-only crash point; never in production');
    if (env.REWARDS_CLOCK_OFFSET_FILE) problems.push('  REWARDS_CLOCK_OFFSET_FILE: a test-only clock; never in production');
    if (env.FAIR_CHAIN_SEED) problems.push('  FAIR_CHAIN_SEED: a test-only known chain (every round computable in advance); never in production');
    if (env.FAIR_PAIR_SEED) problems.push("  FAIR_PAIR_SEED: test-only known seed pairs (every player's bets computable in advance); never in production");
  }
  if (env.CAPTCHA_PROVIDER === 'recaptcha' && (!env.RECAPTCHA_SITE_KEY || !env.RECAPTCHA_SECRET)) {
    problems.push('  RECAPTCHA_SITE_KEY, RECAPTCHA_SECRET: required when CAPTCHA_PROVIDER=recaptcha');
  }
  if (env.LOGIN_CAPTCHA_PROVIDER !== 'none' && (!env.LOGIN_CAPTCHA_SITE_KEY || !env.LOGIN_CAPTCHA_SECRET)) {
    problems.push(`  LOGIN_CAPTCHA_SITE_KEY, LOGIN_CAPTCHA_SECRET: required when LOGIN_CAPTCHA_PROVIDER=${env.LOGIN_CAPTCHA_PROVIDER}`);
  }
  if (env.BATTLE_SPIN_MS >= env.BATTLE_ROUND_MS) problems.push('  BATTLE_SPIN_MS: must be less than BATTLE_ROUND_MS');
  if (env.CRASH_MIN_BET > env.CRASH_MAX_BET) problems.push('  CRASH_MIN_BET: must not be above CRASH_MAX_BET');
  // A bet must be able to reach the lowest auto cash-out (1.01×) within both payout caps.
  if (env.CRASH_MAX_PAYOUT * 100 < env.CRASH_MAX_BET * 101) problems.push('  CRASH_MAX_PAYOUT: must be at least 1.01 × CRASH_MAX_BET');
  if (env.CRASH_MAX_ROUND_PAYOUT < env.CRASH_MAX_PAYOUT) problems.push('  CRASH_MAX_ROUND_PAYOUT: must not be below CRASH_MAX_PAYOUT');
  if (env.WHEEL_MIN_BET > env.WHEEL_MAX_BET) problems.push('  WHEEL_MIN_BET: must not be above WHEEL_MAX_BET');
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return toConfig(env);
}
