// The tip notice of the players' private channels, apart from core/protocol/tips.ts so the shell
// can listen without loading zod (docs/performance.md).

/** The realtime notice on `private-users.{id}` of the sender and of the recipient of a tip. */
export const TIP_EVENT = 'tip';
export interface TipNotice {
  id: number;
  from: { id: number; name: string };
  to: { id: number; name: string };
  /** Coins. */
  amount: number;
  created_at: string;
}
