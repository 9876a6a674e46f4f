import { sql, type SelectQueryBuilder } from 'kysely';
import { centsToCoins } from '../../core/money/cents.ts';
import type { BetVerification, GameBetRow, GameLeaderboardMetric, GameLeaderboardPeriod, HistoryScope } from '../../core/protocol/games.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
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

/** What a listed bet shows, whichever table it is read from: amounts in cents, the seed pair's public fields. */
export interface ListedBet {
  id: number;
  game: GameBetRow['game'];
  user_id: number;
  name: string;
  avatar_url: string | null;
  stake: number;
  payout: number;
  multiplier: number;
  nonce: number;
  placed_at: Date | string;
  server_seed_hash: string;
  client_seed: string;
  server_seed: string | null;
}

/** A history's row: the bet in coins, with what its calculator needs (the game's own inputs when it has them). */
export function listedRow(r: ListedBet, inputs: Pick<BetVerification, 'rows' | 'risk' | 'chance'> = {}): GameBetRow {
  return {
    id: r.id,
    game: r.game,
    user: { id: r.user_id, name: r.name, avatar_url: r.avatar_url },
    amount: centsToCoins(r.stake),
    multiplier: r.multiplier,
    payout: centsToCoins(r.payout),
    nonce: r.nonce,
    created_at: new Date(r.placed_at).toISOString(),
    fair: { server_seed_hash: r.server_seed_hash, client_seed: r.client_seed, nonce: r.nonce, server_seed: r.server_seed, ...inputs },
  };
}

function toRow(r: BetRowData): GameBetRow {
  return listedRow({ ...r, stake: r.amount, multiplier: Number(r.multiplier), placed_at: r.created_at }, calculatorInputs(r));
}

/** What a history lists: the scope, the signed-in player for 'mine', how many. */
export interface HistoryQuery {
  scope: HistoryScope;
  userId?: number;
  limit: number;
}

/** The columns a history's scopes read in its table: the bet's player, its payout, and its order from newest (an index's columns). */
export interface ScopeColumns {
  user: string;
  payout: string;
  newest: string[];
}

/**
 * The three scopes, the one rule of every bet list: mine is the player's newest, recent everyone's
 * newest, high wins the largest payouts (the newest first among equals).
 */
export function inScope<TB extends keyof Database, O>(query: SelectQueryBuilder<Database, TB, O>, columns: ScopeColumns, q: HistoryQuery): SelectQueryBuilder<Database, TB, O> {
  let scoped = query;
  if (q.scope === 'mine') scoped = scoped.where(sql.ref(columns.user), '=', q.userId ?? -1);
  if (q.scope === 'high_wins') scoped = scoped.where(sql.ref(columns.payout), '>', 0).orderBy(sql.ref(columns.payout), 'desc');
  for (const column of columns.newest) scoped = scoped.orderBy(sql.ref(column), 'desc');
  return scoped.limit(q.limit);
}

export async function gameHistory(db: Db, q: HistoryQuery & { game: InstantGame }): Promise<GameBetRow[]> {
  const query = betsQuery(db).where('game_bets.game', '=', q.game);
  return (await inScope(query, { user: 'game_bets.user_id', payout: 'game_bets.payout', newest: ['game_bets.id'] }, q).execute()).map(toRow);
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
