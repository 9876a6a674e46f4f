import type { BetVerification, GameBetRow } from '../../../core/protocol/games.ts';

// Where a settled bet is verified: each game's fairness page holds its calculator (docs/product.md §2:
// /dice/provably-fair, /plinko/provably-fair; upgrade's is on /provably-fair). The calculators
// start from the query (?server_seed=&client_seed=&nonce=, plus plinko's rows and risk and
// upgrade's chance), so the link alone reproduces the bet.

export const FAIRNESS_PAGE: Record<GameBetRow['game'], string> = {
  dice: '/dice/provably-fair',
  plinko: '/plinko/provably-fair',
  upgrade: '/provably-fair',
};

/** The calculator link for a bet; without the server seed (pair still active) that field stays empty. */
export function verifyHref(game: GameBetRow['game'], fair: BetVerification): string {
  const params = new URLSearchParams({ server_seed: fair.server_seed ?? '', client_seed: fair.client_seed, nonce: String(fair.nonce) });
  if (fair.rows !== undefined) params.set('rows', String(fair.rows));
  if (fair.risk !== undefined) params.set('risk', fair.risk);
  if (fair.chance !== undefined) params.set('chance', String(fair.chance));
  return `${FAIRNESS_PAGE[game]}?${params.toString()}`;
}
