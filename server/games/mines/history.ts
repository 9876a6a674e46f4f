import { centsToCoins } from '../../../core/money/cents.ts';
import type { GameBetRow } from '../../../core/protocol/games.ts';
import type { Db } from '../../db/database.ts';
import { revealedServerSeed, type HistoryQuery } from '../history.ts';

// The histories under a Mines board (GET /api/mines/history, the instant games' contract), read from
// the bets journal, the one record of play: settled boards only (an open one is still in play).
// Mine: the player's latest; recent: everyone's latest; high wins: the largest payouts. The
// multiplier is the journal's: the board's shown multiplier, or what a payout cap left of it, 0 lost.
export async function minesHistory(db: Db, q: HistoryQuery): Promise<GameBetRow[]> {
  let query = db
    .selectFrom('bets')
    .innerJoin('users', 'users.id', 'bets.user_id')
    .innerJoin('seed_pairs', 'seed_pairs.id', 'bets.seed_pair_id')
    .select(['bets.id', 'bets.user_id', 'users.name', 'users.avatar_url', 'bets.stake', 'bets.payout', 'bets.multiplier', 'bets.nonce', 'bets.placed_at', 'seed_pairs.server_seed_hash', 'seed_pairs.client_seed', revealedServerSeed('seed_pairs').as('server_seed')])
    .where('bets.game', '=', 'mines')
    .where('bets.status', '=', 'settled');
  if (q.scope === 'mine') query = query.where('bets.user_id', '=', q.userId ?? -1).orderBy('bets.id', 'desc');
  else if (q.scope === 'recent') query = query.orderBy('bets.id', 'desc');
  else query = query.where('bets.payout', '>', 0).orderBy('bets.payout', 'desc').orderBy('bets.id', 'desc');
  const rows = await query.limit(q.limit).execute();
  return rows.map((r) => {
    const nonce = Number(r.nonce);
    return {
      id: Number(r.id),
      game: 'mines',
      user: { id: r.user_id, name: r.name, avatar_url: r.avatar_url },
      amount: centsToCoins(Number(r.stake)),
      multiplier: Number(r.multiplier ?? 0),
      payout: centsToCoins(Number(r.payout ?? 0)),
      nonce,
      created_at: new Date(r.placed_at).toISOString(),
      fair: { server_seed_hash: r.server_seed_hash, client_seed: r.client_seed, nonce, server_seed: r.server_seed },
    };
  });
}
