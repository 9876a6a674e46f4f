// The deposit contract's constants and plain rules, without zod: the shell's first load (the daily
// bonus, the way back from a checkout) needs them, the schemas in deposit.ts load with the cashier.

/** Minimum card deposit in coins (docs/product.md §5, §9). */
export const CARD_MINIMUM = 5;
export const CARD_QUICK_AMOUNTS = [5, 25, 100, 250, 500] as const;
/** The 'Other' quick amount button sets this value (docs/product.md §9). */
export const CARD_OTHER_AMOUNT = 50;
export const CARD_DEFAULT_AMOUNT = 25;
export const SKINS_DEFAULT_AMOUNT = 3.15;
/** Crypto minimum shown as '35 USD' (docs/product.md §9); smaller transfers are not credited. */
export const CRYPTO_MINIMUM_USD = 35;
export const CRYPTO_BONUS_LABEL = 'bonus 35%';
export const DAILY_BONUS_PROMOCODE = 'winter35';
export const PROMO_ACCEPTED = 'Promo code accepted';

/** A same-site path (`/x`, never `//host` or a backslash trick): where a checkout sends the player back. */
export const RETURN_PATH = /^\/(?![/\\])[^\s\\]*$/;
export const RETURN_PATH_MAX = 500;
export const DEPOSIT_RETURN_PARAM = 'return_to';

/** The path itself when it is a same-site return path, else null. */
export function returnPathOf(value: string | null | undefined): string | null {
  return value && value.length <= RETURN_PATH_MAX && RETURN_PATH.test(value) ? value : null;
}
