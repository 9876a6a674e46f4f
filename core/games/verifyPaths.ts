import { GAME_IDS, GAMES, gamesOfKind, type GameOfKind, type SeedPairGame } from './catalog.ts';

// Where a settled bet is verified, as a link that fills the calculator (docs/product.md §2): the
// instant games' pages read ?server_seed=&client_seed=&nonce= (plus plinko's rows and risk and
// upgrade's chance); box openings and upgrade use the overview page's calculators; a battle's
// link carries its server seed, every seat's client seed in seat order and the round. Built in
// core so the server's history answers and the game pages' own lists link the same way.

export type { SeedPairGame };

/** The calculator each seed-pair game's verify link fills: its catalog entry's fairness page. */
export const FAIRNESS_PAGE = Object.fromEntries(GAME_IDS.flatMap((g) => (GAMES[g].fairness.scheme === 'seed_pair' ? [[g, GAMES[g].fairness.page]] : []))) as Readonly<Record<SeedPairGame, string>>;

export interface SeedPairLinkInput {
  /** Null while the pair is in use: the field stays empty until the player rotates it. */
  server_seed: string | null;
  client_seed: string;
  nonce: number;
  rows?: number;
  risk?: string;
  chance?: number;
  /** A box opening: the box version (its odds) it was played with. */
  box_version?: number;
}

/** The calculator link of a bet decided by a seed pair. */
export function seedPairVerifyPath(game: SeedPairGame, fair: SeedPairLinkInput): string {
  const params = new URLSearchParams({ server_seed: fair.server_seed ?? '', client_seed: fair.client_seed, nonce: String(fair.nonce) });
  if (fair.rows !== undefined) params.set('rows', String(fair.rows));
  if (fair.risk !== undefined) params.set('risk', fair.risk);
  if (fair.chance !== undefined) params.set('chance', String(fair.chance));
  if (fair.box_version !== undefined) params.set('box_version', String(fair.box_version));
  return `${FAIRNESS_PAGE[game]}?${params.toString()}`;
}

/** The battle calculator's place on the overview page (its element id, the link's #fragment): the battle game's id. */
export const BATTLE_CALCULATOR_ANCHOR: GameOfKind<'battle'> = gamesOfKind('battle')[0]!;

/** The battle calculator's link: the server seed (null before the battle ends), seats' client seeds, the round. */
export function battleVerifyPath(serverSeed: string | null, clientSeeds: readonly string[], round: number): string {
  const q = new URLSearchParams({ battle_server_seed: serverSeed ?? '', battle_client_seeds: clientSeeds.join(','), battle_round: String(round) });
  return `/provably-fair?${q.toString()}#${BATTLE_CALCULATOR_ANCHOR}`;
}
