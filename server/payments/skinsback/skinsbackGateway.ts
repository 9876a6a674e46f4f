import type { CallbackVerifier, CheckoutGateway, ParsedCallback } from '../gateway.ts';
import { GatewayUnavailable } from '../gateway.ts';
import { hmacHex, parseDecimalCents, safeEqualHex } from '../signing.ts';
import { parseJsonOrForm } from '../rawBody.ts';

// Skinsback (deposits by trading skins). Following its public API documentation:
// - POST {SKINSBACK_API_URL} (…/api.php) `method=create` with shopid, order_id, currency and the
//   result/success/fail URLs, signed: every scalar parameter except `sign`, sorted by key, written
//   as `key:value;` and HMAC-SHA1'd with the shop secret. The answer carries `url`.
// - The result callback carries status ('success' | 'fail'), transaction_id, order_id, amount
//   (the value of the skins actually traded) and `sign` computed the same way.

export interface SkinsbackKeys {
  shopId: string;
  secret: string;
  apiUrl: string;
}

export function skinsbackSign(params: Record<string, unknown>, secret: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== null && params[k] !== undefined && typeof params[k] !== 'object')
    .sort()
    .map((k) => `${k}:${String(params[k])};`)
    .join('');
  return hmacHex('sha1', secret, text);
}

const ORDER_REF = /^invoice-(\d+)$/;

export function createSkinsbackGateway(keys: SkinsbackKeys, fetchImpl: typeof fetch = fetch): CheckoutGateway & CallbackVerifier {
  return {
    provider: 'skinsback',
    async createCheckout(input) {
      const params: Record<string, string> = {
        method: 'create',
        shopid: keys.shopId,
        order_id: `invoice-${input.invoiceId}`,
        currency: 'usd',
        result_url: input.callbackUrl,
        success_url: input.returnUrl,
        fail_url: input.returnUrl,
      };
      params.sign = skinsbackSign(params, keys.secret);
      const response = await fetchImpl(keys.apiUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params) });
      const answer = (await response.json().catch(() => null)) as { status?: string; url?: string } | null;
      if (!response.ok || answer?.status !== 'success' || !answer.url) throw new GatewayUnavailable(`skinsback create failed with ${response.status}`);
      return { redirectUrl: answer.url };
    },
    verify(rawBody, headers) {
      const body = parseJsonOrForm(rawBody, headers['content-type']);
      if (!body || typeof body.sign !== 'string') return false;
      return safeEqualHex(skinsbackSign(body, keys.secret), body.sign);
    },
    parse(rawBody, headers): ParsedCallback {
      const body = parseJsonOrForm(rawBody, headers['content-type'])!;
      const ref = ORDER_REF.exec(String(body.order_id));
      if (!ref) return { kind: 'ignore', reason: 'unknown order_id' };
      const txId = String(body.transaction_id ?? body.order_id);
      const amountCents = parseDecimalCents(body.amount) ?? undefined;
      if (body.status === 'success') return { kind: 'event', event: { providerTxId: `${txId}:paid`, status: 'paid', invoiceId: Number(ref[1]), amountCents, amountIsFinal: true } };
      if (body.status === 'fail') return { kind: 'event', event: { providerTxId: `${txId}:rejected`, status: 'rejected', invoiceId: Number(ref[1]) } };
      return { kind: 'ignore', reason: `status ${String(body.status)}` };
    },
    acknowledge() {
      return { status: 200, body: { status: 'success' } };
    },
  };
}
