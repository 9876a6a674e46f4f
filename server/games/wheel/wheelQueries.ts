import { wheelColorAt, wheelMultiplier, type WheelColor } from '../../../core/games/wheel.ts';
import { centsToCoins } from '../../../core/money/cents.ts';
import type { WheelRecentGame, WheelSeeds, WheelSettledBet } from '../../../core/protocol/wheel.ts';
import type { Db } from '../../db/database.ts';

// The read side of the wheel: recent results, recent and top settled bets, the seeds to verify.

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : '');

/** Ended, played rounds, newest first (a voided round is left out: it was never spun). */
export async function wheelRecentGames(db: Db, limit: number): Promise<WheelRecentGame[]> {
  const rows = await db.selectFrom('rounds').select(['id', 'number', 'outcome', 'hash', 'ended_at']).where('game', '=', 'wheel').where('status', '=', 'ended').where('voided', '=', false).orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => {
    const segment = Number(r.outcome.segment);
    const color = wheelColorAt(segment);
    return { id: r.id, number: Number(r.number), segment, color, multiplier: wheelMultiplier(color), hash: r.hash, ended_at: iso(r.ended_at) };
  });
}

/** Settled (won or lost) bets, newest first, or the biggest payouts first. */
export async function wheelSettledBets(db: Db, order: 'recent' | 'payout', limit: number): Promise<WheelSettledBet[]> {
  let q = db
    .selectFrom('round_bets as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .innerJoin('rounds as r', 'r.id', 'b.round_id')
    .select(['b.id', 'b.round_id', 'r.number as round_number', 'b.amount', 'b.payout', 'b.params', 'b.settled_at', 'u.id as user_id', 'u.name', 'u.avatar_url'])
    .where('b.game', '=', 'wheel')
    .where('b.status', 'in', order === 'payout' ? ['won'] : ['won', 'lost']);
  q = order === 'payout' ? q.orderBy('b.payout', 'desc').orderBy('b.id', 'desc') : q.orderBy('b.settled_at', 'desc').orderBy('b.id', 'desc');
  const rows = await q.limit(limit).execute();
  return rows.map((r) => {
    const color = r.params.color as WheelColor;
    const payout = Number(r.payout ?? 0);
    return {
      id: r.id,
      round_id: r.round_id,
      round_number: Number(r.round_number),
      user: { id: r.user_id, name: r.name, avatar_url: r.avatar_url },
      color,
      amount: centsToCoins(r.amount),
      payout: centsToCoins(payout),
      multiplier: payout > 0 ? wheelMultiplier(color) : 0,
      created_at: iso(r.settled_at),
    };
  });
}

/** The active chain (terminating hash and salt) and the recent rounds' revealed hashes. */
export async function wheelSeeds(db: Db, limit: number): Promise<WheelSeeds> {
  const chain = await db.selectFrom('hash_chains').select(['id', 'terminating_hash', 'salt', 'length']).where('game', '=', 'wheel').where('exhausted_at', 'is', null).executeTakeFirst();
  const rounds = await wheelRecentGames(db, limit);
  return {
    chain: chain ? { id: Number(chain.id), terminating_hash: chain.terminating_hash, salt: chain.salt, length: Number(chain.length) } : null,
    rounds: rounds.map((r) => ({ id: r.id, number: r.number, hash: r.hash, segment: r.segment })),
  };
}
