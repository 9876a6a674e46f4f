import type { IncomingHttpHeaders } from 'node:http';

// One interface for every payment provider. A provider plays up to three roles:
// - checkout (card, skins): creates a hosted payment page for an invoice and returns its URL;
// - crypto: hands out a deposit address for a player and currency;
// - callbacks: verifies a notification over its RAW body and turns it into a PaymentEvent.
// The crediting pipeline (settlePayment.ts) never knows which provider it is talking to.

export interface PaymentEvent {
  /** The provider's id of this event: the deduplication key, UNIQUE per provider. */
  providerTxId: string;
  status: 'paid' | 'rejected' | 'reversed';
  /** Card and skins events name our invoice. */
  invoiceId?: number;
  /** Crypto events name the deposit address instead; the invoice is created on arrival. */
  address?: string;
  /** Amount the provider reports, in cents (USD). */
  amountCents?: number;
  /** Skins: the value of the skins actually traded replaces the amount asked for. */
  amountIsFinal?: boolean;
  /**
   * What paid, as the provider identifies it: the card's token (never its number) or the Steam
   * account whose skins were traded. A credited deposit marks the account with it (docs/risk.md).
   */
  payer?: { kind: 'card' | 'skins_account'; id: string };
}

export type ParsedCallback = { kind: 'event'; event: PaymentEvent } | { kind: 'ignore'; reason: string };

export interface CallbackVerifier {
  /** The {gateway} segment of /api/payments/{gateway}/callback. */
  readonly provider: string;
  verify(rawBody: Buffer, headers: IncomingHttpHeaders): boolean;
  parse(rawBody: Buffer, headers: IncomingHttpHeaders): ParsedCallback;
  /** What the provider expects back once we have the event (or a duplicate of it). */
  acknowledge(): { status: number; body: unknown };
}

export interface CheckoutInput {
  invoiceId: number;
  amountCents: number;
  user: { id: number; email: string; name: string };
  /** Where the provider sends the browser back (the page the player came from, else their deposits). */
  returnUrl: string;
  /** The page the player came from, when the client named it (the sandbox returns there too). */
  returnPath?: string;
  /** Our callback URL for this provider. */
  callbackUrl: string;
}

export interface CheckoutGateway {
  /** Stored on the invoice; its callbacks arrive at /api/payments/{provider}/callback. */
  readonly provider: string;
  createCheckout(input: CheckoutInput): Promise<{ redirectUrl: string }>;
}

export interface CryptoGateway {
  readonly provider: string;
  /** A new deposit address for this player and currency (callers store and reuse it). */
  takeAddress(userId: number, currency: string): Promise<string>;
}

export class GatewayUnavailable extends Error {}
