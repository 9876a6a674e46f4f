// The support notice of the player's private channel, apart from core/protocol/support.ts so the
// shell can listen without loading zod, which only the support pages need (docs/performance.md).

/** The realtime notice on `private-users.{id}` when an operator answers. */
export const SUPPORT_REPLY_EVENT = 'supportReply';
export interface SupportReplyNotice {
  ticket_id: number;
  subject: string;
}
