import type { Timestamp } from '../db/columns.ts';
import type { SettingGame } from '../../core/games/gameSettings.ts';

// Tables of migration 1035_game_settings (docs/operator-console.md, "Game settings").
export interface GameSettingsTables {
  game_settings: {
    game: SettingGame;
    /** Cents. */
    min_bet: number;
    max_bet: number;
    max_payout: number;
    updated_by: number | null;
    updated_at: Timestamp;
  };
}
