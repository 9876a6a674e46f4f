import { sql, type Kysely } from 'kysely';

// Tracking links (docs/community.md): one row per distinct set of utm values, a row per visit, and
// the sign-up a link brought (one per player). First deposits are read from the invoices.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tracking_links')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('medium', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('campaign', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('term', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('tracking_links_utm', ['source', 'medium', 'campaign', 'term', 'content'])
    .execute();
  await db.schema
    .createTable('tracking_visits')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('link_id', 'bigint', (c) => c.notNull().references('tracking_links.id').onDelete('cascade'))
    .addColumn('visited_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('tracking_visits_by_link').on('tracking_visits').columns(['link_id', 'visited_at']).execute();
  await db.schema
    .createTable('tracking_signups')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('link_id', 'bigint', (c) => c.notNull().references('tracking_links.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('tracking_signups_by_link').on('tracking_signups').columns(['link_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tracking_signups').execute();
  await db.schema.dropTable('tracking_visits').execute();
  await db.schema.dropTable('tracking_links').execute();
}
