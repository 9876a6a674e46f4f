import { z } from 'zod';
import { coinAmount } from './amount.ts';
import { EXCLUSION_CHOICE_KEYS, LIMIT_KINDS, LIMIT_PERIODS, REALITY_CHECK_MINUTES } from '../games/playLimits.ts';

// Calls of the responsible-gaming page (docs/account-safety.md, "Limits and exclusions"): limits,
// breaks and the reality check, shared by the routes and the page.

/** One limit: null amount removes it (after 24 hours, as a raise). */
export const LimitBodySchema = z.object({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  amount: coinAmount({ min: 100, max: 10_000_000 * 100, minMessage: 'A limit is at least 1 coin.' }).nullable(),
});
export type LimitBody = z.input<typeof LimitBodySchema>;

export const ExclusionBodySchema = z.object({ choice: z.enum(EXCLUSION_CHOICE_KEYS) });
export type ExclusionBody = z.input<typeof ExclusionBodySchema>;

const minutesChoice = z.union(REALITY_CHECK_MINUTES.map((m) => z.literal(m)) as unknown as [z.ZodLiteral<15>, z.ZodLiteral<30>, z.ZodLiteral<60>]);
export const RealityCheckBodySchema = z.object({ minutes: minutesChoice.nullable() });
export type RealityCheckBody = z.input<typeof RealityCheckBodySchema>;

export const LimitStateSchema = z.object({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  /** Coins; null: no limit now. */
  amount: z.number().nullable(),
  /** What is used of it in the period (coins): deposits, stakes, or stakes less wins. */
  used: z.number(),
  resets_at: z.string(),
  /** A raise or removal waiting for its time (amount null: removal). */
  pending: z.object({ amount: z.number().nullable(), applies_at: z.string() }).nullable(),
});
export type LimitState = z.infer<typeof LimitStateSchema>;

/**
 * Why the player cannot stake (or deposit) now, before they try: a break (its kind) or a limit with
 * nothing left (its kind), the words to show and when it ends (null: indefinite). Null: nothing stops it.
 */
export const PlayBlockSchema = z
  .object({
    reason: z.enum(['cool_off', 'self_exclusion', ...LIMIT_KINDS]),
    message: z.string(),
    until: z.string().nullable(),
  })
  .nullable();
export type PlayBlock = z.infer<typeof PlayBlockSchema>;

export const ResponsibleStateSchema = z.object({
  data: z.object({
    limits: z.array(LimitStateSchema),
    /** A break that has not ended (until null: indefinite). */
    exclusion: z.object({ kind: z.enum(['cool_off', 'self_exclusion']), until: z.string().nullable(), message: z.string() }).nullable(),
    reality_check_minutes: minutesChoice.nullable(),
    /** What is closed now, read by every game page, the box page and the cashier (one rule: the server's). */
    blocked: z.object({ stake: PlayBlockSchema, deposit: PlayBlockSchema }),
  }),
});
export type ResponsibleState = z.infer<typeof ResponsibleStateSchema>;

/** The signed-in session's play, for the reality check: since sign-in, from the ledger. */
export const PlaySessionSchema = z.object({
  data: z.object({
    started_at: z.string(),
    minutes: z.number().int(),
    /** Coins: stakes in the session (less refunds). */
    staked: z.number(),
    /** Coins: `*_win` credits in the session. */
    won: z.number(),
    /** Coins: won − staked. */
    net: z.number(),
    reality_check_minutes: minutesChoice.nullable(),
  }),
});
export type PlaySession = z.infer<typeof PlaySessionSchema>;
