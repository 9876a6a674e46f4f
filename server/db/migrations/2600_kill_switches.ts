import { sql, type Kysely } from 'kysely';

// Kill switches (docs/operator-console.md, "Kill switches"): one row per switch an admin has ever
// touched, with its state, the message players read (null: the default one), who and when. No row:
// on. The chat's own switch (chat_settings.enabled, 1500) becomes the `chat` switch here, so the
// chat has one owner of "open or closed": its state moves over and the column goes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('kill_switches')
    .addColumn('switch', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('updated_by', 'bigint', (c) => c.references('users.id')) // null: an ops command
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into kill_switches (switch, enabled) select 'chat', false from chat_settings where id = 1 and not enabled`.execute(db);
  await db.schema.alterTable('chat_settings').dropColumn('enabled').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_settings').addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true)).execute();
  await sql`update chat_settings set enabled = false where exists (select 1 from kill_switches where switch = 'chat' and not enabled)`.execute(db);
  await db.schema.dropTable('kill_switches').execute();
}
