import { z } from 'zod';

// The deposit contract (spec §2, §3, §4, §5, §7 Deposits, §9), shared by the deposit modal and
// the server. Amounts on the wire are coins (numbers with at most 2 decimals).

/** Minimum card deposit in coins (spec §5, §9). */
export const CARD_MINIMUM = 5;
export const CARD_QUICK_AMOUNTS = [5, 25, 100, 250, 500] as const;
/** The 'Other' quick amount button sets this value (spec §9). */
export const CARD_OTHER_AMOUNT = 50;
export const CARD_DEFAULT_AMOUNT = 25;
export const SKINS_DEFAULT_AMOUNT = 3.15;
/** Crypto minimum shown as '35 USD' (spec §9); smaller transfers are not credited. */
export const CRYPTO_MINIMUM_USD = 35;
export const CRYPTO_BONUS_LABEL = 'bonus 35%';
export const DAILY_BONUS_PROMOCODE = 'winter35';
export const PROMO_ACCEPTED = 'Promo code accepted';

const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** Coins: a number with at most two decimals. */
const coins = z
  .number({ error: 'The amount must be a number.' })
  .finite()
  .refine(twoDecimals, { message: 'The amount may have at most 2 decimals.' });

const promocodeField = z.string().trim().max(64).nullish();

export const CardDepositSchema = z.object({
  amount: coins.min(CARD_MINIMUM, { message: `The amount must be at least ${CARD_MINIMUM}.` }).max(100_000, { message: 'The amount may not be greater than 100000.' }),
  promocode: promocodeField,
});
export type CardDepositRequest = z.infer<typeof CardDepositSchema>;

export const SkinsDepositSchema = z.object({
  amount: coins.positive({ message: 'The amount field is required.' }).max(100_000, { message: 'The amount may not be greater than 100000.' }),
  promocode: promocodeField,
});

export interface RedirectResponse {
  redirect_url: string;
}

export const PromocodeValidateSchema = z.object({ promocode: z.string().trim().min(1, { message: 'The promocode field is required.' }).max(64) });
export interface Promocode {
  code: string;
  /** Percent when is_fixed_value is false (35 → 35 %), otherwise coins. */
  value: number;
  is_fixed_value: boolean;
}
export interface PromocodeResponse extends Promocode {
  msg: string;
}

/** The bonus a promo code adds to a deposit, in cents (percent bonuses round down to the cent). */
export function promoBonusCents(promo: Promocode, amountCents: number): number {
  if (promo.is_fixed_value) return Math.round(promo.value * 100);
  return Math.floor((amountCents * promo.value) / 100);
}

export const RedeemCodeSchema = z.object({ code: z.string().trim().min(1, { message: 'The code field is required.' }).max(64) });

export const DepositAddressSchema = z.object({ currency: z.string().min(1, { message: 'The currency field is required.' }), promocode: promocodeField });
export interface DepositAddressResponse {
  data: { wallet: string };
}

export interface CryptoOption {
  currency: string;
  /** In USD. */
  minimum_amount: number;
  /** rate_from units of the currency are worth rate_to USD. */
  rate_from: number;
  rate_to: number;
}

export interface CryptoCurrency {
  currency: string;
  name: string;
  network?: string;
  /** Only looked up for display (e.g. history rows), never offered in the list. */
  selectable: boolean;
  color: string;
  /** Our own SVG (coin with the ticker's letters; plain Latin so every font draws it). */
  icon: string;
  /** USD per unit, used by the sandbox rates and the available-currencies answer. */
  usdRate: number;
}

function coinSvg(color: string, mark: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="${color}"/><circle cx="16" cy="16" r="12" fill="none" stroke="#fff" stroke-opacity=".35"/><text x="16" y="21" font-family="Arial,sans-serif" font-size="${mark.length > 2 ? 9 : 13}" font-weight="700" fill="#fff" text-anchor="middle">${mark}</text></svg>`;
}

const c = (currency: string, name: string, color: string, mark: string, usdRate: number, network?: string, selectable = true): CryptoCurrency => ({
  currency,
  name,
  color,
  icon: coinSvg(color, mark),
  usdRate,
  selectable,
  ...(network ? { network } : {}),
});

/** Spec §3: eleven known, ten selectable (XRP is lookup only). */
export const CRYPTO_CURRENCIES: readonly CryptoCurrency[] = [
  c('BTC', 'Bitcoin', '#f7931a', 'B', 60000),
  c('ETH', 'Ethereum', '#627eea', 'E', 3000, 'Ethereum Network only'),
  c('SOL', 'Solana', '#9945ff', 'S', 150),
  c('USDTE', 'Tether USD (ERC20)', '#26a17b', 'T', 1),
  c('USDTT', 'Tether USD (TRC20)', '#26a17b', 'T', 1),
  c('XRP', 'Ripple', '#23292f', 'X', 0.5, undefined, false),
  c('BCH', 'Bitcoin Cash', '#8dc351', 'BCH', 400),
  c('LTC', 'Litecoin', '#345d9d', 'L', 80),
  c('DOGE', 'Dogecoin', '#c2a633', 'D', 0.15),
  c('TRX', 'Tron', '#eb0029', 'T', 0.12),
  c('BNB-BSC', 'BNB', '#f3ba2f', 'BNB', 550, 'Binance Smart Chain'),
];

export const SELECTABLE_CRYPTO = CRYPTO_CURRENCIES.filter((x) => x.selectable);

export function cryptoCurrency(code: string): CryptoCurrency | undefined {
  return CRYPTO_CURRENCIES.find((x) => x.currency === code);
}

/** Spec §3: gift card amounts with their coin icon counts. */
export const GIFT_CARD_PRICES: readonly { amount: number; coins: number }[] = [
  { amount: 10, coins: 1 },
  { amount: 50, coins: 1 },
  { amount: 100, coins: 2 },
  { amount: 250, coins: 2 },
  { amount: 500, coins: 2 },
  { amount: 1000, coins: 3 },
];

export type PaymentStatus = 'new' | 'reversed' | 'paid' | 'rejected';
/** Spec §4: title and colour of each payment status. */
export const PAYMENT_STATUSES: Record<PaymentStatus, { title: string; color: 'white' | 'red' | 'green' }> = {
  new: { title: 'New', color: 'white' },
  reversed: { title: 'Reversed', color: 'red' },
  paid: { title: 'Paid', color: 'green' },
  rejected: { title: 'Rejected', color: 'red' },
};

export const GATEWAYS = ['zen', 'skinsback', 'alphapo'] as const;
export type Gateway = (typeof GATEWAYS)[number];
export const GATEWAY_TITLES: Record<Gateway, string> = { zen: 'Credit card', skinsback: 'Skins', alphapo: 'Crypto' };

export const InvoicesQuerySchema = z.object({
  gateway: z.enum(GATEWAYS).optional().or(z.literal('').transform(() => undefined)),
  from: z.iso.date({ message: 'The from field must be a date (YYYY-MM-DD).' }).optional().or(z.literal('').transform(() => undefined)),
  to: z.iso.date({ message: 'The to field must be a date (YYYY-MM-DD).' }).optional().or(z.literal('').transform(() => undefined)),
  page: z.coerce.number().int().min(1).default(1),
});

export interface Invoice {
  id: number;
  gateway: Gateway;
  amount: number;
  bonus: number;
  currency: string;
  status: PaymentStatus;
  status_title: string;
  promocode: string | null;
  created_at: string;
}

export interface Paged<T> {
  data: T[];
  links: { next: string | null; prev: string | null };
  meta: { total: number; current_page: number; per_page: number; last_page: number };
}

/** The sandbox checkout page reads its invoice through this. */
export interface SandboxInvoice {
  id: number;
  amount: number;
  bonus: number;
  gateway: Gateway;
  status: PaymentStatus;
}
export const SandboxCompleteSchema = z.object({ status: z.enum(['paid', 'rejected']) });
export const SandboxReceiveSchema = z.object({ amount: coins.positive({ message: 'The amount must be positive.' }).max(1_000_000) });
