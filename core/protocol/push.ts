import { z } from 'zod';
import { NOTIFICATION_KINDS } from './notificationEvents.ts';

// Web push (docs/community.md, "Web push"):
//   GET  /api/push/key                      → {data: {public_key}} (public: the server's VAPID key)
//   GET  /api/push/subscriptions            → {data: [{endpoint, kinds}]} (the player's browsers)
//   PUT  /api/push/subscriptions {endpoint, keys: {p256dh, auth}, kinds} → {data: {endpoint, kinds}}
//   POST /api/push/subscriptions/remove {endpoint} → {data: [{endpoint, kinds}]}

export const PUSH_MSG = {
  service: 'This browser’s push service is not supported.',
  keys: 'The subscription’s keys are not valid.',
} as const;

/** At most this many browsers per player: a new one beyond it replaces the oldest. */
export const PUSH_BROWSERS_MAX = 10;

const endpoint = z.url({ error: PUSH_MSG.service }).max(1000, PUSH_MSG.service);
// A P-256 public key (65 bytes) and a 16-byte secret, base64url without padding.
const p256dh = z.string().regex(/^[A-Za-z0-9_-]{87}$/, PUSH_MSG.keys);
const auth = z.string().regex(/^[A-Za-z0-9_-]{22}$/, PUSH_MSG.keys);
const kinds = z.array(z.enum(NOTIFICATION_KINDS)).min(1).max(NOTIFICATION_KINDS.length);

export const PushKeyAnswerSchema = z.object({ data: z.object({ public_key: z.string() }) });
export const PushSubscriptionSchema = z.object({ endpoint, keys: z.object({ p256dh, auth }), kinds });
export const PushEndpointSchema = z.object({ endpoint });
const PushBrowserSchema = z.object({ endpoint: z.string(), kinds: z.array(z.enum(NOTIFICATION_KINDS)) });
export const PushBrowserAnswerSchema = z.object({ data: PushBrowserSchema });
export const PushBrowsersAnswerSchema = z.object({ data: z.array(PushBrowserSchema) });
