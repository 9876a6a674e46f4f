import { sql } from 'kysely';
import { GAME_IDS, GAMES } from '../../core/games/catalog.ts';
import type { Db } from '../db/database.ts';

// The database's list of games (the `games` table, migration 1100) follows the game catalog
// (core/games/catalog.ts): every start adds the games it names, so the game columns accept exactly
// the games the code knows. A game is never removed: its bets stay verifiable.
export async function syncGames(db: Db): Promise<void> {
  const kinds = GAME_IDS.map((g) => GAMES[g].kind);
  await sql`insert into games (id, kind) select * from unnest(${sql.val([...GAME_IDS])}::text[], ${sql.val(kinds)}::text[]) on conflict (id) do update set kind = excluded.kind`.execute(db);
}
