import { centsOf } from '../../../core/money/cents.ts';

// Selling is money leaving the player's hands for good (an item sold is gone), so a sale worth
// SELL_CONFIRM_FROM coins or more asks once before the call; cheaper sales go with one click
// (docs/boxes.md "Selling: the confirm step"). The value compared is what the sale pays.

/** Coins a sale must pay to need a confirm. */
export const SELL_CONFIRM_FROM = 50;

export function saleNeedsConfirm(saleCoins: number): boolean {
  return centsOf(saleCoins) >= centsOf(SELL_CONFIRM_FROM);
}
