import { sql, type Kysely } from 'kysely';

// The affiliate programme (docs/community.md). `referrers` holds a player's code and what they
// have claimed; `referrals` binds a referred player once (its primary key); `referral_commissions`
// holds one row per settled bet of a referred player, keyed by the bet, so the accrual job can
// run any number of times and never count a bet twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('referrers')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('claimed', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`claimed >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('referrals')
    .addColumn('referred_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('referrer_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('referrals_not_self', sql`referred_id <> referrer_id`)
    .execute();
  await db.schema.createIndex('referrals_by_referrer').on('referrals').columns(['referrer_id', 'created_at']).execute();

  await db.schema
    .createTable('referral_commissions')
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('game_bet', 'round_bet', 'ledger')`))
    .addColumn('source_id', 'bigint', (c) => c.notNull())
    .addColumn('referrer_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('referred_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('stake', 'bigint', (c) => c.notNull().check(sql`stake > 0`))
    .addColumn('edge_bp', 'integer', (c) => c.notNull())
    // stake × edge_bp × share_bp: the commission in units of 10⁻⁸ cent (exact, no rounding per bet).
    .addColumn('units', 'bigint', (c) => c.notNull().check(sql`units >= 0`))
    .addColumn('settled_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('referral_commissions_pk', ['source', 'source_id'])
    .execute();
  await db.schema.createIndex('referral_commissions_by_referrer').on('referral_commissions').columns(['referrer_id', 'settled_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('referral_commissions').execute();
  await db.schema.dropTable('referrals').execute();
  await db.schema.dropTable('referrers').execute();
}
