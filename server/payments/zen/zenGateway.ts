import type { CallbackVerifier, CheckoutGateway, ParsedCallback } from '../gateway.ts';
import { GatewayUnavailable } from '../gateway.ts';
import { decimalAmount, parseDecimalCents, safeEqualHex, sha256Hex } from '../signing.ts';
import { parseJsonObject as parseJson } from '../rawBody.ts';

// ZEN.COM hosted checkout. Following ZEN's public documentation:
// - POST {ZEN_API_URL} (…/api/checkouts) with terminalUuid, amount, currency, merchantTransactionId,
//   customer, items, urls and `signature` = sha256(sorted, flattened `key=value` pairs joined by '&',
//   lower-cased, followed by the paywall secret) + ';sha256'; the answer carries redirectUrl.
// - The IPN (JSON) carries merchantTransactionId, currency, amount, status and
//   hash = SHA256(merchantTransactionId + currency + amount + status + ipnSecret) in upper case;
//   it expects `{"status":"ok"}` back.

export interface ZenKeys {
  terminalUuid: string;
  paywallSecret: string;
  ipnSecret: string;
  apiUrl: string;
  currency: string;
}

function flatten(value: unknown, prefix: string, out: [string, string][]): void {
  if (Array.isArray(value)) value.forEach((v, i) => flatten(v, `${prefix}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  else if (value !== undefined && value !== null) out.push([prefix, String(value)]);
}

export function zenCheckoutSignature(body: Record<string, unknown>, paywallSecret: string): string {
  const pairs: [string, string][] = [];
  flatten(body, '', pairs);
  const text = pairs
    .map(([k, v]) => `${k}=${v}`.toLowerCase())
    .sort()
    .join('&');
  return `${sha256Hex(text + paywallSecret)};sha256`;
}

export function zenIpnHash(p: { merchantTransactionId: string; currency: string; amount: string; status: string }, ipnSecret: string): string {
  return sha256Hex(p.merchantTransactionId + p.currency + p.amount + p.status + ipnSecret).toUpperCase();
}

const INVOICE_REF = /^invoice-(\d+)$/;

export function createZenGateway(keys: ZenKeys, fetchImpl: typeof fetch = fetch): CheckoutGateway & CallbackVerifier {
  return {
    provider: 'zen',
    async createCheckout(input) {
      const body: Record<string, unknown> = {
        terminalUuid: keys.terminalUuid,
        amount: decimalAmount(input.amountCents),
        currency: keys.currency,
        merchantTransactionId: `invoice-${input.invoiceId}`,
        customer: { id: String(input.user.id), firstName: input.user.name, lastName: input.user.name, email: input.user.email },
        items: [{ code: 'coins', name: 'Coins', price: decimalAmount(input.amountCents), quantity: 1, lineAmountTotal: decimalAmount(input.amountCents) }],
        urlRedirect: input.returnUrl,
        urlSuccess: input.returnUrl,
        urlFailure: input.returnUrl,
        customIpnUrl: input.callbackUrl,
      };
      body.signature = zenCheckoutSignature(body, keys.paywallSecret);
      const response = await fetchImpl(keys.apiUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const answer = (await response.json().catch(() => null)) as { redirectUrl?: string } | null;
      if (!response.ok || !answer?.redirectUrl) throw new GatewayUnavailable(`zen checkout failed with ${response.status}`);
      return { redirectUrl: answer.redirectUrl };
    },
    verify(rawBody) {
      const body = parseJson(rawBody);
      if (!body) return false;
      const { merchantTransactionId, currency, amount, status, hash } = body;
      if (![merchantTransactionId, currency, amount, status].every((v) => typeof v === 'string' || typeof v === 'number')) return false;
      const expected = zenIpnHash({ merchantTransactionId: String(merchantTransactionId), currency: String(currency), amount: String(amount), status: String(status) }, keys.ipnSecret);
      return safeEqualHex(expected, typeof hash === 'string' ? hash : null);
    },
    parse(rawBody): ParsedCallback {
      const body = parseJson(rawBody)!;
      const ref = INVOICE_REF.exec(String(body.merchantTransactionId));
      if (!ref) return { kind: 'ignore', reason: 'unknown merchantTransactionId' };
      const status = String(body.status).toUpperCase();
      const type = String(body.type ?? '').toUpperCase();
      const amountCents = parseDecimalCents(body.amount) ?? undefined;
      const txId = String(body.transactionId ?? body.merchantTransactionId);
      if (type === 'REFUND' || status === 'REFUNDED' || status === 'CHARGEBACK') {
        return { kind: 'event', event: { providerTxId: `${txId}:reversed`, status: 'reversed', invoiceId: Number(ref[1]), amountCents } };
      }
      if (status === 'ACCEPTED' || status === 'PAID') return { kind: 'event', event: { providerTxId: `${txId}:paid`, status: 'paid', invoiceId: Number(ref[1]), amountCents } };
      if (status === 'REJECTED' || status === 'CANCELED' || status === 'CANCELLED') {
        return { kind: 'event', event: { providerTxId: `${txId}:rejected`, status: 'rejected', invoiceId: Number(ref[1]), amountCents } };
      }
      return { kind: 'ignore', reason: `status ${status}` };
    },
    acknowledge() {
      return { status: 200, body: { status: 'ok' } };
    },
  };
}
