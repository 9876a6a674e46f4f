import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_IDS, GAMES } from '../../../core/games/catalog.ts';
import { createTestApp } from '../../helpers/testApp.ts';

// The database's one list of games (migrations 1100 and 1101, server/games/gameList.ts): the
// catalog's games with their kinds, and every game column of play references it — no second list.

describe('the games table', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  it("holds the catalog's games and kinds, and every game column of play references it", async () => {
    const rows = await app.db.selectFrom('games').select(['id', 'kind']).orderBy('id').execute();
    expect(rows).toEqual(GAME_IDS.map((id) => ({ id, kind: GAMES[id].kind })).sort((a, b) => a.id.localeCompare(b.id)));
    const { rows: keys } = await sql<{ table: string }>`
      select conrelid::regclass::text as table from pg_constraint where contype = 'f' and confrelid = 'games'::regclass order by 1`.execute(app.db);
    expect(keys.map((k) => k.table)).toEqual(['bets', 'game_bets', 'hash_chains', 'round_bets', 'rounds']);
    const { rows: lists } = await sql<{ n: number }>`select count(*)::int as n from pg_tables where tablename = 'round_games'`.execute(app.db);
    expect(lists[0]!.n).toBe(0);
    await expect(sql`insert into hash_chains (game, length, segment_size, terminating_hash, salt) values ('keno', 1, 1, 'x', 'x')`.execute(app.db)).rejects.toThrow(/foreign key/);
  });
});
