import { z } from 'zod';

// The signed-in player as GET /api/profile returns it (`{data: User}`), docs/product.md §3.
export const UserLevelSchema = z.object({
  level: z.number(),
  /** XP so far (cents wagered, see docs/levels.md). */
  value: z.number(),
  /** XP where this level starts and where the next one starts. */
  from: z.number(),
  to: z.number(),
});
export type UserLevel = z.infer<typeof UserLevelSchema>;

export const UserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  avatar_url: z.string().nullable(),
  verified: z.boolean(),
  /** Coins with 2 decimals, e.g. 33.75. */
  balance: z.number(),
  user_level: UserLevelSchema,
  /** Streamer mode: this player's screens hide their balance, name and email (docs/community.md). */
  streamer_mode: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;
/** GET /api/profile. */
export const ProfileAnswerSchema = z.object({ data: UserSchema });
export type ProfileAnswer = z.infer<typeof ProfileAnswerSchema>;
