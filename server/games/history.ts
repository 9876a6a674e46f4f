import { sql } from 'kysely';
import { centsToCoins } from '../../core/money/cents.ts';
import type { BetVerification, GameBetRow, GameLeaderboardMetric, GameLeaderboardPeriod, HistoryScope } from '../../core/protocol/games.ts';
import type { Db } from '../db/database.ts';
import type { InstantGame } from './schema.ts';
import { descriptorOf, type SeedPairLinkParams } from '../../core/games/catalog.ts';
import { leaderboardWeekStart } from '../../core/games/rewards.ts';

export { leaderboardWeekStart };

// Histories of the instant games from game_bets: the player's own bets ("mine"), everyone's
// latest ("recent") and the biggest payouts ("high_wins"); and the per-game leaderboard. Each
// row carries what the game's fairness calculator needs to verify it (its seed pair and nonce).
// Leaderboard weeks start on Thursday 18:00 UTC (docs/product.md §9: weekly reset on Thursday at 18:00).

export function periodStart(period: GameLeaderboardPeriod, now: Date): Date | null {
  if (period === 'all') return null;
  if (period === 'day') return new Date(now.getTime() - 24 * 3600 * 1000);
  return leaderboardWeekStart(now);
}

/**
 * The server seed of the pair aliased `pairs`, only once that pair is revealed: an active pair's
 * seed would let anyone predict the player's next outcomes, so it never leaves the database.
 */
export function revealedServerSeed(pairs: string) {
  return sql<string | null>`case when ${sql.ref(`${pairs}.revealed_at`)} is not null then ${sql.ref(`${pairs}.server_seed`)} end`;
}

function betsQuery(db: Db) {
  return db
    .selectFrom('game_bets')
    .innerJoin('users', 'users.id', 'game_bets.user_id')
    .innerJoin('seed_pairs', 'seed_pairs.id', 'game_bets.seed_pair_id')
    .select([
      'game_bets.id',
      'game_bets.game',
      'game_bets.user_id',
      'users.name',
      'users.avatar_url',
      'game_bets.amount',
      'game_bets.payout',
      'game_bets.multiplier',
      'game_bets.nonce',
      'game_bets.created_at',
      'game_bets.params',
      'game_bets.outcome',
      'seed_pairs.server_seed_hash',
      'seed_pairs.client_seed',
      revealedServerSeed('seed_pairs').as('server_seed'),
    ]);
}

type BetRowData = Awaited<ReturnType<ReturnType<typeof betsQuery>['execute']>>[number];

/** The game's own calculator inputs, picked from the stored bet (never the whole params: they name inventory ids). */
export function calculatorInputs(r: Pick<BetRowData, 'game' | 'params' | 'outcome'>): Pick<BetVerification, 'rows' | 'risk' | 'chance'> {
  const fairness = descriptorOf(r.game).fairness;
  const { rows, risk, chance }: SeedPairLinkParams = fairness.scheme === 'seed_pair' ? fairness.linkInputs(r) : {};
  return { ...(rows === undefined ? {} : { rows }), ...(risk === undefined ? {} : { risk }), ...(chance === undefined ? {} : { chance }) };
}

function toRow(r: BetRowData): GameBetRow {
  return {
    id: r.id,
    game: r.game,
    user: { id: r.user_id, name: r.name, avatar_url: r.avatar_url },
    amount: centsToCoins(r.amount),
    multiplier: Number(r.multiplier),
    payout: centsToCoins(r.payout),
    nonce: r.nonce,
    created_at: new Date(r.created_at).toISOString(),
    fair: { server_seed_hash: r.server_seed_hash, client_seed: r.client_seed, nonce: r.nonce, server_seed: r.server_seed, ...calculatorInputs(r) },
  };
}

/** What a history lists: the scope, the signed-in player for 'mine', how many. */
export interface HistoryQuery {
  scope: HistoryScope;
  userId?: number;
  limit: number;
}

export async function gameHistory(db: Db, q: HistoryQuery & { game: InstantGame }): Promise<GameBetRow[]> {
  let query = betsQuery(db).where('game_bets.game', '=', q.game);
  if (q.scope === 'mine') query = query.where('game_bets.user_id', '=', q.userId ?? -1).orderBy('game_bets.id', 'desc');
  else if (q.scope === 'recent') query = query.orderBy('game_bets.id', 'desc');
  else query = query.where('game_bets.payout', '>', 0).orderBy('game_bets.payout', 'desc').orderBy('game_bets.id', 'desc');
  return (await query.limit(q.limit).execute()).map(toRow);
}

/** The best bets of a period by payout (win_amount) or multiplier; one row per bet. */
export async function gameLeaderboard(db: Db, q: { game: InstantGame; metric: GameLeaderboardMetric; period: GameLeaderboardPeriod; limit: number }, now = new Date()) {
  const since = periodStart(q.period, now);
  let query = betsQuery(db).where('game_bets.game', '=', q.game).where('game_bets.payout', '>', 0);
  if (since) query = query.where('game_bets.created_at', '>=', since);
  query = q.metric === 'multiplier' ? query.orderBy('game_bets.multiplier', 'desc').orderBy('game_bets.payout', 'desc') : query.orderBy('game_bets.payout', 'desc');
  const rows = (await query.orderBy('game_bets.id', 'asc').limit(q.limit).execute()).map(toRow);
  return { metric: q.metric, period: q.period, since: since?.toISOString() ?? null, resets_at: q.period === 'week' ? new Date(leaderboardWeekStart(now).getTime() + 7 * 24 * 3600 * 1000).toISOString() : null, rows };
}
