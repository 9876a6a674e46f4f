import { z } from 'zod';
import { HARM_MESSAGES, NOTIFIED_CREDITS, type HarmMarker, type NotifiedCredit } from './notificationEvents.ts';

// The notifications centre's calls (docs/community.md, "Notifications"):
//   GET  /api/notifications        → {data: {items: PlayerNotification[] (newest first, at most 50), unread}}
//   POST /api/notifications/read {ids?} → the same answer after marking them (no ids: all) read
// A notification's wording is core/protocol/notificationEvents.ts's notificationText.

export const NOTIFICATIONS_LISTED = 50;

const common = { id: z.number(), created_at: z.string(), read: z.boolean() };
export const NotificationSchema = z.discriminatedUnion('kind', [
  z.object({ ...common, kind: z.literal('credit'), data: z.object({ reason: z.enum(Object.keys(NOTIFIED_CREDITS) as [NotifiedCredit, ...NotifiedCredit[]]), amount: z.number() }) }),
  z.object({ ...common, kind: z.literal('mention'), data: z.object({ from: z.string(), room: z.string(), text: z.string() }) }),
  z.object({ ...common, kind: z.literal('support_reply'), data: z.object({ ticket_id: z.number(), subject: z.string() }) }),
  z.object({ ...common, kind: z.literal('withdrawal_step'), data: z.object({ withdrawal_id: z.number(), type: z.enum(['delivery', 'crypto']), status_title: z.string() }) }),
  z.object({ ...common, kind: z.literal('level_up'), data: z.object({ level: z.number() }) }),
  z.object({ ...common, kind: z.literal('wellbeing'), data: z.object({ marker: z.enum(Object.keys(HARM_MESSAGES) as [HarmMarker, ...HarmMarker[]]) }) }),
  z.object({ ...common, kind: z.literal('kyc'), data: z.object({ approved: z.boolean() }) }),
]);

export const NotificationsAnswerSchema = z.object({ data: z.object({ items: z.array(NotificationSchema), unread: z.number() }) });

export const NotificationsReadSchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(NOTIFICATIONS_LISTED).optional() });
