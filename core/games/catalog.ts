// The game catalog: one entry per game the shop runs, and the one place a game is named. Every list
// of games elsewhere (history filters, reports, settings, fairness pages, the database's `games`
// table, the bets journal's game column) derives from this table (docs/architecture.md, "One record
// of play"). Adding a game is its entry here plus its own folders.

/**
 * How a game is played, which decides how its bets are settled and journaled:
 * - instant: one request decides and settles a bet (dice, plinko, upgrade);
 * - stateful: a bet opens, the player acts on it over several requests, then it settles (mines);
 * - round: players share a round decided by a hash chain (crash, wheel);
 * - box: a box opening (shop, free, player-made boxes);
 * - battle: a seat in a box battle.
 */
export type GameKind = 'instant' | 'stateful' | 'round' | 'box' | 'battle';

export interface GameDescriptor {
  readonly kind: GameKind;
  /** The game's name on the history filters and the reports. */
  readonly label: string;
}

export const GAMES = {
  box: { kind: 'box', label: 'Boxes' },
  battle: { kind: 'battle', label: 'Battles' },
  upgrade: { kind: 'instant', label: 'Upgrade' },
  crash: { kind: 'round', label: 'Crash' },
  wheel: { kind: 'round', label: 'Wheel' },
  plinko: { kind: 'instant', label: 'Plinko' },
  dice: { kind: 'instant', label: 'Dice' },
  mines: { kind: 'stateful', label: 'Mines' },
} as const satisfies Record<string, GameDescriptor>;

export type GameId = keyof typeof GAMES;
export const GAME_IDS = Object.keys(GAMES) as GameId[];

export function isGameId(value: string): value is GameId {
  return Object.hasOwn(GAMES, value);
}

/** The games of one kind, in catalog order. */
export function gamesOfKind<K extends GameKind>(kind: K): Extract<GameId, { [G in GameId]: (typeof GAMES)[G]['kind'] extends K ? G : never }[GameId]>[] {
  return GAME_IDS.filter((g) => GAMES[g].kind === kind) as never;
}
