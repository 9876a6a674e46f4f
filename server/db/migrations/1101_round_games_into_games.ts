import { sql, type Kysely } from 'kysely';

// One list of games in the database: the game columns of hash chains, rounds and round bets
// reference the catalog's `games` table (migration 1100, filled at every start) as the journal and
// game_bets do, and the round games' own list (migration 0710) goes. Which games run in rounds is
// the catalog's `kind`; the server writes rounds only for those.
const TABLES = ['hash_chains', 'rounds', 'round_bets'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.raw(`${table}_game_fk`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.raw(`${table}_game_fk`)} foreign key (game) references games (id)`.execute(db);
  }
  await db.schema.dropTable('round_games').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('round_games').addColumn('game', 'text', (c) => c.primaryKey()).execute();
  await sql`insert into round_games (game) select id from games where kind = 'round'`.execute(db);
  for (const table of TABLES) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.raw(`${table}_game_fk`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.raw(`${table}_game_fk`)} foreign key (game) references round_games (game)`.execute(db);
  }
}
