import type { FastifyInstance } from 'fastify';
import type { CallbackVerifier, CheckoutGateway, CryptoGateway } from './gateway.ts';
import { paymentsConfig } from './paymentsConfig.ts';
import { createZenGateway } from './zen/zenGateway.ts';
import { createSkinsbackGateway } from './skinsback/skinsbackGateway.ts';
import { createAlphapoGateway } from './alphapo/alphapoGateway.ts';
import { createSandboxCheckout, createSandboxCrypto } from './sandbox/sandboxGateway.ts';

// Which adapter serves each deposit method, chosen once per app from the configured keys.

export interface PaymentGateways {
  card: CheckoutGateway;
  skins: CheckoutGateway;
  crypto: CryptoGateway;
  /** Callback verifiers by the {gateway} segment of /api/payments/{gateway}/callback. */
  callbacks: Map<string, CallbackVerifier>;
  /** True while card or skins are served by the sandbox: its checkout endpoints exist only then. */
  checkoutSandbox: boolean;
  cryptoSandbox: boolean;
  appSecret: string;
  publicUrl: string;
}

// Keyed by the config object, which every plugin scope of one app shares.
const cache = new WeakMap<object, PaymentGateways>();

export function paymentGateways(app: FastifyInstance): PaymentGateways {
  const cached = cache.get(app.config);
  if (cached) return cached;
  const cfg = paymentsConfig(app.config);
  const sandbox = createSandboxCheckout(cfg.appSecret);
  const zen = cfg.zen ? createZenGateway(cfg.zen) : undefined;
  const skinsback = cfg.skinsback ? createSkinsbackGateway(cfg.skinsback) : undefined;
  // Without Alphapo keys the crypto sandbox signs Alphapo-shaped callbacks with APP_SECRET.
  const alphapo = createAlphapoGateway(cfg.alphapo ?? { key: 'sandbox', secret: cfg.appSecret, apiUrl: 'http://sandbox.invalid' });
  const callbacks = new Map<string, CallbackVerifier>([['alphapo', alphapo]]);
  if (!zen || !skinsback) callbacks.set('sandbox', sandbox);
  if (zen) callbacks.set('zen', zen);
  if (skinsback) callbacks.set('skinsback', skinsback);
  const gateways: PaymentGateways = {
    card: zen ?? sandbox,
    skins: skinsback ?? sandbox,
    crypto: cfg.alphapo ? alphapo : createSandboxCrypto(),
    callbacks,
    checkoutSandbox: !zen || !skinsback,
    cryptoSandbox: !cfg.alphapo,
    appSecret: cfg.appSecret,
    publicUrl: cfg.publicUrl,
  };
  cache.set(app.config, gateways);
  return gateways;
}
