import { z } from 'zod';
import { pagedSchema } from './paged.ts';
import { WITHDRAWAL_STATUSES, WITHDRAWAL_TYPES, WithdrawalSchema, type WithdrawalStatus } from './shipping.ts';
import type { Wire } from './wire.ts';

// The console's shipping queue (docs/operator-console.md, "Shipping"): the players' deliveries and
// crypto withdrawals with who asked, filtered by status, and the operator's moves: in_processing,
// shipped (with the parcel's tracking number), done, or canceled (the items back in the player's
// inventory, the coins back in the balance).

export const SHIPPING_PER_PAGE = 25;

export const OPERATOR_MOVES = ['in_processing', 'shipped', 'done', 'canceled'] as const;
export type OperatorMove = (typeof OPERATOR_MOVES)[number];

export const AdminWithdrawalsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  status: z.enum(Object.keys(WITHDRAWAL_STATUSES) as [WithdrawalStatus, ...WithdrawalStatus[]]).optional().or(z.literal('').transform(() => undefined)),
  type: z.enum(WITHDRAWAL_TYPES).optional().or(z.literal('').transform(() => undefined)),
  user_id: z.coerce.number().int().min(1).optional().or(z.literal('').transform(() => undefined)),
});

/**
 * A withdrawal with who asked and what they brought and played (coins): everything they deposited,
 * everything they staked (their XP), the deposit bonuses they were given and how much of those is
 * still to be staked before it may leave (docs/payments.md, "Bonus coins and withdrawals").
 */
export const AdminWithdrawalSchema = WithdrawalSchema.extend({
  player: z.object({
    name: z.string(),
    email: z.string(),
    deposited: z.number(),
    wagered: z.number(),
    bonuses: z.number(),
    bonus_to_wager: z.number(),
    /** The player's risk score from their linked accounts (docs/risk.md, "Score"). */
    risk_score: z.number().int(),
    /** The player's open requirements (docs/bonuses.md): each active bonus, its progress from the bets journal, its expiry. */
    open_bonuses: z.array(z.object({ amount: z.number(), wagered: z.number(), requirement: z.number(), expires_at: z.string() })),
  }),
});
export type AdminWithdrawal = Wire<z.infer<typeof AdminWithdrawalSchema>>;
export const AdminWithdrawalPageSchema = pagedSchema(AdminWithdrawalSchema);

export const TRACKING_REQUIRED = 'The tracking number is required to ship a delivery.';
export const TRACKING_MESSAGE = 'The tracking number is 3 to 64 letters, digits, spaces or - / . _';

const TRACKING = /^[A-Za-z0-9][A-Za-z0-9 ./_-]{1,62}[A-Za-z0-9]$/;

/** The one rule of a move's tracking number (the console's body and the ops command): required to ship, and of this shape. */
export function trackingProblem(to: OperatorMove, tracking: string | undefined): string | null {
  if (to === 'shipped' && !tracking) return TRACKING_REQUIRED;
  if (tracking && !TRACKING.test(tracking)) return TRACKING_MESSAGE;
  return null;
}

/** POST /api/admin/withdrawals/:id/move. An empty tracking number is none (the console's field left empty). */
export const WithdrawalMoveSchema = z
  .object({
    to: z.enum(OPERATOR_MOVES, { error: `The status must be one of ${OPERATOR_MOVES.join(', ')}.` }),
    tracking_number: z.string({ error: TRACKING_MESSAGE }).trim().max(64, TRACKING_MESSAGE).optional(),
  })
  .superRefine((v, ctx) => {
    const problem = trackingProblem(v.to, v.tracking_number);
    if (problem) ctx.addIssue({ code: 'custom', path: ['tracking_number'], message: problem });
  });
export type WithdrawalMove = z.infer<typeof WithdrawalMoveSchema>;
