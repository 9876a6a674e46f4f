import { sql, type Kysely } from 'kysely';

// Credits above the approval threshold (docs/operator-console.md, "Separation of duties"): the
// request waits here until a second staff member approves it (then the wallet movement is made and
// `adjustment_id` names it) or someone rejects it. Nothing moves money before approval.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pending_adjustments')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'approved', 'rejected')`))
    .addColumn('decided_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('adjustment_id', 'bigint', (c) => c.references('balance_adjustments.id'))
    .execute();
  await db.schema.createIndex('pending_adjustments_pending').on('pending_adjustments').column('id').where(sql.ref('status'), '=', 'pending').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pending_adjustments').execute();
}
