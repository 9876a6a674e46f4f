import type { SettlementPlayer } from '../../plugins/auth.ts';
import { plinkoPath } from '../../../core/fair/index.ts';
import { plinkoMultiplier, plinkoPayout, type PlinkoRisk, type PlinkoRows } from '../../../core/games/plinko.ts';
import type { PlinkoBetResult } from '../../../core/protocol/games.ts';
import { playInstantBet, type InstantBetDeps } from '../playInstantBet.ts';

// One plinko ball: the path of the player's next nonce (one float per row), the slot's
// multiplier from the published table, settled (all of it or nothing) by playInstantBet. The
// scene animates the path the server answered; it never decides anything.

export interface PlinkoBet {
  player: SettlementPlayer;
  /** Cents. */
  amount: number;
  rows: PlinkoRows;
  risk: PlinkoRisk;
}

export function placePlinkoBet(deps: InstantBetDeps, bet: PlinkoBet): Promise<PlinkoBetResult> {
  const { player, amount, rows, risk } = bet;
  return playInstantBet(deps, {
    game: 'plinko',
    player,
    amount,
    params: { rows, risk },
    decide(seed) {
      const { path, slot } = plinkoPath(seed.serverSeed, seed.clientSeed, seed.nonce, rows);
      const multiplier = plinkoMultiplier(rows, risk, slot);
      return { payout: plinkoPayout(amount, multiplier), multiplier, outcome: { path, slot }, answer: { path, slot, multiplier } };
    },
  });
}
