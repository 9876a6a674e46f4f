// The deposit notice of the player's private channel, apart from core/protocol/deposit.ts so the
// shell can listen without loading zod (as supportEvents.ts).

/** The realtime notice on `private-users.{id}` when a deposit is credited (a crypto transfer's callback, a checkout's). */
export const DEPOSIT_CREDITED_EVENT = 'depositCredited';
export interface DepositCreditedNotice {
  invoice_id: number;
  /** 'alphapo' for a crypto transfer, else the checkout's gateway. */
  gateway: string;
  /** The transfer's currency (BTC…) or the checkout's. */
  currency: string;
  /** Coins credited for the deposit itself, and the promo bonus credited with it. */
  amount: number;
  bonus: number;
}
