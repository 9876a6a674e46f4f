import { sql, type Kysely } from 'kysely';

// VIP ranks and rakeback (docs/vip.md). `vip_rates` is the history of each rank's rates, one row per
// change (the console appends, never updates): a settled bet's rakeback is priced at the rate in
// force when it settled, so a change never re-prices what was earned. `vip_players` holds what each
// player has claimed of their rakeback (cents): the claim locks that row, so parallel claims pay once.
// `vip_rank_bonuses` is one row per player and rank whose rank-up bonus was paid: its primary key is
// what pays each rank once, across restarts and nodes.
const DEFAULTS: [string, number, number][] = [
  ['bronze', 500, 0],
  ['silver', 750, 500],
  ['gold', 1000, 2500],
  ['platinum', 1250, 10000],
  ['diamond', 1500, 50000],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vip_rates')
    .addColumn('tier', 'text', (c) => c.notNull().check(sql`tier in ('bronze', 'silver', 'gold', 'platinum', 'diamond')`))
    .addColumn('from_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('rakeback_bp', 'integer', (c) => c.notNull().check(sql`rakeback_bp between 0 and 10000`))
    .addColumn('rank_bonus', 'bigint', (c) => c.notNull().check(sql`rank_bonus >= 0`))
    .addColumn('updated_by', 'bigint', (c) => c.references('users.id')) // null: the defaults or an ops command
    .addPrimaryKeyConstraint('vip_rates_pk', ['tier', 'from_at'])
    .execute();
  for (const [tier, bp, bonus] of DEFAULTS) {
    await sql`insert into vip_rates (tier, from_at, rakeback_bp, rank_bonus) values (${tier}, '-infinity', ${bp}, ${bonus})`.execute(db);
  }
  await db.schema
    .createTable('vip_players')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('rakeback_claimed', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`rakeback_claimed >= 0`))
    .addColumn('claimed_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('vip_rank_bonuses')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('paid_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('vip_rank_bonuses_pk', ['user_id', 'tier'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('vip_rank_bonuses').execute();
  await db.schema.dropTable('vip_players').execute();
  await db.schema.dropTable('vip_rates').execute();
}
