import { z } from 'zod';
import { GAME_IDS, GAMES, type GameId } from '../games/catalog.ts';

// The affiliate programme's contract (docs/community.md): the referral code rules, the
// commission table and the shapes of /api/profile/referral-info, referral-code and claim-earnings.

export const REFERRAL_CODE_PATTERN = /^[a-z0-9_-]{3,20}$/;
export const REFERRAL_CODE_MESSAGE = 'The code must be 3 to 20 characters: a–z, 0–9, _ and -.';

/** A code as typed: trimmed and lower-cased before the rule is checked. */
export const referralCodeField = z
  .string({ error: 'The code field is required.' })
  .trim()
  .toLowerCase()
  .regex(REFERRAL_CODE_PATTERN, { error: REFERRAL_CODE_MESSAGE });

export const referralCodeRequest = z.object({ code: referralCodeField });
export type ReferralCodeRequest = z.input<typeof referralCodeRequest>;

/**
 * The referrer's share of the house edge, in basis points (2000 = 20 %). The commission of a
 * settled bet is stake × game edge × share, kept exact in units of 10⁻⁸ cent.
 */
export const REFERRAL_SHARE_BP = 2_000;
export const COMMISSION_UNITS_PER_CENT = 100_000_000;
/** Earnings below this many cents cannot be claimed yet (1.00 coin). */
export const REFERRAL_MIN_CLAIM_CENTS = 100;

/**
 * The nominal house edge of each game whose settled bets earn a commission, in basis points: the
 * games whose catalog entry has `referralCommission`, at their `houseEdgeBp` (core/games/catalog.ts).
 */
export const HOUSE_EDGE_BP = Object.fromEntries(GAME_IDS.flatMap((g) => (GAMES[g].referralCommission ? [[g, GAMES[g].houseEdgeBp]] : []))) as Readonly<Partial<Record<GameId, number>>>;

export const referralInfo = z.object({
  code: z.string(),
  link: z.string(),
  referred: z.number().int(),
  active: z.number().int(),
  wagered: z.number(),
  earnings: z.number(),
  claimed: z.number(),
  rate: z.number(),
  min_claim: z.number(),
  players: z.array(z.object({ name: z.string(), joined_at: z.string(), wagered: z.number(), commission: z.number() })),
  history: z.array(z.object({ date: z.string(), amount: z.number() })),
});
export type ReferralInfo = z.infer<typeof referralInfo>;
export const referralInfoResponse = z.object({ data: referralInfo });
export type ReferralInfoResponse = z.infer<typeof referralInfoResponse>;

export const referralCodeResponse = z.object({ msg: z.string(), code: z.string() });
export type ReferralCodeResponse = z.infer<typeof referralCodeResponse>;
export const claimEarningsResponse = z.object({ msg: z.string(), data: z.object({ amount: z.number(), balance: z.number() }) });
export type ClaimEarningsResponse = z.infer<typeof claimEarningsResponse>;

/** GET /api/ref/{code}: a referral link's invitation as the landing and the sign-up show it; `reward` in coins, 0 for none. */
export const invitation = z.object({ code: z.string(), referrer: z.string(), reward: z.number() });
export type Invitation = z.infer<typeof invitation>;
export const invitationResponse = z.object({ data: invitation });
export type InvitationResponse = z.infer<typeof invitationResponse>;
export const INVITATION_NOT_FOUND = 'This invitation link is not valid.';

/**
 * GET /api/profile/invitation: the signed-in player's own invitation, null without one. `reward` is
 * what was paid once `rewarded`, else what verifying the email will pay (0 for none).
 */
export const playerInvitation = invitation.extend({ rewarded: z.boolean(), verified: z.boolean() });
export type PlayerInvitation = z.infer<typeof playerInvitation>;
export const playerInvitationResponse = z.object({ data: playerInvitation.nullable() });
export type PlayerInvitationResponse = z.infer<typeof playerInvitationResponse>;

/** A referred player's name as other players see it: first and last character, the rest starred. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}*`;
  return `${chars[0]}${'*'.repeat(Math.min(chars.length - 2, 6))}${chars[chars.length - 1]}`;
}
