import { sql, type Kysely } from 'kysely';

// Linked accounts (docs/risk.md). `account_marks`: what an account was seen with — a device (the
// browser's id), a sign-in address, a crypto withdrawal address, a shipping address — one row per
// account, kind and value, the value a keyed hash (HMAC with the app secret) of the normalised raw
// value, so the table links accounts without holding addresses. Two accounts sharing a value are
// linked. `risk_rules`: one row (id 1) of the operator's rules over linked accounts, all on by default.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_marks')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('device', 'address', 'crypto_address', 'shipping')`))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('first_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('account_marks_pk', ['user_id', 'kind', 'value'])
    .execute();
  await sql`create index account_marks_value on account_marks (kind, value)`.execute(db);
  await db.schema
    .createTable('risk_rules')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('one_code_per_cluster', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('one_rain_share_per_cluster', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('no_tips_in_cluster', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await sql`insert into risk_rules (id) values (1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('risk_rules').execute();
  await db.schema.dropTable('account_marks').execute();
}
