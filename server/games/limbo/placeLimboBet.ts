import type { SettlementPlayer } from '../../plugins/auth.ts';
import { limboResult } from '../../../core/fair/index.ts';
import { limboPayout, limboWins } from '../../../core/games/limbo.ts';
import type { LimboBetResult } from '../../../core/protocol/limbo.ts';
import type { Roll } from '../../fair/seedPairs.ts';
import { playInstantBet, type Decision, type InstantBetDeps } from '../playInstantBet.ts';

// One limbo bet: the result multiplier of the player's next nonce (core/fair/limbo.ts) against the
// target, settled by playInstantBet like dice (docs/limbo.md).

export interface LimboBet {
  player: SettlementPlayer;
  /** Cents. */
  amount: number;
  /** Multiplier, two decimals (checked by the route's schema). */
  target: number;
}

/** The limbo decision for one roll of the player's seeds. */
export function decideLimbo(seed: Roll, amount: number, target: number): Decision<Pick<LimboBetResult, 'result' | 'target' | 'win' | 'multiplier'>> {
  const result = limboResult(seed.serverSeed, seed.clientSeed, seed.nonce);
  const win = limboWins(result, target);
  const multiplier = win ? target : 0;
  return {
    payout: win ? limboPayout(amount, target) : 0,
    multiplier,
    outcome: { result, win },
    answer: { result, target, win, multiplier },
  };
}

export function placeLimboBet(deps: InstantBetDeps, bet: LimboBet): Promise<LimboBetResult> {
  const { player, amount, target } = bet;
  return playInstantBet(deps, {
    game: 'limbo',
    player,
    amount,
    params: { target },
    decide: (seed) => decideLimbo(seed, amount, target),
  });
}
