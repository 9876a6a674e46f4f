import { centsToCoins } from '../../core/money/cents.ts';
import type { FairFields } from '../../core/protocol/games.ts';
import type { BetPageField } from '../../core/protocol/betLink.ts';
import { nextRoll, type Roll } from '../fair/seedPairs.ts';
import { NOT_SETTLED, type SeedPairCache } from '../fair/seedPairCache.ts';
import { fieldError } from '../http/errors.ts';
import type { SettlementPlayer } from '../plugins/auth.ts';
import { InsufficientFunds, type Wallet } from '../wallet/wallet.ts';
import { instantBetSettlement, recordBet, type BetRecord } from './bets.ts';
import type { CoinInstantGame } from '../../core/games/catalog.ts';

// The shape every stake-for-payout bet (dice, plinko) shares: the game decides the outcome from
// the player's next roll (seeds + nonce); the stake, the payout, the nonce, the bet row and the
// stake as XP are written together or not at all. Usually that is one statement
// (instantBetSettlement, server/games/bets.ts, run by wallet.settle: shared with the other bets that arrive together, group settlement) on the
// roll of the cached seed pair; when that statement writes nothing for this bet (short balance, the
// pair moved on), the same bet runs as one wallet transaction that debits,
// takes the next nonce itself, decides, credits and records, and a short balance becomes the 422.
// The wallet announces the new balance either way. Only `decide` differs between games.
// The settling statement also checks the player's bearer token; the long way confirms it first.

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

/** What an instant bet uses: the seed pairs this process remembers and the wallet that settles. The game settings' limits are the route's declared check (server/plugins/declaredChecks.ts). */
export interface InstantBetDeps {
  wallet: Wallet;
  seedPairs: SeedPairCache;
}

export interface InstantBet<A> {
  game: CoinInstantGame;
  player: SettlementPlayer;
  /** Cents staked. */
  amount: number;
  /** The bet's parameters, stored with it. */
  params: Record<string, unknown>;
  decide(seed: Roll): Decision<A>;
}

export async function playInstantBet<A>(deps: InstantBetDeps, bet: InstantBet<A>): Promise<A & FairFields & BetPageField & { payout: number; balance: number }> {
  const { wallet, seedPairs } = deps;
  const { game, player, amount } = bet;
  const { userId } = player;
  const recordOf = (seed: Roll, { payout, multiplier, outcome }: Decision<A>): BetRecord => ({ userId, game, amount, payout, multiplier, seedPairId: seed.seedPairId, nonce: seed.nonce, params: bet.params, outcome });
  const answerOf = (seed: Roll, decision: Decision<A>, balance: number, publicId: string) => ({
    ...decision.answer,
    public_id: publicId,
    payout: centsToCoins(decision.payout),
    balance: centsToCoins(balance),
    nonce: seed.nonce,
    server_seed_hash: seed.serverSeedHash,
    client_seed: seed.clientSeed,
  });
  try {
    return await seedPairs.play(userId, {
      confirm: player.confirm,
      async settle(seed) {
        const decision = bet.decide(seed);
        const settled = await wallet.settle(instantBetSettlement, { ...recordOf(seed, decision), clientSeed: seed.clientSeed, guardValue: player.tokenHash });
        return settled === null ? NOT_SETTLED : answerOf(seed, decision, settled.balance, settled.publicId);
      },
      settleLocked: () =>
        wallet.transaction(async (tx) => {
          const afterDebit = await tx.debit({ userId, amount, reason: `${game}_bet` });
          const seed = await nextRoll(tx.trx, userId);
          const decision = bet.decide(seed);
          // The debit already answered the balance; a loss needs no further read.
          const balance = decision.payout > 0 ? await tx.credit({ userId, amount: decision.payout, reason: `${game}_win` }) : afterDebit;
          const publicId = await recordBet(tx, recordOf(seed, decision));
          return { roll: seed, result: answerOf(seed, decision, balance, publicId) };
        }),
    });
  } catch (error) {
    throw asAmountError(error);
  }
}

/** A stake above the balance is bad input on the amount field: 422 in the validation shape. */
export function asAmountError(error: unknown): unknown {
  return error instanceof InsufficientFunds ? fieldError('amount', 'Insufficient balance') : error;
}
