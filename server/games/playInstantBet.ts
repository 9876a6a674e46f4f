import type { FastifyInstance } from 'fastify';
import { centsToCoins } from '../../core/money/cents.ts';
import type { FairFields } from '../../core/protocol/games.ts';
import { nextRoll, type Roll } from '../fair/seedPairs.ts';
import { fieldError } from '../http/errors.ts';
import { InsufficientFunds } from '../wallet/wallet.ts';
import { recordBet } from './bets.ts';
import type { InstantGame } from './schema.ts';

// The shape every stake-for-payout bet (dice, plinko) shares: ONE wallet transaction that debits
// the stake, takes the player's next seed-pair nonce, lets the game decide from it, credits the
// payout, stores the bet and counts the stake as XP. Any failure rolls all of it back; the wallet
// announces the new balance after the commit. Only `decide` differs between games.

export interface Decision<A> {
  /** Cents paid back (0 on a loss). */
  payout: number;
  /** The multiplier stored with the bet. */
  multiplier: number;
  /** What decided the bet, stored for verification. */
  outcome: Record<string, unknown>;
  /** The game's own answer fields. */
  answer: A;
}

export interface InstantBet<A> {
  game: InstantGame;
  userId: number;
  /** Cents staked. */
  amount: number;
  /** The bet's parameters, stored with it. */
  params: Record<string, unknown>;
  decide(seed: Roll): Decision<A>;
}

export async function playInstantBet<A>(app: FastifyInstance, bet: InstantBet<A>): Promise<A & FairFields & { payout: number; balance: number }> {
  const { game, userId, amount } = bet;
  try {
    return await app.wallet.transaction(async (tx) => {
      const afterDebit = await tx.debit({ userId, amount, reason: `${game}_bet` });
      const seed = await nextRoll(tx.trx, userId);
      const { payout, multiplier, outcome, answer } = bet.decide(seed);
      // The debit already answered the balance; a loss needs no further read.
      const balance = payout > 0 ? await tx.credit({ userId, amount: payout, reason: `${game}_win` }) : afterDebit;
      await recordBet(tx.trx, { userId, game, amount, payout, multiplier, seedPairId: seed.seedPairId, nonce: seed.nonce, params: bet.params, outcome });
      return {
        ...answer,
        payout: centsToCoins(payout),
        balance: centsToCoins(balance),
        nonce: seed.nonce,
        server_seed_hash: seed.serverSeedHash,
        client_seed: seed.clientSeed,
      };
    });
  } catch (error) {
    throw asAmountError(error);
  }
}

/** A stake above the balance is bad input on the amount field: 422 in the validation shape. */
export function asAmountError(error: unknown): unknown {
  return error instanceof InsufficientFunds ? fieldError('amount', 'Insufficient balance') : error;
}
