import type { PaymentsConfig } from '../config.ts';
import type { CallbackVerifier, CheckoutGateway, CryptoGateway } from './gateway.ts';
import { createZenGateway } from './zen/zenGateway.ts';
import { createSkinsbackGateway } from './skinsback/skinsbackGateway.ts';
import { createAlphapoGateway } from './alphapo/alphapoGateway.ts';
import { createSandboxCheckout, createSandboxCrypto } from './sandbox/sandboxGateway.ts';
import { GatewayUnavailable } from './gateway.ts';

// Which adapter serves each deposit method, chosen once in buildApp from the configured keys
// (`app.payments`).

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

export function createPaymentGateways(cfg: PaymentsConfig): PaymentGateways {
  const sandbox = createSandboxCheckout(cfg.appSecret);
  // Production without keys and without PAYMENTS_SANDBOX=true: the method answers 'not available'.
  const unavailable = {
    provider: 'unavailable',
    async createCheckout(): Promise<never> {
      throw new GatewayUnavailable('no keys configured and the sandbox is not allowed');
    },
    async takeAddress(): Promise<never> {
      throw new GatewayUnavailable('no keys configured and the sandbox is not allowed');
    },
  };
  const fallbackCheckout = cfg.sandboxAllowed ? sandbox : unavailable;
  const zen = cfg.zen ? createZenGateway(cfg.zen) : undefined;
  const skinsback = cfg.skinsback ? createSkinsbackGateway(cfg.skinsback) : undefined;
  // Without Alphapo keys the crypto sandbox signs Alphapo-shaped callbacks with APP_SECRET.
  const alphapo = createAlphapoGateway(cfg.alphapo ?? { key: 'sandbox', secret: cfg.appSecret, apiUrl: 'http://sandbox.invalid' });
  const callbacks = new Map<string, CallbackVerifier>();
  if (cfg.alphapo || cfg.sandboxAllowed) callbacks.set('alphapo', alphapo);
  if ((!zen || !skinsback) && cfg.sandboxAllowed) callbacks.set('sandbox', sandbox);
  if (zen) callbacks.set('zen', zen);
  if (skinsback) callbacks.set('skinsback', skinsback);
  return {
    card: zen ?? fallbackCheckout,
    skins: skinsback ?? fallbackCheckout,
    crypto: cfg.alphapo ? alphapo : cfg.sandboxAllowed ? createSandboxCrypto() : unavailable,
    callbacks,
    checkoutSandbox: (!zen || !skinsback) && cfg.sandboxAllowed,
    cryptoSandbox: !cfg.alphapo && cfg.sandboxAllowed,
    appSecret: cfg.appSecret,
    publicUrl: cfg.publicUrl,
  };
}
