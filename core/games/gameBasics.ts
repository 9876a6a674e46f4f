// The light part of the game catalog (core/games/catalog.ts): each game's id, how it is played and
// where its fairness is shown, with no rule module imported. The catalog's entries take their kind and
// fairness page from here, so the games are still listed once; the browser's lists of games (the
// round games' sockets and round links, core/games/roundGames.ts) read this module, because the
// catalog imports every game's rules for its bounds and returns (plinko's tables, the boxes' seed
// outcomes), about 5 KiB that /crash's first load does not use (docs/performance.md, "Budgets").
// Like the catalog, this module must not import a game's rule module.

/**
 * How a game is played, which decides how its bets are settled and journaled:
 * - instant: one request decides and settles a bet (dice, plinko, upgrade);
 * - stateful: a bet opens, the player acts on it over several requests, then it settles (mines);
 * - round: players share a round decided by a hash chain (crash, wheel);
 * - box: a box opening (shop, free, player-made boxes);
 * - battle: a seat in a box battle.
 */
export type GameKind = 'instant' | 'stateful' | 'round' | 'box' | 'battle';

/**
 * Every game, in catalog order: its kind, its fairness page (the calculator a bet's verify link
 * fills, or the round game's page filled with a round's hash; core/games/catalog.ts, FairnessScheme)
 * and, for the games whose wins the live drops feed shows (the catalog's `liveDrop`), where a drop's
 * tile links (`dropPath`; null: the box's own page). The feed is on every page, so it reads this module,
 * not the catalog.
 */
export const GAME_BASICS = {
  box: { kind: 'box', fairnessPage: '/provably-fair', dropPath: null },
  battle: { kind: 'battle', fairnessPage: '/provably-fair', dropPath: '/battles' },
  upgrade: { kind: 'instant', fairnessPage: '/provably-fair', dropPath: '/upgrade' },
  crash: { kind: 'round', fairnessPage: '/crash/provably-fair' },
  wheel: { kind: 'round', fairnessPage: '/wheel/provably-fair' },
  plinko: { kind: 'instant', fairnessPage: '/plinko/provably-fair' },
  dice: { kind: 'instant', fairnessPage: '/dice/provably-fair' },
  limbo: { kind: 'instant', fairnessPage: '/limbo/provably-fair' },
  mines: { kind: 'stateful', fairnessPage: '/mines/provably-fair' },
} as const satisfies Record<string, { readonly kind: GameKind; readonly fairnessPage: string; readonly dropPath?: string | null }>;

type Basics = typeof GAME_BASICS;
type BasicGameId = keyof Basics;
const BASIC_GAME_IDS = Object.keys(GAME_BASICS) as BasicGameId[];

/** The ids of the games of one kind (a type). */
export type GameOfKind<K extends GameKind> = { [G in BasicGameId]: Basics[G]['kind'] extends K ? G : never }[BasicGameId];
/** The games whose bets settle in a round or a battle, with no answer to their player (the bet links of docs/transparency.md, "Share"). */
export type RoundOrBattleGame = GameOfKind<'round' | 'battle'>;

/** The games of one kind, in catalog order. */
export function gamesOfKind<K extends GameKind>(kind: K): GameOfKind<K>[] {
  return BASIC_GAME_IDS.filter((g) => GAME_BASICS[g].kind === kind) as GameOfKind<K>[];
}
