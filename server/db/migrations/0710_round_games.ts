import { sql, type Kysely } from 'kysely';

// The round games' list is the registry's (core/games/roundGames.ts): a table the server fills from
// it at every start (server/games/rounds/roundGameList.ts), which the game columns reference, in
// place of a check constraint naming each game. A new round game needs no migration.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('round_games').addColumn('game', 'text', (c) => c.primaryKey()).execute();
  await sql`insert into round_games (game) values ('crash'), ('wheel')`.execute(db);
  for (const table of ['hash_chains', 'rounds', 'round_bets']) {
    await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.raw(`${table}_game_check`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.raw(`${table}_game_fk`)} foreign key (game) references round_games (game)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['hash_chains', 'rounds', 'round_bets']) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.raw(`${table}_game_fk`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.raw(`${table}_game_check`)} check (game in ('crash', 'wheel'))`.execute(db);
  }
  await db.schema.dropTable('round_games').execute();
}
