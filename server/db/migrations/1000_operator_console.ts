import { sql, type Kysely } from 'kysely';

// The operator console's own tables (docs/operator-console.md):
// - staff_roles: who may use the console, as `operator` or `admin` (granted by `npm run ops -- staff`
//   or by an admin in the console); a player without a row is no one there;
// - audit_log: every change made through the console or the ops commands (who, when, what, the
//   record before and after, from which address). Append-only: a trigger refuses UPDATE and DELETE,
//   so not even a bug in our code can rewrite what an operator did.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_roles')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('operator', 'admin')`))
    .addColumn('granted_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('granted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('actor_id', 'bigint', (c) => c.references('users.id')) // null: an ops command
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_kind', 'target_id', 'id']).execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'id']).execute();
  await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
    begin raise exception 'audit_log is append-only'; end $$`.execute(db);
  await sql`create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger audit_log_append_only on audit_log`.execute(db);
  await sql`drop function audit_log_append_only()`.execute(db);
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('staff_roles').execute();
}
