import type { Db } from '../../server/db/database.ts';
import type { InstantGame } from '../../server/games/schema.ts';

// Reads the server tests make over and over: a player's seed pair and instant-game bets.

/** The player's seed pair, for a player who has never rotated (so has exactly one). */
export function seedPairOf(db: Db, userId: number) {
  return db.selectFrom('seed_pairs').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
}

/** The player's active (unrevealed) seed pair, the one the next bet draws from. */
export function activeSeedPair(db: Db, userId: number) {
  return db.selectFrom('seed_pairs').selectAll().where('user_id', '=', userId).where('revealed_at', 'is', null).executeTakeFirstOrThrow();
}

/** The player's instant-game bets (of one game when given), oldest first. */
export function betsOf(db: Db, userId: number, game?: InstantGame) {
  let query = db.selectFrom('game_bets').selectAll().where('user_id', '=', userId);
  if (game) query = query.where('game', '=', game);
  return query.orderBy('id').execute();
}
