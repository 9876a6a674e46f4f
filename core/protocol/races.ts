import { z } from 'zod';
import { emptyIsUnset } from './limitQuery.ts';
import { RACE_KINDS, RACE_METRICS, RACE_ROW_METRICS } from '../games/races.ts';
import { LeaderboardRowSchema } from './rewards.ts';

// The races contract (docs/rewards.md, "Races"). Amounts on the wire are coins; a best_multiplier
// value is the multiplier.
//   GET  /api/races?limit=1..100   → {data: {races: Race[], paused}} (the running races)
//   POST /api/admin/races          → {message, data: Race} (the console; admins)

export const RacesQuerySchema = z.object({
  limit: z.preprocess(emptyIsUnset, z.coerce.number().int().min(1).max(100).default(10)),
});

/** A place: as the leaderboard's (name, avatar, level), value in coins or the multiplier, prize in coins. */
export const RaceRowSchema = LeaderboardRowSchema;

export const RaceSchema = z.object({
  id: z.number().int(),
  kind: z.enum(RACE_KINDS),
  name: z.string(),
  metric: z.enum(RACE_ROW_METRICS),
  /** The scope: a game id, or a box (its id and name); both null for every game. */
  game: z.string().nullable(),
  box: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** Coins by place, first place first. */
  prizes: z.array(z.number()),
  /** The smallest stake (coins) whose multiplier counts (best_multiplier). */
  min_stake: z.number(),
  rows: z.array(RaceRowSchema),
  me: z.object({ rank: z.number().int(), value: z.number() }).nullable(),
});
export type Race = z.infer<typeof RaceSchema>;
export type RaceRow = z.infer<typeof RaceRowSchema>;

export const RacesAnswerSchema = z.object({
  /** paused: the signed-in player is on a break, so no race is offered (races is empty). */
  data: z.object({ races: z.array(RaceSchema), paused: z.boolean() }),
});
export type RacesAnswer = z.infer<typeof RacesAnswerSchema>;

export const RaceCreateSchema = z.object({
  name: z.string().max(80),
  metric: z.enum(RACE_METRICS),
  game: z.string().nullable().default(null),
  box_id: z.number().int().nullable().default(null),
  starts_at: z.string(),
  ends_at: z.string(),
  /** Coins by place. */
  prizes: z.array(z.number()).max(100),
});
export const RaceCreatedSchema = z.object({ message: z.string(), data: RaceSchema });
