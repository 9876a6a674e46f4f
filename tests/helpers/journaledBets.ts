import { sql } from 'kysely';
import type { GameId } from '../../core/games/catalog.ts';
import type { Wallet } from '../../server/wallet/wallet.ts';
import { journalBet } from '../../server/journal/journal.ts';

// A bet as the readers see it, for suites that need a known day of play without playing each game
// through its routes (the leaderboard, cashback): the stake's debit and the payout's credit go
// through the wallet, and the bet's row through the journal's own write (server/journal/journal.ts),
// in one transaction, as a game does. `status` ends it refunded (the stake given back) when asked.

let nextRef = 9_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;

/** The ledger reason of a game's stake (a box opening's and a battle seat's are their own words). */
const stakeReason = (game: GameId) => (game === 'box' ? 'box_open' : game === 'battle' ? 'battle_stake' : `${game}_bet`);

export async function journaledBet(app: { wallet: Wallet }, bet: { userId: number; game: GameId; stake: number; payout?: number; status?: 'settled' | 'refunded'; multiplier?: number }): Promise<void> {
  const { userId, game, stake } = bet;
  const payout = bet.status === 'refunded' ? stake : (bet.payout ?? 0);
  await app.wallet.transaction(async (tx) => {
    if (stake > 0) await tx.debit({ userId, amount: stake, reason: stakeReason(game) });
    if (payout > 0) await tx.credit({ userId, amount: payout, reason: bet.status === 'refunded' ? `${game}_refund` : `${game}_win` });
    const refId = (nextRef += 1);
    const multiplier = bet.multiplier ?? (stake > 0 ? Math.floor((payout * 100) / stake) / 100 : null);
    await journalBet(tx, { game, userId, stake, refId, ...(bet.status === 'refunded' ? {} : { settled: { payout, multiplier } }) });
    if (bet.status === 'refunded') await sql`update bets set status = 'refunded', payout = stake, multiplier = 1, settled_at = now() where game = ${game} and ref_id = ${refId}`.execute(tx.trx);
  });
}
