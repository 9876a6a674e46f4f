import { sql, type Kysely } from 'kysely';

// Game settings (docs/operator-console.md, "Game settings"): per game the bet range and payout cap
// an admin narrowed in the console. No row: the game's own limits (core/games/gameSettings.ts). The
// CHECKs only keep a row coherent; the outer bounds are the code's (gameLimitsProblems), which
// refuses a setting outside them before it is written.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('game_settings')
    .addColumn('game', 'text', (c) => c.primaryKey())
    .addColumn('min_bet', 'bigint', (c) => c.notNull().check(sql`min_bet > 0`))
    .addColumn('max_bet', 'bigint', (c) => c.notNull())
    .addColumn('max_payout', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'bigint', (c) => c.references('users.id')) // null: an ops command
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('game_settings_range', sql`max_bet >= min_bet and max_payout >= min_bet`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('game_settings').execute();
}
