import { z } from 'zod';
import { coinAmount } from './amount.ts';
import { SETTING_GAMES } from '../games/gameSettings.ts';

// The console's game settings (docs/operator-console.md, "Game settings"): GET /api/admin/settings
// lists every game's limits with the bounds they may move within; PUT /api/admin/settings/:game
// (admins only) narrows them. Coins on the wire, cents inside (coinAmount).

const limits = z.object({ min_bet: z.number(), max_bet: z.number(), max_payout: z.number() });

export const GameSettingSchema = limits.extend({
  game: z.enum(SETTING_GAMES),
  /** The game's own limits: a setting may only narrow them. */
  bounds: limits,
  /** Whether an admin narrowed the game's own limits. */
  narrowed: z.boolean(),
  /** Whether the console sets the payout cap (crash caps its payouts by configuration). */
  payout_cap_settable: z.boolean(),
  updated_at: z.string().nullable(),
});
export type GameSettingView = z.infer<typeof GameSettingSchema>;
export const GameSettingsAnswerSchema = z.object({ data: z.array(GameSettingSchema) });

export const GameSettingParams = z.object({ game: z.enum(SETTING_GAMES, { error: `The game must be one of ${SETTING_GAMES.join(', ')}.` }) });

/** PUT /api/admin/settings/:game: the new limits in coins. */
export const GameSettingBodySchema = z.object({ min_bet: coinAmount(), max_bet: coinAmount(), max_payout: coinAmount() });
export type GameSettingBody = z.input<typeof GameSettingBodySchema>;
export const GameSettingSavedSchema = z.object({ message: z.string(), data: GameSettingSchema });
