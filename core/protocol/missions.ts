import { z } from 'zod';
import { MISSION_IDS } from '../games/missions.ts';

// The challenges and missions contract (docs/rewards.md, "Challenges" and "Missions"). Amounts on
// the wire are coins; multipliers are the multiplier.
//   GET  /api/challenges                → {data: {challenges: Challenge[], paused, limit_reached}}
//   GET  /api/missions                  → {data: {missions: Mission[], badges, paused, limit_reached}} (signed in)
//   POST /api/missions/:id/claim        → {msg, data: {amount, balance}}; 422 {message, msg}
//   POST /api/admin/challenges          → {message, data: Challenge} (the console; admins)

export const ChallengeRowSchema = z.object({
  place: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  level: z.number().int(),
  /** The winning bet's multiplier. */
  multiplier: z.number(),
  /** The winning bet's public id: its page /bets/{bet} shows its fairness data. */
  bet: z.string(),
  /** Paid (false: the journal names it, the leader's next check pays it). */
  paid: z.boolean(),
});

export const ChallengeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The scope: a game id, or a box (its id and name); both null for every game. */
  game: z.string().nullable(),
  box: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  multiplier: z.number(),
  min_stake: z.number(),
  prize: z.number(),
  winners: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** Places still to win and not ended. */
  open: z.boolean(),
  rows: z.array(ChallengeRowSchema),
});
export type Challenge = z.infer<typeof ChallengeSchema>;

/** paused: on a break, nothing is offered; limit_reached: a loss limit is reached, no offer to play. */
export const ChallengesAnswerSchema = z.object({ data: z.object({ challenges: z.array(ChallengeSchema), paused: z.boolean(), limit_reached: z.boolean() }) });
export type ChallengesAnswer = z.infer<typeof ChallengesAnswerSchema>;

export const MissionSchema = z.object({
  id: z.enum(MISSION_IDS as [string, ...string[]]),
  title: z.string(),
  description: z.string(),
  /** Coins of bonus money. */
  reward: z.number(),
  done: z.boolean(),
  claimed: z.boolean(),
});
export type Mission = z.infer<typeof MissionSchema>;
export const BadgeSchema = z.object({ id: z.string(), title: z.string() });
export type Badge = z.infer<typeof BadgeSchema>;

export const MissionsAnswerSchema = z.object({ data: z.object({ missions: z.array(MissionSchema), badges: z.array(BadgeSchema), paused: z.boolean(), limit_reached: z.boolean() }) });
export type MissionsAnswer = z.infer<typeof MissionsAnswerSchema>;

export const MissionParamsSchema = z.object({ id: z.string().max(64) });
export const MissionClaimAnswerSchema = z.object({ msg: z.string(), data: z.object({ amount: z.number(), balance: z.number() }) });

export const ChallengeCreateSchema = z.object({
  name: z.string().max(80),
  game: z.string().nullable().default(null),
  box_id: z.number().int().nullable().default(null),
  /** The multiplier to reach. */
  multiplier: z.number(),
  /** Coins. */
  min_stake: z.number(),
  prize: z.number(),
  winners: z.number(),
  starts_at: z.string().nullable().optional(),
  ends_at: z.string(),
});
export const ChallengeCreatedSchema = z.object({ message: z.string(), data: ChallengeSchema });
