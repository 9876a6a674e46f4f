import type { FastifyInstance } from 'fastify';
import { diceRoll } from '../../../core/fair/index.ts';
import { diceDisplayMultiplier, dicePayout, diceWins, type DiceDirection } from '../../../core/games/dice.ts';
import { centsToCoins } from '../../../core/money/cents.ts';
import type { DiceBetResult } from '../../../core/protocol/games.ts';
import { nextRoll } from '../../fair/seedPairs.ts';
import { fieldError } from '../../http/errors.ts';
import { InsufficientFunds } from '../../wallet/wallet.ts';
import { recordBet } from '../bets.ts';

// One dice bet = ONE wallet transaction: debit the stake, take the player's next seed-pair nonce,
// roll, credit the payout on a win, store the bet and count the stake as XP. Any failure rolls
// all of it back; the wallet announces the new balance after the commit.

export interface DiceBet {
  userId: number;
  /** Cents. */
  amount: number;
  target: number;
  direction: DiceDirection;
}

export async function placeDiceBet(app: FastifyInstance, bet: DiceBet): Promise<DiceBetResult> {
  const { userId, amount, target, direction } = bet;
  try {
    return await app.wallet.transaction(async (tx) => {
      const afterDebit = await tx.debit({ userId, amount, reason: 'dice_bet' });
      const seed = await nextRoll(tx.trx, userId);
      const roll = diceRoll(seed.serverSeed, seed.clientSeed, seed.nonce);
      const win = diceWins(roll, target, direction);
      const multiplier = diceDisplayMultiplier(target, direction);
      const payout = win ? dicePayout(amount, target, direction) : 0;
      // The debit already answered the balance; a loss needs no further read.
      const balance = payout > 0 ? await tx.credit({ userId, amount: payout, reason: 'dice_win' }) : afterDebit;
      await recordBet(tx.trx, {
        userId,
        game: 'dice',
        amount,
        payout,
        multiplier: win ? multiplier : 0,
        seedPairId: seed.seedPairId,
        nonce: seed.nonce,
        params: { target, direction },
        outcome: { roll, win },
      });
      return {
        roll,
        win,
        multiplier,
        payout: centsToCoins(payout),
        balance: centsToCoins(balance),
        nonce: seed.nonce,
        server_seed_hash: seed.serverSeedHash,
        client_seed: seed.clientSeed,
      };
    });
  } catch (error) {
    // Above the balance is bad input on the amount field: 422 in the validation shape.
    if (error instanceof InsufficientFunds) throw fieldError('amount', 'Insufficient balance');
    throw error;
  }
}
