import { sql, type Kysely } from 'kysely';

// The live board's view of the server nodes (docs/operator-console.md, "Live board"): each node
// writes its own row every few seconds (whether it leads, its signed-in players and sockets), so
// any node answers for all of them. A row not refreshed for a while is a node that stopped; each
// node deletes its row when it closes and rows older than an hour are swept.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('live_nodes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('leader', 'boolean', (c) => c.notNull())
    .addColumn('players', 'integer', (c) => c.notNull())
    .addColumn('connections', 'integer', (c) => c.notNull())
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('live_nodes').execute();
}
