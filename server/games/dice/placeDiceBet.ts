import type { SettlementPlayer } from '../../plugins/auth.ts';
import { diceRoll } from '../../../core/fair/index.ts';
import { diceDisplayMultiplier, dicePayout, diceWins, type DiceDirection } from '../../../core/games/dice.ts';
import type { DiceBetResult } from '../../../core/protocol/games.ts';
import type { Roll } from '../../fair/seedPairs.ts';
import { playInstantBet, type Decision, type InstantBetDeps } from '../playInstantBet.ts';

// One dice bet: the roll of the player's next nonce (docs/fairness.md) against the target, settled
// by playInstantBet.

export interface DiceBet {
  player: SettlementPlayer;
  /** Cents. */
  amount: number;
  target: number;
  direction: DiceDirection;
}

/** The dice decision for one roll of the player's seeds: the roll against the target, and the payout. */
export function decideDice(seed: Roll, amount: number, target: number, direction: DiceDirection): Decision<Pick<DiceBetResult, 'roll' | 'win' | 'multiplier'>> {
  const roll = diceRoll(seed.serverSeed, seed.clientSeed, seed.nonce);
  const win = diceWins(roll, target, direction);
  const multiplier = diceDisplayMultiplier(target, direction);
  return {
    payout: win ? dicePayout(amount, target, direction) : 0,
    multiplier: win ? multiplier : 0,
    outcome: { roll, win },
    answer: { roll, win, multiplier },
  };
}

export function placeDiceBet(deps: InstantBetDeps, bet: DiceBet): Promise<DiceBetResult> {
  const { player, amount, target, direction } = bet;
  return playInstantBet(deps, {
    game: 'dice',
    player,
    amount,
    params: { target, direction },
    decide: (seed) => decideDice(seed, amount, target, direction),
  });
}
