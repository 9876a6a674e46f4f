import { GAME_BASICS, gamesOfKind, type GameOfKind } from './gameBasics.ts';

// The round games: games whose rounds every player shares, run by the round engine
// (server/games/rounds), each round's outcome from a published hash chain (server/fair/hashChains.ts).
// They are the game catalog's games of kind 'round' (core/games/catalog.ts): their type, their socket
// namespaces and rooms and their fairness pages follow from their entries, read here from the
// catalog's light part (core/games/gameBasics.ts) because the crash and wheel pages load this module
// and not the games' rules; in the database their rounds reference the catalog's `games` table
// (migration 1101).

export const ROUND_GAMES = gamesOfKind('round');
export type RoundGame = GameOfKind<'round'>;

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
export const roundFairHref = (game: RoundGame, hash: string, roundNumber?: number): string => `${GAME_BASICS[game].fairnessPage}?hash=${hash}${roundNumber ? `&round=${roundNumber}` : ''}`;
