import type { BetVerification, GameBetRow } from '../../../core/protocol/games.ts';
import { FAIRNESS_PAGE as PAGES, seedPairVerifyPath } from '../../../core/games/verifyPaths.ts';

// Where a settled bet is verified: each game's fairness page holds its calculator (docs/product.md §2:
// /dice/provably-fair, /plinko/provably-fair; upgrade's is on /provably-fair). The link alone
// reproduces the bet (core/games/verifyPaths.ts builds it, for the profile's history too).

export const FAIRNESS_PAGE: Record<GameBetRow['game'], string> = PAGES;

/** The calculator link for a bet; without the server seed (pair still active) that field stays empty. */
export function verifyHref(game: GameBetRow['game'], fair: BetVerification): string {
  return seedPairVerifyPath(game, fair);
}
