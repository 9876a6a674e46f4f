import type { FastifyInstance } from 'fastify';
import { plinkoPath } from '../../../core/fair/index.ts';
import { plinkoMultiplier, plinkoPayout, type PlinkoRisk, type PlinkoRows } from '../../../core/games/plinko.ts';
import { centsToCoins } from '../../../core/money/cents.ts';
import type { PlinkoBetResult } from '../../../core/protocol/games.ts';
import { nextRoll } from '../../fair/seedPairs.ts';
import { fieldError } from '../../http/errors.ts';
import { InsufficientFunds } from '../../wallet/wallet.ts';
import { recordBet } from '../bets.ts';

// One plinko ball = ONE wallet transaction: debit, next nonce, path (one float per row), the
// slot's multiplier from the published table, credit, bet row, XP. The scene animates the path
// the server answered; it never decides anything.

export interface PlinkoBet {
  userId: number;
  /** Cents. */
  amount: number;
  rows: PlinkoRows;
  risk: PlinkoRisk;
}

export async function placePlinkoBet(app: FastifyInstance, bet: PlinkoBet): Promise<PlinkoBetResult> {
  const { userId, amount, rows, risk } = bet;
  try {
    return await app.wallet.transaction(async (tx) => {
      const afterDebit = await tx.debit({ userId, amount, reason: 'plinko_bet' });
      const seed = await nextRoll(tx.trx, userId);
      const { path, slot } = plinkoPath(seed.serverSeed, seed.clientSeed, seed.nonce, rows);
      const multiplier = plinkoMultiplier(rows, risk, slot);
      const payout = plinkoPayout(amount, multiplier);
      // The debit already answered the balance; a loss needs no further read.
      const balance = payout > 0 ? await tx.credit({ userId, amount: payout, reason: 'plinko_win' }) : afterDebit;
      await recordBet(tx.trx, {
        userId,
        game: 'plinko',
        amount,
        payout,
        multiplier,
        seedPairId: seed.seedPairId,
        nonce: seed.nonce,
        params: { rows, risk },
        outcome: { path, slot },
      });
      return {
        path,
        slot,
        multiplier,
        payout: centsToCoins(payout),
        balance: centsToCoins(balance),
        nonce: seed.nonce,
        server_seed_hash: seed.serverSeedHash,
        client_seed: seed.clientSeed,
      };
    });
  } catch (error) {
    if (error instanceof InsufficientFunds) throw fieldError('amount', 'Insufficient balance');
    throw error;
  }
}
