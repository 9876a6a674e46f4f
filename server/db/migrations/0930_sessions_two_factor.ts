import { sql, type Kysely } from 'kysely';

// Account security (docs/account-safety.md, "Settings, two-factor and sessions"):
// - sessions: one row per sign-in (a token family): the device and address it came from and when it
//   was last seen, for the sessions list and the new-device mail;
// - two_factor: a player's TOTP secret, enabled once a code confirmed it, and the last time step a
//   code was accepted at (a code is refused at or before it: single use);
// - two_factor_recovery_codes: ten one-time codes, stored as SHA-256;
// - login_challenges: the short-lived single-use token between a right password and the code;
// - email_changes: the pending new address of a player until its link is followed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('family_id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ended_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id', 'last_seen_at']).execute();

  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled_at', 'timestamptz')
    .addColumn('last_time_step', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('two_factor_recovery_codes_user').on('two_factor_recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('login_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey()) // sha-256 of the token
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('login_challenges_user').on('login_challenges').column('user_id').execute();

  await db.schema
    .createTable('email_changes')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade')) // one pending change per player
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('email_changes_token').on('email_changes').column('token_hash').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['email_changes', 'login_challenges', 'two_factor_recovery_codes', 'two_factor', 'sessions']) await db.schema.dropTable(table).execute();
}
