import { z } from 'zod';
import { PUBLIC_STATS } from './publicStats.ts';

// Public profiles (docs/community.md, "Public profiles"). Amounts on the wire are coins.
//   GET /api/players/{name}      → {data: PublicProfile} (public; 404 {message, msg} for no such player)
//   GET /api/profile/public      → {data: {hidden: PublicStat[]}} (signed in)
//   PUT /api/profile/public {hidden} → {data: {hidden}}
//   PUT /api/profile/streamer-mode {on} → {data: {on}} (signed in; docs/community.md, "Streamer mode")

export const PublicProfileParams = z.object({ name: z.string().min(1).max(64) });

export const PublicProfileSchema = z.object({
  name: z.string(),
  avatar: z.string().nullable(),
  level: z.number(),
  rank: z.object({ tier: z.string(), name: z.string() }),
  joined_at: z.date(),
  /** Each null when the player hides it. */
  stats: z.object({ wagered: z.number().nullable(), bets: z.number().nullable(), best_multiplier: z.number().nullable(), biggest_win: z.number().nullable() }),
  /** The missions done (each is a badge, docs/rewards.md "Missions"), in the missions' order. */
  badges: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;
export const PublicProfileAnswerSchema = z.object({ data: PublicProfileSchema });

export const PublicProfileSettingsSchema = z.object({ hidden: z.array(z.enum(PUBLIC_STATS)).max(PUBLIC_STATS.length) });
export const PublicProfileSettingsAnswerSchema = z.object({ data: PublicProfileSettingsSchema });

export const StreamerModeSchema = z.object({ on: z.boolean() });
export const StreamerModeAnswerSchema = z.object({ data: StreamerModeSchema });
