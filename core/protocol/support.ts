import { z } from 'zod';

// Support tickets (docs/community.md): the limits and messages shared by the forms and the
// routes, and the answers of /api/support/tickets (one zod schema each, the pages' types by z.infer).
export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
export const SUPPORT_CATEGORIES = ['account', 'deposit', 'withdrawal', 'delivery', 'games', 'other'] as const;
export const SUPPORT_CATEGORY_TITLES: Record<(typeof SUPPORT_CATEGORIES)[number], string> = {
  account: 'Account',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  delivery: 'Delivery',
  games: 'Games',
  other: 'Other',
};
export const SUPPORT_LIMITS = { subjectMin: 3, subjectMax: 120, messageMin: 10, messageMax: 5000 } as const;

// Control characters other than tab and line breaks are dropped: they only hide or garble text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const text = (min: number, max: number, field: string) =>
  z
    .string({ error: `The ${field} field is required.` })
    .transform((value) => value.replace(CONTROL, '').replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(min, { error: `The ${field} must be at least ${min} characters.` })
        .max(max, { error: `The ${field} may not be greater than ${max} characters.` }),
    );

export const supportMessageRequest = z.object({ message: text(SUPPORT_LIMITS.messageMin, SUPPORT_LIMITS.messageMax, 'message') });
export type SupportMessageRequest = z.input<typeof supportMessageRequest>;
export const supportTicketRequest = supportMessageRequest.extend({
  subject: text(SUPPORT_LIMITS.subjectMin, SUPPORT_LIMITS.subjectMax, 'subject'),
  category: z.enum(SUPPORT_CATEGORIES, { error: 'The selected category is invalid.' }),
});
export type SupportTicketRequest = z.input<typeof supportTicketRequest>;

export const supportTicket = z.object({
  id: z.number().int(),
  subject: z.string(),
  category: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SupportTicket = z.infer<typeof supportTicket>;
export const supportMessage = z.object({ id: z.number().int(), author: z.enum(['player', 'operator']), message: z.string(), created_at: z.string() });
export type SupportMessage = z.infer<typeof supportMessage>;
export const supportTicketDetail = supportTicket.extend({ messages: z.array(supportMessage) });
export type SupportTicketDetail = z.infer<typeof supportTicketDetail>;

/** GET /api/support/tickets: the player's own tickets. */
export const supportTicketsAnswer = z.object({ data: z.array(supportTicket) });
export type SupportTicketsAnswer = z.infer<typeof supportTicketsAnswer>;
/** POST /api/support/tickets: the new ticket and the toast's text. */
export const supportTicketCreatedAnswer = z.object({ msg: z.string(), data: supportTicket });
export type SupportTicketCreatedAnswer = z.infer<typeof supportTicketCreatedAnswer>;
/** GET /api/support/tickets/{id}: one of the player's tickets with its messages. */
export const supportTicketAnswer = z.object({ data: supportTicketDetail });
export type SupportTicketAnswer = z.infer<typeof supportTicketAnswer>;
/** POST /api/support/tickets/{id}/messages: the message as stored and the toast's text. */
export const supportMessageSentAnswer = z.object({ msg: z.string(), data: supportMessage });
export type SupportMessageSentAnswer = z.infer<typeof supportMessageSentAnswer>;

export { SUPPORT_REPLY_EVENT, type SupportReplyNotice } from './supportEvents.ts';
