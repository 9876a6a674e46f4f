import { z } from 'zod';
import { isGameId } from '../games/catalog.ts';
import { coinAmount } from './amount.ts';
import { pagedSchema } from './paged.ts';

// The console's codes (docs/operator-console.md, "Codes"): promo codes (a bonus on a deposit, with a
// cap of uses and a per-player limit), gift codes and vouchers (a fixed value, redeemed once). Each
// can expire and be disabled; the lists show who redeemed what, when and for how much. Coins on the
// wire, cents in the database.

export const CODES_PER_PAGE = 25;

const page = z.coerce.number().int().min(1).max(100_000).default(1);
/** An instant with its offset (the console's date-time field sends `…Z`); null: never expires. */
const expiresAt = z.iso.datetime({ offset: true, message: 'The expiry must be a date and time.' }).nullable();

/** Where a code stands: usable, or refused (and why). */
export const CODE_STATES = ['active', 'disabled', 'expired', 'used_up'] as const;
export type CodeState = (typeof CODE_STATES)[number];

export const AdminPromoSchema = z.object({
  id: z.number(),
  code: z.string(),
  /** Percent of the deposit, or coins when is_fixed_value. */
  value: z.number(),
  is_fixed_value: z.boolean(),
  free_boxes: z.number(),
  per_user_limit: z.number(),
  max_uses: z.number().nullable(),
  uses: z.number(),
  /** Bonus paid so far, coins. */
  bonus_paid: z.number(),
  expires_at: z.string().nullable(),
  disabled_at: z.string().nullable(),
  state: z.enum(CODE_STATES),
  created_at: z.string(),
  /** The wagering terms its bonuses carry (docs/bonuses.md). */
  wagering_multiple: z.number(),
  wagering_base: z.enum(['bonus', 'bonus_deposit']),
  bonus_days: z.number(),
  /** Coins, or null. */
  max_bet: z.number().nullable(),
  /** Percent each game's stakes count toward its bonuses' requirement: the code's own, else the catalog's `bonusWeightPct`. */
  game_weights: z.record(z.string(), z.number()),
  /** Coins its bonuses may add up to (null: none), the most one bonus may be, and what they added up to. */
  budget: z.number().nullable(),
  bonus_cap: z.number().nullable(),
  granted: z.number(),
});
export type AdminPromo = z.infer<typeof AdminPromoSchema>;
export const AdminPromoPageSchema = pagedSchema(AdminPromoSchema);
export const AdminCodesQuerySchema = z.object({
  page,
  /** The start of the code, any case. */
  q: z.string().trim().max(40).optional().or(z.literal('').transform(() => undefined)),
});

const promoCode = z
  .string({ error: 'The code is required.' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,40}$/, 'The code is 3 to 40 letters, digits, - or _.');
const limit = (field: string) => z.number({ error: `The ${field} must be a whole number.` }).int(`The ${field} must be a whole number.`).min(1, `The ${field} must be at least 1.`).max(1_000_000, `The ${field} must be at most 1000000.`);

/** Coins with at most 2 decimals, more than 0; null: none. */
const coinsOrNone = (field: string) =>
  z
    .number({ error: `The ${field} must be a number.` })
    .positive(`The ${field} must be more than 0.`)
    .max(10_000_000, `The ${field} is too large.`)
    .refine((v) => Math.round(v * 100) === v * 100, 'Coins have at most 2 decimals.')
    .nullable();
export const wageringMultiple = z.number({ error: 'The wagering multiple must be a whole number.' }).int('The wagering multiple must be a whole number.').min(0, 'The wagering multiple is 0 to 100.').max(100, 'The wagering multiple is 0 to 100.');
/** Percent per game (core/games/catalog.ts ids), whole numbers 0–100. */
export const gameWeights = z
  .record(z.string(), z.number({ error: 'A game weight must be a whole number.' }).int('A game weight must be a whole number.').min(0, 'A game weight is 0 to 100 %.').max(100, 'A game weight is 0 to 100 %.'))
  .superRefine((weights, ctx) => {
    for (const game of Object.keys(weights)) if (!isGameId(game)) ctx.addIssue({ code: 'custom', path: [game], message: `There is no game ${game}.` });
  });
export const bonusDays = z.number({ error: 'The bonus days must be a whole number.' }).int('The bonus days must be a whole number.').min(1, 'A bonus lives 1 to 365 days.').max(365, 'A bonus lives 1 to 365 days.');

/** POST /api/admin/promo-codes. `value`: percent (1–100) or, with is_fixed_value, coins. */
export const PromoCreateSchema = z
  .object({
    code: promoCode,
    value: z.number({ error: 'The value must be a number.' }).positive('The value must be more than 0.').max(100_000, 'The value is too large.'),
    is_fixed_value: z.boolean().default(false),
    free_boxes: z.number().int().min(0).max(10, 'At most 10 free boxes.').default(0),
    per_user_limit: limit('per-player limit').default(1),
    max_uses: limit('maximum of uses').nullable().default(null),
    expires_at: expiresAt.default(null),
    wagering_multiple: wageringMultiple.default(1),
    wagering_base: z.enum(['bonus', 'bonus_deposit']).default('bonus'),
    bonus_days: bonusDays.default(30),
    max_bet: coinsOrNone('maximum bet').default(null),
    /** The games' weights of this code's bonuses; a game left out counts at the catalog's weight. */
    game_weights: gameWeights.nullable().default(null),
    budget: coinsOrNone('budget').default(null),
    bonus_cap: coinsOrNone('cap per bonus').default(null),
  })
  .superRefine((v, ctx) => {
    if (!v.is_fixed_value && (!Number.isInteger(v.value) || v.value > 100)) ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is a whole number from 1 to 100.' });
    if (v.is_fixed_value && Math.round(v.value * 100) !== v.value * 100) ctx.addIssue({ code: 'custom', path: ['value'], message: 'Coins have at most 2 decimals.' });
  });
export type PromoCreate = z.infer<typeof PromoCreateSchema>;

/** PATCH /api/admin/promo-codes/:id: change the limits, the expiry, or disable / enable. */
export const PromoUpdateSchema = z
  .object({
    per_user_limit: limit('per-player limit').optional(),
    max_uses: limit('maximum of uses').nullable().optional(),
    expires_at: expiresAt.optional(),
    disabled: z.boolean().optional(),
    /** Budgets may change; the wagering terms of a code are fixed once created (its grants carry them). */
    budget: coinsOrNone('budget').optional(),
    bonus_cap: coinsOrNone('cap per bonus').optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change.' });
export type PromoUpdate = z.infer<typeof PromoUpdateSchema>;

export const PromoRedemptionSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  /** The deposit it was applied to, and the bonus it paid (coins). */
  invoice_id: z.number(),
  deposit: z.number(),
  bonus: z.number(),
  created_at: z.string(),
});
export type PromoRedemption = z.infer<typeof PromoRedemptionSchema>;
export const PromoRedemptionPageSchema = pagedSchema(PromoRedemptionSchema);

export const GIFT_KINDS = ['gift', 'voucher'] as const;

export const AdminGiftCodeSchema = z.object({
  id: z.number(),
  kind: z.enum(GIFT_KINDS),
  code: z.string(),
  value: z.number(),
  expires_at: z.string().nullable(),
  disabled_at: z.string().nullable(),
  state: z.enum(CODE_STATES),
  /** Who redeemed it and when (null while unused). */
  redeemed_by: z.object({ user_id: z.number(), name: z.string(), email: z.string() }).nullable(),
  redeemed_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminGiftCode = z.infer<typeof AdminGiftCodeSchema>;
export const AdminGiftCodePageSchema = pagedSchema(AdminGiftCodeSchema);
export const AdminGiftQuerySchema = z.object({
  page,
  kind: z.enum(GIFT_KINDS).optional().or(z.literal('').transform(() => undefined)),
  /** `used_up`: the redemptions. */
  state: z.enum(CODE_STATES).optional().or(z.literal('').transform(() => undefined)),
  q: z.string().trim().max(40).optional().or(z.literal('').transform(() => undefined)),
});

/** POST /api/admin/gift-codes: mint `count` codes worth `value` coins each. */
export const GiftMintSchema = z.object({
  kind: z.enum(GIFT_KINDS, { error: 'The kind is gift or voucher.' }),
  value: coinAmount({ min: 1, max: 100_000_00 }),
  count: z.number({ error: 'The count must be a whole number.' }).int('The count must be a whole number.').min(1, 'Mint at least 1.').max(500, 'At most 500 at a time.'),
  expires_at: expiresAt.default(null),
});
export const GiftMintAnswerSchema = z.object({ message: z.string(), codes: z.array(z.string()) });

/** PATCH /api/admin/gift-codes/:id */
export const GiftUpdateSchema = z
  .object({ expires_at: expiresAt.optional(), disabled: z.boolean().optional() })
  .refine((v) => v.expires_at !== undefined || v.disabled !== undefined, { message: 'Nothing to change.' });
export type GiftUpdate = z.infer<typeof GiftUpdateSchema>;

export const AdminMessageSchema = z.object({ message: z.string() });

/** GET /api/admin/promo-codes/:id/redemptions: the page only. */
export const PromoRedemptionsQuerySchema = z.object({ page: AdminCodesQuerySchema.shape.page });
