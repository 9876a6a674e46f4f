import { centsToCoins } from '../../core/money/cents.ts';
import { GAME_LIMIT_BOUNDS, PAYOUT_CAP_GAMES, type GameLimits } from '../../core/games/gameSettings.ts';
import type { GameSettingView } from '../../core/protocol/adminSettings.ts';
import type { GameSetting } from './gameSettings.ts';

// A game setting as the console and the ops command show it: coins, with the bounds it may move within.

const coins = (l: GameLimits) => ({ min_bet: centsToCoins(l.minBet), max_bet: centsToCoins(l.maxBet), max_payout: centsToCoins(l.maxPayout) });

export function settingView(s: GameSetting): GameSettingView {
  return {
    game: s.game,
    ...coins(s),
    bounds: coins(GAME_LIMIT_BOUNDS[s.game]),
    narrowed: s.narrowed,
    payout_cap_settable: PAYOUT_CAP_GAMES.includes(s.game),
    updated_at: s.updatedAt === null ? null : s.updatedAt.toISOString(),
  };
}
