import { z } from 'zod';
import { pagedSchema } from './paged.ts';
import { blankIsUnset } from './adminPlayers.ts';
import { SUPPORT_CATEGORIES, SUPPORT_STATUSES, supportMessage, supportMessageRequest, supportTicketDetail, supportTicket } from './support.ts';

// The console's support queue (docs/operator-console.md, "Support"): tickets by status and category,
// a ticket with the player's messages and the operators' internal notes, and the operator's actions.
// A reply reaches the player (live and by mail); a note never does.

export const SUPPORT_QUEUE_PER_PAGE = 25;

/** GET /api/admin/support/tickets */
export const SupportQueueQuerySchema = z.object({
  status: blankIsUnset(z.enum(SUPPORT_STATUSES, { error: `The status must be one of ${SUPPORT_STATUSES.join(', ')}.` })),
  category: blankIsUnset(z.enum(SUPPORT_CATEGORIES, { error: `The category must be one of ${SUPPORT_CATEGORIES.join(', ')}.` })),
  user_id: blankIsUnset(z.coerce.number().int().min(1)),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type SupportQueueQuery = z.input<typeof SupportQueueQuerySchema>;

/** A ticket in the queue with its player and their risk score (linked accounts, docs/risk.md). */
export const SupportQueueRowSchema = supportTicket.extend({ user_id: z.number(), name: z.string(), email: z.string(), risk_score: z.number().int() });
export type SupportQueueRow = z.infer<typeof SupportQueueRowSchema>;
export const SupportQueuePageSchema = pagedSchema(SupportQueueRowSchema);

export const SupportNoteSchema = z.object({ id: z.number(), author: z.string(), note: z.string(), created_at: z.string() });
export type SupportNote = z.infer<typeof SupportNoteSchema>;

/** GET /api/admin/support/tickets/{id} */
export const AdminTicketSchema = supportTicketDetail.extend({ user_id: z.number(), name: z.string(), email: z.string(), notes: z.array(SupportNoteSchema) });
export type AdminTicket = z.infer<typeof AdminTicketSchema>;

/** POST /api/admin/support/tickets/{id}/replies: the player's form's rules. */
export const SupportReplyBodySchema = supportMessageRequest;
/** POST /api/admin/support/tickets/{id}/notes */
export const SupportNoteBodySchema = z.object({ note: supportMessageRequest.shape.message });
export type SupportNoteBody = z.input<typeof SupportNoteBodySchema>;

/** POST /api/admin/support/tickets/:id/replies: the console's message and the reply as the player sees it. */
export const AdminReplyAnswerSchema = z.object({ message: z.string(), data: supportMessage });
