import { createHash, randomBytes } from 'node:crypto';
import type { CallbackVerifier, CheckoutGateway, CryptoGateway, ParsedCallback } from '../gateway.ts';
import { hmacHex, safeEqualHex, headerValue, decimalAmount } from '../signing.ts';
import { parseJsonObject } from '../rawBody.ts';
import { alphapoSignature } from '../alphapo/alphapoGateway.ts';
import { DEPOSIT_RETURN_PARAM } from '../../../core/protocol/deposit.ts';

// The sandbox stands in for the providers when no keys are configured (the embedded default and
// tests). Card and skins checkouts go to our own page /sandbox/checkout/{invoiceId}; completing it
// posts a callback signed with HMAC-SHA256(APP_SECRET) to /api/payments/sandbox/callback, so it
// takes the very path (raw body, signature check, dedup, crediting) a real provider's does.
// Crypto addresses are generated here; a simulated transfer is an Alphapo-shaped callback signed
// like Alphapo's (HMAC-SHA512 in X-Processing-Signature) with APP_SECRET as the secret.

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

export interface SandboxCallbackBody {
  invoice_id: number;
  transaction_id: string;
  status: 'paid' | 'rejected';
  amount: string;
  /** A card checkout's card as a provider tokenizes it: one token per card number, never the number. */
  card_token?: string;
  /** A skins checkout's Steam account (SteamID64). */
  steam_id?: string;
}

/** The sandbox's token of a card number: stable per card, as a provider's card fingerprint. */
export function sandboxCardToken(cardNumber: string): string {
  return `tok_${createHash('sha256').update(cardNumber.replace(/\D/g, '')).digest('hex').slice(0, 24)}`;
}

export function createSandboxCheckout(appSecret: string): CheckoutGateway & CallbackVerifier {
  return {
    provider: 'sandbox',
    async createCheckout(input) {
      // Back to the page the player came from; home (the page's default) needs no parameter.
      const back = input.returnPath && input.returnPath !== '/' ? `?${DEPOSIT_RETURN_PARAM}=${encodeURIComponent(input.returnPath)}` : '';
      return { redirectUrl: `/sandbox/checkout/${input.invoiceId}${back}` };
    },
    verify(rawBody, headers) {
      return safeEqualHex(hmacHex('sha256', appSecret, rawBody), headerValue(headers[SANDBOX_SIGNATURE_HEADER]));
    },
    parse(rawBody): ParsedCallback {
      const body = parseJsonObject(rawBody) as Partial<SandboxCallbackBody> | null;
      if (!body || typeof body.invoice_id !== 'number' || typeof body.transaction_id !== 'string') return { kind: 'ignore', reason: 'incomplete' };
      if (body.status !== 'paid' && body.status !== 'rejected') return { kind: 'ignore', reason: `status ${String(body.status)}` };
      const payer = typeof body.card_token === 'string' ? { kind: 'card' as const, id: body.card_token } : typeof body.steam_id === 'string' ? { kind: 'skins_account' as const, id: body.steam_id } : undefined;
      return { kind: 'event', event: { providerTxId: body.transaction_id, status: body.status, invoiceId: body.invoice_id, ...(payer && { payer }) } };
    },
    acknowledge() {
      return { status: 200, body: { status: 'ok' } };
    },
  };
}

/** A signed sandbox checkout callback: the raw body and its headers. */
export function signedSandboxCallback(appSecret: string, invoice: { id: number; amount: number }, status: 'paid' | 'rejected', payer: Pick<SandboxCallbackBody, 'card_token' | 'steam_id'> = {}) {
  const body: SandboxCallbackBody = { invoice_id: invoice.id, transaction_id: `sandbox-${invoice.id}`, status, amount: decimalAmount(invoice.amount), ...payer };
  const raw = JSON.stringify(body);
  return { raw, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: hmacHex('sha256', appSecret, raw) } };
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function base58(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += BASE58[b % BASE58.length];
  return out;
}

/** Addresses shaped like each network's, so the page looks real; they are not spendable. */
export function sandboxAddress(currency: string): string {
  switch (currency) {
    case 'BTC':
      return `bc1q${randomBytes(20).toString('hex').slice(0, 38)}`;
    case 'ETH':
    case 'USDTE':
    case 'BNB-BSC':
      return `0x${randomBytes(20).toString('hex')}`;
    case 'USDTT':
    case 'TRX':
      return `T${base58(33)}`;
    case 'LTC':
      return `ltc1q${randomBytes(20).toString('hex').slice(0, 38)}`;
    case 'DOGE':
      return `D${base58(33)}`;
    case 'BCH':
      return `bitcoincash:q${randomBytes(20).toString('hex')}`;
    default:
      return base58(44);
  }
}

export function createSandboxCrypto(): CryptoGateway {
  return {
    provider: 'sandbox',
    async takeAddress(_userId, currency) {
      return sandboxAddress(currency);
    },
  };
}

let transferCounter = 0;
/** A confirmed Alphapo deposit callback for a simulated transfer of `usdCents` to `address`. */
export function signedSandboxCryptoCallback(appSecret: string, address: { address: string; currency: string }, usdCents: number) {
  transferCounter += 1;
  // An id as Alphapo's, but past 2^53: it stays a string of digits end to end (rawBody.ts), so
  // transfers made in the same millisecond never round to one id.
  const id = `${Date.now()}${String(transferCounter).padStart(4, '0')}`;
  const amount = decimalAmount(usdCents);
  const body = {
    id,
    type: 'deposit',
    crypto_address: { id: 0, currency: address.currency, address: address.address, foreign_id: null, tag: null },
    // The sandbox "converts to USD" as an Alphapo address created with convert_to would.
    currency_sent: { currency: address.currency, amount },
    currency_received: { currency: 'USD', amount, amount_minus_fee: amount },
    transactions: [{ id, currency: address.currency, transaction_type: 'blockchain', type: 'deposit', address: address.address, tag: null, amount, txid: randomBytes(32).toString('hex'), confirmations: 3 }],
    fees: [],
    error: '',
    status: 'confirmed',
  };
  const raw = JSON.stringify(body);
  return { raw, headers: { 'content-type': 'application/json', 'x-processing-key': 'sandbox', 'x-processing-signature': alphapoSignature(raw, appSecret) } };
}
