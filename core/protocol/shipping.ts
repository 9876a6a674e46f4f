import { z } from 'zod';

// The delivery address form (spec §3 fields, spec §5 messages word for word) and the withdrawal
// calls. The client form and POST /api/profile/shipping-address share this schema.

const required = (message: string) => z.string({ error: message }).trim().min(1, message).max(200, message);

export const shippingAddressSchema = z.object({
  first_name: required('first name is a required field'),
  last_name: required('last name is a required field'),
  email: z.string({ error: 'email is a required field' }).trim().min(1, 'email is a required field').pipe(z.email('email is not valid.')),
  phone: required('phone is a required field'),
  country: required('country is a required field'),
  country_state: required('state is a required field'),
  city: required('city is a required field'),
  postal_code: required('postal code is a required field'),
  street_address: required('street is a required field'),
  street_address_2: z
    .string()
    .trim()
    .max(200, 'street_address_2 is not valid.')
    .nullish()
    .transform((v) => (v ? v : null)),
});

export type ShippingAddress = z.output<typeof shippingAddressSchema>;
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;

export const SHIPPING_SAVED_MESSAGE = 'Info saved successfully';

/** The ten selectable currencies of spec §3 (XRP is lookup only). */
export const WITHDRAWAL_CURRENCIES = ['BTC', 'ETH', 'SOL', 'USDTE', 'USDTT', 'BCH', 'LTC', 'DOGE', 'TRX', 'BNB-BSC'] as const;

/** Coins. */
export const MIN_CRYPTO_WITHDRAWAL = 20;

export const WITHDRAWAL_STATUSES = {
  new: { title: 'Requested', colour: 'white' },
  in_processing: { title: 'In processing', colour: 'orange' },
  done: { title: 'Done', colour: 'green' },
  canceled: { title: 'Canceled', colour: 'red' },
  canceled_by_user: { title: 'Canceled', colour: 'red' },
} as const;
export type WithdrawalStatus = keyof typeof WITHDRAWAL_STATUSES;

export const withdrawalRequestSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('delivery'),
    items: z.array(z.number().int().positive(), { error: 'Choose at least one item.' }).min(1, 'Choose at least one item.').max(100, 'At most 100 items per delivery.'),
  }),
  z.object({
    type: z.literal('crypto'),
    amount: z.number({ error: 'The amount must be a number.' }).min(MIN_CRYPTO_WITHDRAWAL, `The minimum withdrawal is ${MIN_CRYPTO_WITHDRAWAL} coins.`),
    currency: z.enum(WITHDRAWAL_CURRENCIES, { error: 'Choose a currency.' }),
    address: z
      .string({ error: 'The wallet address is required.' })
      .trim()
      .regex(/^[A-Za-z0-9:_-]{20,120}$/, 'The wallet address is not valid.'),
  }),
], { error: 'The type must be delivery or crypto.' });
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;
