import { z } from 'zod';
import { pagedSchema } from './paged.ts';
import { coinAmount } from './amount.ts';
import { ShippingAddressFieldsSchema } from './shipping.ts';
import { ResponsibleStateSchema } from './responsible.ts';
import { STAFF_ROLES } from './admin.ts';
import { bonusDays, wageringMultiple } from './adminCodes.ts';

// The console's players (docs/operator-console.md, "Players"): search, a player's profile, and the
// changes an operator may make: a manual adjustment (a ledger movement with a required note) and a
// lock. A player's sessions, bets and ledger answer the shapes of the player's own lists.

/** A query filter left empty is no filter (the console's lists send every field). */
export const blankIsUnset = <T extends z.ZodType>(schema: T) => schema.optional().or(z.literal('').transform(() => undefined));

/** What the search compares `q` with; `any` tries each. */
export const PLAYER_SEARCH_FIELDS = ['any', 'name', 'email', 'id', 'address'] as const;
export type PlayerSearchField = (typeof PLAYER_SEARCH_FIELDS)[number];
export const PLAYERS_PER_PAGE = 25;

/** GET /api/admin/players */
export const PlayerSearchQuerySchema = z.object({
  q: blankIsUnset(z.string().trim().max(120)),
  by: z.enum(PLAYER_SEARCH_FIELDS, { error: `The field must be one of ${PLAYER_SEARCH_FIELDS.join(', ')}.` }).default('any'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type PlayerSearchQuery = z.input<typeof PlayerSearchQuerySchema>;

export const PlayerSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  /** Coins. */
  balance: z.number(),
  created_at: z.string(),
  locked: z.boolean(),
});
export type PlayerSummary = z.infer<typeof PlayerSummarySchema>;
export const PlayerSearchPageSchema = pagedSchema(PlayerSummarySchema);

/** GET /api/admin/players/{id} */
export const PlayerProfileSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  created_at: z.string(),
  /** Coins. */
  balance: z.number(),
  /** Coins staked in all time (the XP of levels). */
  wagered: z.number(),
  two_factor: z.boolean(),
  staff_role: z.enum(STAFF_ROLES).nullable(),
  locked: z.object({ reason: z.string(), at: z.string(), by: z.string() }).nullable(),
  shipping_address: ShippingAddressFieldsSchema.nullable(),
  /** Limits, the break (a self-exclusion is shown, never ended here) and the reality check, as the player sees them. */
  responsible: ResponsibleStateSchema.shape.data,
});
export type PlayerProfile = z.infer<typeof PlayerProfileSchema>;

/** GET /api/admin/players/{id}/sessions: the player's live sessions. */
export const PlayerSessionsSchema = z.array(z.object({ id: z.string(), device: z.string(), address: z.string(), created_at: z.string(), last_seen_at: z.string() }));
export type PlayerSessions = z.infer<typeof PlayerSessionsSchema>;

export const ADJUSTMENT_NOTE = { min: 5, max: 500 } as const;

/** Why an operator made a change (an adjustment's note, a lock's reason): required, kept with the change. */
const reasonText = z
  .string({ error: 'The reason field is required.' })
  .trim()
  .min(ADJUSTMENT_NOTE.min, { error: `The reason must be at least ${ADJUSTMENT_NOTE.min} characters.` })
  .max(ADJUSTMENT_NOTE.max, { error: `The reason may not be greater than ${ADJUSTMENT_NOTE.max} characters.` });

/** POST /api/admin/players/{id}/adjustments: a credit or debit between the player and the house. */
/**
 * A console credit marked as bonus (docs/bonuses.md, "Console bonus credits"): the wager it asks as a
 * multiple of the credit, the days it lives, and its maximum bet (coins in, cents out; null: none).
 */
export const AdjustmentBonusSchema = z.object({
  wagering_multiple: wageringMultiple,
  bonus_days: bonusDays,
  max_bet: coinAmount({ min: 1, max: 1_000_000 * 100 }).nullable().default(null),
});
export type AdjustmentBonus = z.infer<typeof AdjustmentBonusSchema>;
/** The wire's shape of a bonus's terms in the console's answers (coins). */
const AdjustmentBonusWireSchema = z.object({ wagering_multiple: z.number(), bonus_days: z.number(), max_bet: z.number().nullable() });

export const AdjustmentBodySchema = z
  .object({
    direction: z.enum(['credit', 'debit'], { error: 'The direction must be credit or debit.' }),
    amount: coinAmount({ min: 1, max: 1_000_000 * 100 }),
    note: reasonText,
    /** Null or absent: plain coins. */
    bonus: AdjustmentBonusSchema.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.bonus !== null && v.direction === 'debit') ctx.addIssue({ code: 'custom', path: ['bonus'], message: 'Only a credit can be marked as bonus.' });
  });
export type AdjustmentBody = z.input<typeof AdjustmentBodySchema>;
export const AdjustmentAnswerSchema = z.object({ message: z.string(), adjustment_id: z.number(), balance: z.number() });
/** 202 of the same route: a credit above the approval threshold waits for a second staff member. */
export const AdjustmentPendingAnswerSchema = z.object({ message: z.string(), pending_id: z.number() });

/** GET /api/admin/adjustments/pending: credits waiting for a second staff member, oldest first. */
export const PendingAdjustmentSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  player: z.string(),
  amount: z.number(),
  note: z.string(),
  requested_by: z.number(),
  requester: z.string(),
  requested_at: z.string(),
  /** The player's risk score from their linked accounts (docs/risk.md, "Score"). */
  risk_score: z.number().int(),
  /** A credit marked as bonus: its terms; null: plain coins. */
  bonus: AdjustmentBonusWireSchema.nullable(),
});
export type PendingAdjustment = z.infer<typeof PendingAdjustmentSchema>;
export const PendingAdjustmentListSchema = z.array(PendingAdjustmentSchema);

/** POST /api/admin/players/{id}/lock */
export const LockBodySchema = z.object({ reason: reasonText });
export type LockBody = z.input<typeof LockBodySchema>;

export const AdminMessageSchema = z.object({ message: z.string() });
