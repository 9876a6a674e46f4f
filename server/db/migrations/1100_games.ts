import { sql, type Kysely } from 'kysely';

// The database's list of games follows the game catalog (core/games/catalog.ts): a table the server
// fills from it at every start (server/games/gameList.ts), which game columns reference in place of
// a check constraint naming each game, so a new game needs no migration.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('games')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into games (id, kind) values ('box', 'box'), ('battle', 'battle'), ('upgrade', 'instant'), ('crash', 'round'), ('wheel', 'round'), ('plinko', 'instant'), ('dice', 'instant')`.execute(db);
  await sql`alter table game_bets drop constraint if exists game_bets_game_check`.execute(db);
  await sql`alter table game_bets add constraint game_bets_game_fk foreign key (game) references games (id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table game_bets drop constraint game_bets_game_fk`.execute(db);
  await sql`alter table game_bets add constraint game_bets_game_check check (game in ('dice', 'plinko', 'upgrade'))`.execute(db);
  await db.schema.dropTable('games').execute();
}
