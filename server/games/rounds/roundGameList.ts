import { sql } from 'kysely';
import { ROUND_GAMES } from '../../../core/games/roundGames.ts';
import type { Db } from '../../db/database.ts';

// The database's list of round games (the `round_games` table, migration 0710) follows the registry
// (core/games/roundGames.ts): every start adds the games it names, so the game columns of hash
// chains, rounds and round bets accept exactly the games the code knows. A game is never removed:
// its rounds stay verifiable.
export async function syncRoundGames(db: Db): Promise<void> {
  await sql`insert into round_games (game) select unnest(${sql.val([...ROUND_GAMES])}::text[]) on conflict do nothing`.execute(db);
}
