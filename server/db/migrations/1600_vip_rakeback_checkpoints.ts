import { sql, type Kysely } from 'kysely';

// The VIP read's checkpoint (docs/vip.md, "Rakeback"): per player, how far their bets journal has been
// priced once and for all. Every bet of the player up to `through_id` has ended (settled, refunded or
// voided) well before the checkpoint was taken; `xp` is those bets' play stakes (cents), `scaled`
// their rakeback exactly (Σ stake × edge ppm × rate bp, RAKEBACK_SCALE per cent). A read sums only
// the bets after `through_id` and moves the checkpoint on; `bets_user_id` finds them without walking
// the player's whole journal.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vip_rakeback_checkpoints')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('through_id', 'bigint', (c) => c.notNull())
    .addColumn('xp', 'bigint', (c) => c.notNull().check(sql`xp >= 0`))
    .addColumn('scaled', 'numeric', (c) => c.notNull().check(sql`scaled >= 0`))
    .execute();
  await sql`create index bets_user_id on bets (user_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index bets_user_id`.execute(db);
  await db.schema.dropTable('vip_rakeback_checkpoints').execute();
}
