import { sql, type Kysely } from 'kysely';

// Tracking visits count once per visitor, link and UTC day (docs/community.md): a visit records a
// keyed hash of the visitor's address (never the address) and its day; a second visit of the same
// visitor that day is not a row. Rows from before carry an empty visitor and stay as they were.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tracking_visits')
    .addColumn('visitor', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('day', 'date', (c) => c.notNull().defaultTo(sql`(now() at time zone 'utc')::date`))
    .execute();
  await sql`create unique index tracking_visits_once on tracking_visits (link_id, visitor, day) where visitor <> ''`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index tracking_visits_once`.execute(db);
  await db.schema.alterTable('tracking_visits').dropColumn('visitor').dropColumn('day').execute();
}
