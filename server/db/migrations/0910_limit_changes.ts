import { sql, type Kysely } from 'kysely';

// The history of a player's limits (docs/account-safety.md, "Limits and exclusions"): one row per
// change asked for — what applied before and what was asked (cents; null: no limit) —, so a raise
// or a removal can be seen after it took effect. The risk scanner reads it for the marker of harm
// "limit raises" (docs/risk.md) by its time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('limit_changes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('from_amount', 'bigint')
    .addColumn('to_amount', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index limit_changes_at on limit_changes (created_at)`.execute(db);
  await sql`create index limit_changes_user on limit_changes (user_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('limit_changes').execute();
}
