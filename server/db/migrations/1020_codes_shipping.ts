import { sql, type Kysely } from 'kysely';

// The console's codes and shipping queue (docs/operator-console.md, "Codes" and "Shipping"):
// - promo codes, gift codes and vouchers can be disabled (disabled_at) and gift codes and vouchers
//   expire (expires_at), like promo codes already do; redemption refuses them with the texts it
//   already has;
// - a delivery goes new → in_processing → shipped (with its tracking number) → done; `shipped` is
//   added to the statuses, the spec's five keep their keys and titles;
// - withdrawal_steps: one row per status change (who, when, the tracking number), the steps the
//   player sees under a delivery; `notified_at` is null until the server has mailed the player, so a
//   change made by an ops command is mailed too (by the next server node that looks).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('promo_codes').addColumn('disabled_at', 'timestamptz').execute();
  await db.schema.alterTable('gift_codes').addColumn('disabled_at', 'timestamptz').execute();
  await db.schema.alterTable('gift_codes').addColumn('expires_at', 'timestamptz').execute();

  await db.schema.alterTable('withdrawals').dropConstraint('withdrawals_status_check').execute();
  await db.schema
    .alterTable('withdrawals')
    .addCheckConstraint('withdrawals_status_check', sql`status in ('new', 'in_processing', 'shipped', 'done', 'canceled', 'canceled_by_user')`)
    .execute();
  await db.schema.alterTable('withdrawals').addColumn('tracking_number', 'text').execute();
  // A parcel is shipped with its tracking number, and only a delivery is a parcel.
  await db.schema
    .alterTable('withdrawals')
    .addCheckConstraint('withdrawals_shipped_tracked', sql`status <> 'shipped' or (type = 'delivery' and tracking_number is not null)`)
    .execute();

  await db.schema
    .createTable('withdrawal_steps')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('withdrawal_id', 'bigint', (c) => c.notNull().references('withdrawals.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('tracking_number', 'text')
    // null: an ops command or the player themself (a cancel while new)
    .addColumn('actor_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('notified_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('withdrawal_steps_withdrawal').on('withdrawal_steps').columns(['withdrawal_id', 'id']).execute();
  await sql`create index withdrawal_steps_unnotified on withdrawal_steps (id) where notified_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('withdrawal_steps').execute();
  await db.schema.alterTable('withdrawals').dropConstraint('withdrawals_shipped_tracked').execute();
  await db.schema.alterTable('withdrawals').dropColumn('tracking_number').execute();
  await db.schema.alterTable('withdrawals').dropConstraint('withdrawals_status_check').execute();
  await db.schema.alterTable('withdrawals').addCheckConstraint('withdrawals_status_check', sql`status in ('new', 'in_processing', 'done', 'canceled', 'canceled_by_user')`).execute();
  await db.schema.alterTable('gift_codes').dropColumn('expires_at').execute();
  await db.schema.alterTable('gift_codes').dropColumn('disabled_at').execute();
  await db.schema.alterTable('promo_codes').dropColumn('disabled_at').execute();
}
