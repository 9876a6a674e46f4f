import { sql, type Kysely } from 'kysely';

// Users, their wallet accounts (plus the house account that makes the ledger double-entry),
// the ledger itself and access tokens. Amounts are integer cents in bigint columns.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('avatar_url', 'text')
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('wagered', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_email_unique on users (lower(email))`.execute(db);

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('user', 'house')`))
    .addColumn('user_id', 'bigint', (c) => c.unique().references('users.id').onDelete('restrict'))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('accounts_balance_non_negative', sql`kind = 'house' or balance >= 0`)
    .addCheckConstraint('accounts_user_has_owner', sql`(kind = 'user') = (user_id is not null)`)
    .execute();
  await sql`create unique index accounts_one_house on accounts (kind) where kind = 'house'`.execute(db);
  await sql`insert into accounts (kind, balance) values ('house', 0)`.execute(db);

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('transfer_id', 'uuid', (c) => c.notNull())
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint') // null on house entries: the house balance is the sum of its entries (no hot row)
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('ledger_entries_account').on('ledger_entries').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('ledger_entries_transfer').on('ledger_entries').column('transfer_id').execute();

  await db.schema
    .createTable('access_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey()) // sha-256 of the bearer token; the token itself is never stored
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('family_id', 'uuid', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('access_tokens_user').on('access_tokens').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['access_tokens', 'ledger_entries', 'accounts', 'users']) await db.schema.dropTable(table).execute();
}
