import { sql, type Kysely } from 'kysely';

// Bonus money with a wagering requirement (docs/bonuses.md). Each promo code carries its terms: the
// requirement as a multiple of the bonus or of bonus + deposit, the days a bonus lives, the largest
// stake while it is active. Each bonus granted is one `bonus_grants` row beside its ledger credit:
// its amount, the wager it asks (cents, already multiplied), its expiry, and how it ended. Progress
// is not stored: it is a sum over the bets journal since `granted_at` (server/bonuses/grants.ts).
// A grant leaves `active` once, by a conditional update: completed (the lock is lifted) or
// forfeited (the locked rest debited as `bonus_forfeit`, the amount kept in `forfeited`).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('promo_codes')
    .addColumn('wagering_multiple', 'integer', (c) => c.notNull().defaultTo(1).check(sql`wagering_multiple between 0 and 100`))
    .addColumn('wagering_base', 'text', (c) => c.notNull().defaultTo('bonus').check(sql`wagering_base in ('bonus', 'bonus_deposit')`))
    .addColumn('bonus_days', 'integer', (c) => c.notNull().defaultTo(30).check(sql`bonus_days between 1 and 365`))
    .addColumn('max_bet', 'bigint', (c) => c.check(sql`max_bet > 0`))
    .execute();
  await db.schema
    .createTable('bonus_grants')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('promo_code_id', 'bigint', (c) => c.references('promo_codes.id').onDelete('set null'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('deposit', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`deposit >= 0`))
    .addColumn('requirement', 'bigint', (c) => c.notNull().check(sql`requirement >= 0`))
    .addColumn('max_bet', 'bigint')
    .addColumn('granted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active', 'completed', 'forfeited')`))
    .addColumn('ended_at', 'timestamptz')
    .addColumn('forfeited', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`forfeited >= 0`))
    .addCheckConstraint('bonus_grants_ended', sql`(status = 'active') = (ended_at is null)`)
    .execute();
  await sql`create index bonus_grants_active on bonus_grants (user_id) where status = 'active'`.execute(db);
  await sql`create index bonus_grants_expiry on bonus_grants (expires_at) where status = 'active'`.execute(db);
  await db.schema.createIndex('bonus_grants_granted').on('bonus_grants').column('granted_at').execute();
  // Bonuses granted before this migration asked to be staked once: they keep that rule as grants of
  // the whole amount, living 30 days from their credit and at least 30 days from now (none expires
  // the moment this lands).
  await sql`
    insert into bonus_grants (user_id, source, reference, amount, requirement, granted_at, expires_at)
    select a.user_id, 'promo', coalesce(e.reference, ''), e.amount, e.amount, e.created_at, greatest(e.created_at, now()) + interval '30 days'
    from ledger_entries e join accounts a on a.id = e.account_id
    where e.reason = 'deposit_bonus' and e.amount > 0 and a.user_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bonus_grants').execute();
  await db.schema.alterTable('promo_codes').dropColumn('wagering_multiple').dropColumn('wagering_base').dropColumn('bonus_days').dropColumn('max_bet').execute();
}
