import { z } from 'zod';
import { twoFactorCodeField } from './accountSecurity.ts';
import { optionalDateFilter } from './text.ts';
import { coinAmount } from './amount.ts';
import { centsOf } from '../money/cents.ts';
import { CARD_MINIMUM, RETURN_PATH, RETURN_PATH_MAX } from './depositRules.ts';

// The deposit contract (docs/product.md §2, §3, §4, §5, §7 Deposits, §9), shared by the deposit modal and
// the server: each answer one zod schema, the client's types by z.infer. Amounts on the wire are
// coins (numbers with at most 2 decimals); the schemas hand the routes integer cents (coinAmount).

export * from './depositRules.ts';

const promocodeField = z.string().trim().max(64).nullish();

/**
 * The page the player left for the checkout (path and query on this site), where the provider sends
 * them back. Only a same-site path: `/x`, never `//host` or a backslash trick.
 */
export const returnPathField = z
  .string()
  .max(RETURN_PATH_MAX)
  .regex(RETURN_PATH, { message: 'The return page is not valid.' })
  .optional();

export const CardDepositSchema = z.object({
  amount: coinAmount({ min: CARD_MINIMUM * 100, max: 100_000 * 100 }),
  promocode: promocodeField,
  return_to: returnPathField,
});
export type CardDepositRequest = z.infer<typeof CardDepositSchema>;

export const SkinsDepositSchema = z.object({
  amount: coinAmount({ min: 1, max: 100_000 * 100, minMessage: 'The amount field is required.' }),
  promocode: promocodeField,
  return_to: returnPathField,
});

export const RedirectResponseSchema = z.object({ redirect_url: z.string() });
export type RedirectResponse = z.infer<typeof RedirectResponseSchema>;

export const PromocodeValidateSchema = z.object({ promocode: z.string().trim().min(1, { message: 'The promocode field is required.' }).max(64) });
/** A valid promo code: `value` is percent when is_fixed_value is false (35 → 35 %), otherwise coins. */
export const PromocodeSchema = z.object({ code: z.string(), value: z.number(), is_fixed_value: z.boolean() });
export type Promocode = z.infer<typeof PromocodeSchema>;
/** POST /api/deposit/promocode/validate: the code and the toast's text. */
export const PromocodeResponseSchema = PromocodeSchema.extend({ msg: z.string() });
export type PromocodeResponse = z.infer<typeof PromocodeResponseSchema>;
/**
 * GET /api/deposit/promocode/check?promocode=…: whether the signed-in player may use the code now,
 * answered 200 either way (the cashier's and the daily bonus's quiet checks; docs/payments.md).
 * `promocode` when usable; `msg` the refusal validate would answer (422) when not.
 */
export const PromocodeCheckAnswerSchema = z.object({ data: z.object({ usable: z.boolean(), promocode: PromocodeSchema.nullable(), msg: z.string().nullable() }) });
export type PromocodeCheckAnswer = z.infer<typeof PromocodeCheckAnswerSchema>;

/** The bonus a promo code adds to a deposit, in cents (percent bonuses round down to the cent). */
export function promoBonusCents(promo: Promocode, amountCents: number): number {
  if (promo.is_fixed_value) return centsOf(promo.value);
  return Math.floor((amountCents * promo.value) / 100);
}

/** A gift card's or voucher's redemption; it also carries a two-factor code when the player has it on (docs/account-safety.md). */
export const RedeemCodeSchema = z.object({ code: z.string().trim().min(1, { message: 'The code field is required.' }).max(64), two_factor_code: twoFactorCodeField });

export const DepositAddressSchema = z.object({ currency: z.string().min(1, { message: 'The currency field is required.' }), promocode: promocodeField });
export const DepositAddressResponseSchema = z.object({ data: z.object({ wallet: z.string() }) });
export type DepositAddressResponse = z.infer<typeof DepositAddressResponseSchema>;

export const CryptoOptionSchema = z.object({
  currency: z.string(),
  /** In USD. */
  minimum_amount: z.number(),
  /** rate_from units of the currency are worth rate_to USD. */
  rate_from: z.number(),
  rate_to: z.number(),
});
export type CryptoOption = z.infer<typeof CryptoOptionSchema>;
/** GET /api/deposit/alphapo/available-currencies. */
export const CryptoOptionsAnswerSchema = z.object({ data: z.array(CryptoOptionSchema) });
export type CryptoOptionsAnswer = z.infer<typeof CryptoOptionsAnswerSchema>;

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

export const PaymentStatusSchema = z.enum(['new', 'reversed', 'paid', 'rejected']);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;
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
  from: optionalDateFilter('from'),
  to: optionalDateFilter('to'),
  page: z.coerce.number().int().min(1).default(1),
});

export const InvoiceSchema = z.object({
  id: z.number(),
  gateway: z.enum(GATEWAYS),
  amount: z.number(),
  bonus: z.number(),
  currency: z.string(),
  status: PaymentStatusSchema,
  status_title: z.string(),
  promocode: z.string().nullable(),
  created_at: z.string(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** GET /api/profile/invoices. */
export const InvoicePageSchema = z.object({
  data: z.array(InvoiceSchema),
  links: z.object({ next: z.string().nullable(), prev: z.string().nullable() }),
  meta: z.object({ total: z.number(), current_page: z.number(), per_page: z.number(), last_page: z.number() }),
});
export type InvoicePage = z.infer<typeof InvoicePageSchema>;

/** The sandbox checkout page reads its invoice through this. */
export const SandboxInvoiceSchema = z.object({ id: z.number(), amount: z.number(), bonus: z.number(), gateway: z.enum(GATEWAYS), status: PaymentStatusSchema });
export type SandboxInvoice = z.infer<typeof SandboxInvoiceSchema>;
/** GET /api/sandbox/checkout/{invoiceId}. */
export const SandboxInvoiceAnswerSchema = z.object({ data: SandboxInvoiceSchema });
export type SandboxInvoiceAnswer = z.infer<typeof SandboxInvoiceAnswerSchema>;
export const SandboxCompleteSchema = z.object({
  status: z.enum(['paid', 'rejected']),
  /** A card checkout's card number (the sandbox tokenizes it; any test number: docs/risk.md, "Marks"). */
  card_number: z
    .string()
    .regex(/^(\d ?){12,19}$/, { message: 'Enter a card number of 12 to 19 digits.' })
    .optional(),
  /** A skins checkout's Steam account, its SteamID64. */
  steam_id: z
    .string()
    .regex(/^7656119\d{10}$/, { message: 'Enter a SteamID64: 17 digits starting 7656119.' })
    .optional(),
});
export type SandboxCompleteRequest = z.infer<typeof SandboxCompleteSchema>;
/** POST /api/sandbox/checkout/{invoiceId}/complete: the toast's text and the invoice's status after the callback. */
export const SandboxCompleteAnswerSchema = z.object({ msg: z.string(), status: PaymentStatusSchema });
export type SandboxCompleteAnswer = z.infer<typeof SandboxCompleteAnswerSchema>;
export const SandboxReceiveSchema = z.object({ amount: coinAmount({ min: 1, max: 1_000_000 * 100, minMessage: 'The amount must be positive.' }) });

/** What POST /api/payments/{gateway}/callback answers the provider: its own acknowledgement. */
export const PaymentCallbackAckSchema = z.object({ status: z.string() }).describe("The provider's acknowledgement (sandbox, zen, alphapo: ok; skinsback: success).");
