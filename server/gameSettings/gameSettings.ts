import type { Db } from '../db/database.ts';
import type { Bus } from '../realtime/bus.ts';
import { announceChange, createNodeMirror } from '../realtime/nodeMirror.ts';
import { audit, type Actor } from '../admin/audit.ts';
import { fieldError, validationError } from '../http/errors.ts';
import { GAME_LIMIT_BOUNDS, SETTING_GAMES, gameLimitsProblems, stakeProblem, type GameLimits, type SettingGame } from '../../core/games/gameSettings.ts';

// The one reader of the game settings (docs/operator-console.md, "Game settings"). Every node keeps
// the current limits in memory, so a bet checks them without a query (the dice and plinko bets
// settle in one statement, and a query more per bet would double their round trips). A change is
// written with its audit row in one transaction, then every node re-reads the table
// (server/realtime/nodeMirror.ts: told by the bus, and every `pollMs`). No restart either way.

export const GAME_SETTINGS_CHANNEL = 'game-settings';
/** How often a node re-reads the settings without being told (the bus is the fast path). */
export const GAME_SETTINGS_POLL_MS = 10_000;

export interface GameSetting extends GameLimits {
  game: SettingGame;
  /** Whether an admin narrowed the game's own limits (a row exists). */
  narrowed: boolean;
  updatedAt: Date | null;
}

export interface GameSettings {
  limits(game: SettingGame): GameLimits;
  list(): GameSetting[];
  /** A refused stake is the 422 on `amount`, in the route schemas' words. `bestPayout`: the bet's largest possible payout in cents. */
  checkStake(game: SettingGame, amount: number, bestPayout: number): void;
  /** Re-reads the table now (the bus and the poll call it). */
  reload(): Promise<void>;
  close(): void;
}

export async function readGameSettings(db: Db): Promise<GameSetting[]> {
  const rows = await db.selectFrom('game_settings').selectAll().execute();
  return SETTING_GAMES.map((game) => {
    const row = rows.find((r) => r.game === game);
    if (!row) return { game, ...GAME_LIMIT_BOUNDS[game], narrowed: false, updatedAt: null };
    return { game, minBet: Number(row.min_bet), maxBet: Number(row.max_bet), maxPayout: Number(row.max_payout), narrowed: true, updatedAt: new Date(row.updated_at) };
  });
}

export async function createGameSettings(db: Db, bus: Bus, options: { pollMs?: number } = {}): Promise<GameSettings> {
  const mirror = await createNodeMirror(() => readGameSettings(db), bus, GAME_SETTINGS_CHANNEL, options.pollMs ?? GAME_SETTINGS_POLL_MS);
  const limits = (game: SettingGame) => mirror.current().find((s) => s.game === game) ?? { ...GAME_LIMIT_BOUNDS[game] };
  return {
    limits,
    list: () => mirror.current(),
    checkStake(game, amount, bestPayout) {
      const problem = stakeProblem(limits(game), amount, bestPayout);
      if (problem) throw fieldError('amount', problem);
    },
    reload: mirror.reload,
    close: mirror.close,
  };
}

/**
 * Sets a game's limits (cents), refused as a 422 per field outside the game's own bounds; writes
 * the audit row in the same transaction and tells every node after commit. Answers before and after.
 */
export async function setGameLimits(db: Db, bus: Bus | null, actor: Actor, game: SettingGame, next: GameLimits): Promise<{ before: GameLimits; after: GameLimits }> {
  const problems = gameLimitsProblems(game, next);
  if (Object.keys(problems).length > 0) throw validationError(Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, [message]])));
  const result = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('game_settings').selectAll().where('game', '=', game).forUpdate().executeTakeFirst();
    const before: GameLimits = row ? { minBet: Number(row.min_bet), maxBet: Number(row.max_bet), maxPayout: Number(row.max_payout) } : { ...GAME_LIMIT_BOUNDS[game] };
    const after: GameLimits = { minBet: next.minBet, maxBet: next.maxBet, maxPayout: next.maxPayout };
    await trx
      .insertInto('game_settings')
      .values({ game, min_bet: after.minBet, max_bet: after.maxBet, max_payout: after.maxPayout, updated_by: actor.userId, updated_at: new Date() })
      .onConflict((oc) => oc.column('game').doUpdateSet({ min_bet: after.minBet, max_bet: after.maxBet, max_payout: after.maxPayout, updated_by: actor.userId, updated_at: new Date() }))
      .execute();
    await audit(trx, actor, { action: 'game_settings.update', targetKind: 'game_settings', targetId: game, before, after });
    return { before, after };
  });
  announceChange(bus, GAME_SETTINGS_CHANNEL, { game });
  return result;
}
