import { formatCents } from '../money/cents.ts';

// The text of a sale, one wording for the server's answer (a sale of one or several items in one
// call) and the cart's summary of a sale made one item at a time.

/** "Item sold for 12.50 coins", "3 items sold for 40.00 coins"; `amount` in cents. */
export function soldMessage(result: { count: number; amount: number }): string {
  return result.count === 1 ? `Item sold for ${formatCents(result.amount)} coins` : `${result.count} items sold for ${formatCents(result.amount)} coins`;
}
