import { z } from 'zod';
import { coinAmount } from './amount.ts';
import { pagedSchema } from './paged.ts';
import { optionalDateFilter } from './text.ts';
import type { Wire } from './wire.ts';
import { twoFactorCodeField } from './accountSecurity.ts';

// The delivery address form (docs/product.md §3 fields, docs/product.md §5 messages word for word) and the withdrawal
// calls. The client form and POST /api/profile/shipping-address share this schema; every answer is
// one zod schema here, the client's types by z.infer.

/** The delivery countries offered by the address form (docs/product.md §3: 31 names, mostly European plus USA and Canada). */
export const COUNTRIES = [
  'Austria', 'Belgium', 'Bulgaria', 'Canada', 'Croatia', 'Czech Republic', 'Denmark', 'Estonia', 'Finland', 'France', 'Germany',
  'Greece', 'Hungary', 'Ireland', 'Italy', 'Latvia', 'Lithuania', 'Luxembourg', 'Malta', 'Netherlands', 'Norway', 'Poland',
  'Portugal', 'Romania', 'Slovakia', 'Slovenia', 'Spain', 'Sweden', 'Switzerland', 'United Kingdom', 'USA',
] as const;

/** Shoe sizes 5 to 15.5 in half steps, and clothing sizes, for items that need one (docs/product.md §3). */
export const SHOE_SIZES: readonly string[] = Array.from({ length: 22 }, (_, i) => String(5 + i / 2));
export const CLOTHING_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;

/**
 * Which list an item's size comes from: shoes and garments are made in sizes, everything else
 * (bags, watches, tech, caps, rings) ships as it is. Each catalog item carries its kind
 * (items.size_kind, docs/boxes.md "Sizes and digital items").
 */
export const SIZE_KINDS = ['shoe', 'clothing'] as const;
export type SizeKind = (typeof SIZE_KINDS)[number];

export function sizesFor(kind: SizeKind): readonly string[] {
  return kind === 'shoe' ? SHOE_SIZES : CLOTHING_SIZES;
}

/** Items of these categories are codes, not parcels: they are sold (or their code is sent), never shipped. */
export const DIGITAL_CATEGORIES: readonly string[] = ['gift-cards'];

export function isShippable(category: string): boolean {
  return !DIGITAL_CATEGORIES.includes(category);
}

/** The message a delivery gets for an item that needs a size and has none (or one off its list). */
export function sizeProblem(kind: SizeKind, size: string | undefined, itemName: string): string | null {
  if (size === undefined || size === '') return `Choose a size for ${itemName}.`;
  if (!sizesFor(kind).includes(size)) return `Choose a size from the list for ${itemName}.`;
  return null;
}

const required = (message: string) => z.string({ error: message }).trim().min(1, message).max(200, message);

export const shippingAddressSchema = z.object({
  first_name: required('first name is a required field'),
  last_name: required('last name is a required field'),
  // Where docs/product.md words a message it is kept as worded (the form shows it sentence-cased);
  // the others say in plain words what is missing.
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').pipe(z.email('email is not valid.')),
  // A courier calls the number and sorts by the code: a phone has 6–15 digits (spaces, +, dashes,
  // dots, slashes and brackets between them), a postal code 2–12 letters, digits, spaces or dashes.
  // Formats differ by country, so nothing stricter (docs/boxes.md, "Shipping and withdrawals").
  phone: required('Phone is required').refine((v) => /^[0-9+()./ -]+$/.test(v) && /^(?:\D*\d){6,15}\D*$/.test(v), 'phone is not valid.'),
  country: required('Country is required').refine((v) => (COUNTRIES as readonly string[]).includes(v), 'country is not valid.'),
  country_state: required('state is a required field'),
  city: required('City is required'),
  postal_code: required('postal code is a required field').refine((v) => /^[A-Za-z0-9][A-Za-z0-9 -]{0,10}[A-Za-z0-9]$/.test(v), 'postal code is not valid.'),
  street_address: required('street is a required field'),
  street_address_2: z
    .string()
    .trim()
    .max(200, 'street_address_2 is not valid.')
    .nullish()
    .transform((v) => (v ? v : null)),
});

export type ShippingAddress = z.output<typeof shippingAddressSchema>;

/** Saving the address: where parcels go, so with two-factor sign-in on it needs a code (docs/account-safety.md). */
export const shippingAddressRequestSchema = shippingAddressSchema.extend({ two_factor_code: twoFactorCodeField });
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;

export const SHIPPING_SAVED_MESSAGE = 'Info saved successfully';

/** A saved address as the server answers it (and copies into a delivery). */
export const ShippingAddressFieldsSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  country_state: z.string(),
  city: z.string(),
  postal_code: z.string(),
  street_address: z.string(),
  street_address_2: z.string().nullable(),
});

export type ShippingAddressFields = z.infer<typeof ShippingAddressFieldsSchema>;

/** GET /api/profile/shipping-address: the saved address or null. */
export const ShippingAddressAnswerSchema = z.object({ data: ShippingAddressFieldsSchema.nullable() });
export type ShippingAddressAnswer = z.infer<typeof ShippingAddressAnswerSchema>;

/** The ten selectable currencies of docs/product.md §3 (XRP is lookup only). */
export const WITHDRAWAL_CURRENCIES = ['BTC', 'ETH', 'SOL', 'USDTE', 'USDTT', 'BCH', 'LTC', 'DOGE', 'TRX', 'BNB-BSC'] as const;

/** Coins. */
export const MIN_CRYPTO_WITHDRAWAL = 20;

// The spec's five statuses with its titles and colours, plus `shipped` (docs/operator-console.md,
// "Shipping"): a delivery goes new → in_processing → shipped (with a tracking number) → done.
export const WITHDRAWAL_STATUSES = {
  new: { title: 'Requested', colour: 'white' },
  in_processing: { title: 'In processing', colour: 'orange' },
  shipped: { title: 'Shipped', colour: 'blue' },
  done: { title: 'Done', colour: 'green' },
  canceled: { title: 'Canceled', colour: 'red' },
  canceled_by_user: { title: 'Canceled', colour: 'red' },
} as const;
export type WithdrawalStatus = keyof typeof WITHDRAWAL_STATUSES;
/** Each status's title as a catalog key, the same in the client's (WithdrawalsList) and the mails' catalogs (docs/i18n.md). */
export const WITHDRAWAL_STATUS_KEYS = {
  new: 'statusNew',
  in_processing: 'statusInProcessing',
  shipped: 'statusShipped',
  done: 'statusDone',
  canceled: 'statusCanceled',
  canceled_by_user: 'statusCanceled',
} as const satisfies Record<WithdrawalStatus, string>;

export const withdrawalRequestSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('delivery'),
    items: z.array(z.number().int().positive(), { error: 'Choose at least one item.' }).min(1, 'Choose at least one item.').max(100, 'At most 100 items per delivery.'),
    /** The chosen size per inventory item id, for the items that need one (checked against the item on the server). */
    sizes: z
      .record(z.string().regex(/^\d{1,12}$/), z.string().trim().max(8, 'The size is not valid.'), { error: 'The sizes are not valid.' })
      .optional()
      .transform((v) => v ?? {}),
    /** With two-factor sign-in on, a code (docs/account-safety.md). */
    two_factor_code: twoFactorCodeField,
  }),
  z.object({
    type: z.literal('crypto'),
    amount: coinAmount({ min: MIN_CRYPTO_WITHDRAWAL * 100, minMessage: `The minimum withdrawal is ${MIN_CRYPTO_WITHDRAWAL} coins.` }),
    currency: z.enum(WITHDRAWAL_CURRENCIES, { error: 'Choose a currency.' }),
    address: z
      .string({ error: 'The wallet address is required.' })
      .trim()
      .regex(/^[A-Za-z0-9:_-]{20,120}$/, 'The wallet address is not valid.'),
    two_factor_code: twoFactorCodeField,
  }),
], { error: 'The type must be delivery or crypto.' });
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;
/** The body as the client sends it (sizes may be left out). */
export type WithdrawalRequestInput = z.input<typeof withdrawalRequestSchema>;
/** 201 of POST /api/profile/withdrawals: the new withdrawal's id and the toast's text. */
export const WithdrawalCreatedAnswerSchema = z.object({ msg: z.string(), data: z.object({ id: z.number() }) });
export type WithdrawalCreatedAnswer = z.infer<typeof WithdrawalCreatedAnswerSchema>;

export const WITHDRAWAL_TYPES = ['crypto', 'delivery'] as const;

/** GET /api/profile/withdrawals: one type or both, between two days (whole days, inclusive). */
export const WithdrawalsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(15),
  type: z.enum(WITHDRAWAL_TYPES).optional().or(z.literal('').transform(() => undefined)),
  from: optionalDateFilter('from'),
  to: optionalDateFilter('to'),
});

/** One withdrawal of GET /api/profile/withdrawals (coins; a delivery lists its items and the address it went to). */
export const WithdrawalSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  type: z.enum(WITHDRAWAL_TYPES),
  status: z.enum(Object.keys(WITHDRAWAL_STATUSES) as [WithdrawalStatus, ...WithdrawalStatus[]]),
  status_title: z.string(),
  status_colour: z.string(),
  amount: z.number(),
  currency: z.string().nullable(),
  address: z.string().nullable(),
  shipping_address: ShippingAddressFieldsSchema.nullable(),
  /** `size`: the size chosen for the item (null for one-size items). */
  items: z.array(z.object({ id: z.number(), size: z.string().nullable(), item: z.object({ id: z.number(), name: z.string(), price: z.number(), rarity: z.string(), img_url: z.string() }) })),
  can_cancel: z.boolean(),
  /** The parcel's tracking number once shipped (deliveries), else null. */
  tracking_number: z.string().nullable(),
  /** Each status change after the request, oldest first (migration 1020; older changes have none). */
  steps: z.array(z.object({ status: z.enum(Object.keys(WITHDRAWAL_STATUSES) as [WithdrawalStatus, ...WithdrawalStatus[]]), status_title: z.string(), tracking_number: z.string().nullable(), created_at: z.string() })),
  /** ISO times, as the wire carries them: the console parses this answer in the browser. */
  created_at: z.string(),
  updated_at: z.string(),
});
export type Withdrawal = Wire<z.infer<typeof WithdrawalSchema>>;
export const WithdrawalPageSchema = pagedSchema(WithdrawalSchema);
export type WithdrawalPage = Wire<z.infer<typeof WithdrawalPageSchema>>;
