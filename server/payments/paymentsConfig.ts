import { z } from 'zod';
import type { Config } from '../config.ts';

// Gateway keys come from the environment (config.raw). A provider is live only when all of its
// keys are set; otherwise the sandbox takes its place (card and skins: our checkout page; crypto:
// locally generated addresses, callbacks signed with APP_SECRET). See README's configuration table.

const opt = z.string().trim().optional().transform((v) => (v ? v : undefined));

const Schema = z.object({
  ZEN_TERMINAL_UUID: opt,
  ZEN_PAYWALL_SECRET: opt,
  ZEN_IPN_SECRET: opt,
  ZEN_API_URL: z.url().default('https://secure.zen.com/api/checkouts'),
  ZEN_CURRENCY: z.string().default('USD'),
  SKINSBACK_SHOP_ID: opt,
  SKINSBACK_SECRET: opt,
  SKINSBACK_API_URL: z.url().default('https://skinsback.com/api.php'),
  ALPHAPO_KEY: opt,
  ALPHAPO_SECRET: opt,
  ALPHAPO_API_URL: z.url().default('https://app.alphapo.net/api/v2'),
  PAYMENTS_SANDBOX: z.enum(['true', 'false', '']).optional(),
});

export interface PaymentsConfig {
  zen?: { terminalUuid: string; paywallSecret: string; ipnSecret: string; apiUrl: string; currency: string };
  skinsback?: { shopId: string; secret: string; apiUrl: string };
  alphapo?: { key: string; secret: string; apiUrl: string };
  appSecret: string;
  publicUrl: string;
  /**
   * Whether the sandbox may stand in for a provider without keys: always outside production; in
   * production only with PAYMENTS_SANDBOX=true (it lets players credit themselves).
   */
  sandboxAllowed: boolean;
}

export function paymentsConfig(config: Config): PaymentsConfig {
  const env = Schema.parse(Object.fromEntries(Object.entries(config.raw).filter(([k]) => k.startsWith('ZEN_') || k.startsWith('SKINSBACK_') || k.startsWith('ALPHAPO_') || k === 'PAYMENTS_SANDBOX')));
  return {
    zen:
      env.ZEN_TERMINAL_UUID && env.ZEN_PAYWALL_SECRET && env.ZEN_IPN_SECRET
        ? { terminalUuid: env.ZEN_TERMINAL_UUID, paywallSecret: env.ZEN_PAYWALL_SECRET, ipnSecret: env.ZEN_IPN_SECRET, apiUrl: env.ZEN_API_URL, currency: env.ZEN_CURRENCY }
        : undefined,
    skinsback: env.SKINSBACK_SHOP_ID && env.SKINSBACK_SECRET ? { shopId: env.SKINSBACK_SHOP_ID, secret: env.SKINSBACK_SECRET, apiUrl: env.SKINSBACK_API_URL } : undefined,
    alphapo: env.ALPHAPO_KEY && env.ALPHAPO_SECRET ? { key: env.ALPHAPO_KEY, secret: env.ALPHAPO_SECRET, apiUrl: env.ALPHAPO_API_URL } : undefined,
    appSecret: config.appSecret,
    publicUrl: config.publicUrl,
    sandboxAllowed: config.env !== 'production' || env.PAYMENTS_SANDBOX === 'true',
  };
}
