import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import { GAME_IDS, GAMES } from '../../core/games/catalog.ts';

// What was played, as every reader of it counts it (docs/architecture.md, "The bets journal"): the
// bets journal's rows (`bets`), one per stake of every game. A bet is play while it is open or
// settled; a refunded bet (taken back, a canceled battle) or a voided one (a round not played) gave
// its stake back and counts for nothing. Nothing here reads a ledger reason: a stake is a stake
// because the journal holds it. Limits, the reality check, cashback and the bonus
// wagering all sum through this file, so they cannot disagree on what a stake is.

/** The condition that keeps a journal row (aliased `alias`) that is play. */
export function isPlay(alias: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(`${alias}.status`)} in ('open', 'settled')`;
}

export interface PlaySums {
  /** Stakes of the bets that are play (cents). */
  staked: number;
  /** What those bets paid back (cents): coin wins and the value of items won. */
  won: number;
}

/**
 * A player's stakes and payouts of the bets placed since each of `since`'s instants (one sum per
 * key), read down the journal's (player, time) index from the earliest of them.
 */
export async function playSince<K extends string>(db: Db, userId: number, since: Record<K, Date>): Promise<Record<K, PlaySums>> {
  const keys = Object.keys(since) as K[];
  const earliest = keys.reduce((min, k) => (since[k] < min ? since[k] : min), since[keys[0]!]);
  const from = (k: K) => sql`b.placed_at >= ${since[k].toISOString()}::timestamptz`;
  const { rows } = await sql<Record<string, string | null>>`
    select ${sql.join(keys.flatMap((k, i) => [sql`sum(b.stake) filter (where ${from(k)}) as ${sql.ref(`s${i}`)}`, sql`sum(b.payout) filter (where ${from(k)}) as ${sql.ref(`w${i}`)}`]))}
    from bets b
    where b.user_id = ${userId} and b.placed_at >= ${earliest.toISOString()}::timestamptz and ${isPlay('b')}`.execute(db);
  const row = rows[0] ?? {};
  return Object.fromEntries(keys.map((k, i) => [k, { staked: Number(row[`s${i}`] ?? 0), won: Number(row[`w${i}`] ?? 0) }])) as Record<K, PlaySums>;
}

/** A player's stakes per game of the bets placed in [start, end) that are play (cents). */
export async function stakesByGame(db: Db, userId: number, start: Date, end: Date): Promise<Map<string, number>> {
  const { rows } = await sql<{ game: string; staked: string }>`
    select b.game, sum(b.stake)::bigint as staked from bets b
    where b.user_id = ${userId} and b.placed_at >= ${start.toISOString()}::timestamptz and b.placed_at < ${end.toISOString()}::timestamptz and ${isPlay('b')}
    group by b.game`.execute(db);
  return new Map(rows.filter((r) => Number(r.staked) > 0).map((r) => [r.game, Number(r.staked)]));
}

/**
 * What a journal row (aliased `alias`) counts toward a bonus's wagering requirement, in cents times
 * 100: its stake times its game's weight in percent: the grant's own weight for the game when
 * `grantWeights` (a jsonb expression, game id → percent) names it, else the catalog's
 * (core/games/catalog.ts, `bonusWeightPct`). A sum of it divided by 100 (rounded down) is the
 * weighted wager; a game missing from both counts nothing.
 */
export function bonusWeightedStake(alias: string, grantWeights?: RawBuilder<unknown>): RawBuilder<number> {
  const weights = GAME_IDS.filter((g) => GAMES[g].bonusWeightPct > 0);
  const game = sql.ref(`${alias}.game`);
  const catalog = sql`(case ${game} ${sql.join(
    weights.map((g) => sql`when ${g} then ${sql.lit(GAMES[g].bonusWeightPct)}`),
    sql` `,
  )} else 0 end)`;
  const weight = grantWeights === undefined ? catalog : sql`coalesce((${grantWeights} ->> ${game})::int, ${catalog})`;
  return sql<number>`${sql.ref(`${alias}.stake`)} * ${weight}`;
}
