// The round games: games whose rounds every player shares, run by the round engine
// (server/games/rounds), each round's outcome from a published hash chain (server/fair/hashChains.ts).
// One entry each: the game's type, its socket namespace and rooms, its fairness page and the
// database's list of games (the `round_games` table, filled from here at start) all follow from it.
// Adding a round game is this entry plus its rule module (core/games), its server module
// (server/games/<game>), its scene and its page (docs/architecture.md, "Adding a game").

export const ROUND_GAMES = ['crash', 'wheel'] as const;
export type RoundGame = (typeof ROUND_GAMES)[number];

export function isRoundGame(value: string): value is RoundGame {
  return (ROUND_GAMES as readonly string[]).includes(value);
}

/** The game's socket.io namespace. */
export const roundNamespace = <G extends RoundGame>(game: G): `/${G}` => `/${game}`;

/** The game's two rooms: status changes and ticks, and the batched bets. */
export const roundRooms = <G extends RoundGame>(game: G): { game: `${G}:game`; bets: `${G}:bets` } => ({ game: `${game}:game`, bets: `${game}:bets` });

/** The round game a room belongs to (`crash:bets` → crash), if any. */
export function roundGameOfRoom(room: string): RoundGame | null {
  const game = room.slice(0, room.indexOf(':'));
  return isRoundGame(game) ? game : null;
}

/**
 * A round's page on the game's fairness page: its calculator filled with the round's hash, and the
 * round's number ("Round #n", the game's own count of its rounds) so the verifier can name it.
 */
export const roundFairHref = (game: RoundGame, hash: string, roundNumber?: number): string => `/${game}/provably-fair?hash=${hash}${roundNumber ? `&round=${roundNumber}` : ''}`;
