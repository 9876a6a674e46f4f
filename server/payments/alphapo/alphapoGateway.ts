import type { CallbackVerifier, CryptoGateway, ParsedCallback } from '../gateway.ts';
import { GatewayUnavailable } from '../gateway.ts';
import { hmacHex, safeEqualHex, headerValue } from '../signing.ts';
import { parseJsonObject } from '../rawBody.ts';
import { cryptoCurrency } from '../../../core/protocol/deposit.ts';
import { cryptoCents } from '../../../core/protocol/cryptoQuote.ts';

// Alphapo / CoinsPaid crypto processing. Following its public API documentation:
// - Requests: JSON body with headers X-Processing-Key (public key) and X-Processing-Signature =
//   HMAC-SHA512 of the exact body with the secret key, hex. `POST /addresses/take {currency,
//   foreign_id}` answers `{data: {address, ...}}`.
// - Callbacks: the same two headers, signature over the RAW body. A deposit callback has
//   type 'deposit', status 'not_confirmed' then 'confirmed', crypto_address.address and
//   currency_received {currency, amount, amount_minus_fee}; its `id` identifies the transaction.
// The crypto sandbox uses this very adapter with APP_SECRET as the secret.

export interface AlphapoKeys {
  key: string;
  secret: string;
  apiUrl: string;
}

/** USD value in cents of an amount received in `currency` (stablecoins and USD 1:1). */
export function usdCents(currency: string, amount: string): number | null {
  if (!/^\d+(\.\d+)?$/.test(amount)) return null;
  const units = Number(amount);
  if (currency === 'USD' || currency === 'USDTE' || currency === 'USDTT') return Math.floor(units * 100 + 1e-6);
  const known = cryptoCurrency(currency);
  if (!known) return null;
  return cryptoCents(units, { rate_from: 1, rate_to: known.usdRate });
}

export function alphapoSignature(rawBody: Buffer | string, secret: string): string {
  return hmacHex('sha512', secret, rawBody);
}

export function createAlphapoGateway(keys: AlphapoKeys, fetchImpl: typeof fetch = fetch): CryptoGateway & CallbackVerifier {
  return {
    provider: 'alphapo',
    async takeAddress(userId, currency) {
      const body = JSON.stringify({ currency, foreign_id: `user-${userId}` });
      const response = await fetchImpl(`${keys.apiUrl}/addresses/take`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-processing-key': keys.key, 'x-processing-signature': alphapoSignature(body, keys.secret) },
        body,
      });
      const answer = (await response.json().catch(() => null)) as { data?: { address?: string } } | null;
      if (!response.ok || !answer?.data?.address) throw new GatewayUnavailable(`alphapo addresses/take failed with ${response.status}`);
      return answer.data.address;
    },
    verify(rawBody, headers) {
      return safeEqualHex(alphapoSignature(rawBody, keys.secret), headerValue(headers['x-processing-signature']));
    },
    parse(rawBody): ParsedCallback {
      const body = parseJsonObject(rawBody);
      if (!body) return { kind: 'ignore', reason: 'not json' };
      if (body.type !== 'deposit') return { kind: 'ignore', reason: `type ${String(body.type)}` };
      if (body.status !== 'confirmed') return { kind: 'ignore', reason: `status ${String(body.status)}` };
      const address = (body.crypto_address as { address?: unknown } | undefined)?.address;
      const received = body.currency_received as { currency?: unknown; amount?: unknown; amount_minus_fee?: unknown } | undefined;
      if (typeof address !== 'string' || !received || typeof received.currency !== 'string') return { kind: 'ignore', reason: 'incomplete deposit' };
      const amount = String(received.amount_minus_fee ?? received.amount ?? '');
      const cents = usdCents(received.currency, amount);
      if (cents === null) return { kind: 'ignore', reason: `unknown amount ${received.currency} ${amount}` };
      return { kind: 'event', event: { providerTxId: `deposit:${String(body.id)}`, status: 'paid', address, amountCents: cents, amountIsFinal: true } };
    },
    acknowledge() {
      return { status: 200, body: { status: 'ok' } };
    },
  };
}
