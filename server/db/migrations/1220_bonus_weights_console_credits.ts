import { sql, type Kysely } from 'kysely';

// Per-code game weights and console credits as bonuses (docs/bonuses.md, "Game weights" and
// "Console bonus credits"). `game_weights` (jsonb, game id → percent 0–100) on a promo code
// overrides the catalog's `bonusWeightPct` for the games it names; a grant keeps the weights it was
// granted with (null: the catalog's), so changing a code never changes a bonus already running. A
// credit waiting for a second staff member keeps its bonus terms (`bonus_multiple`, `bonus_days`,
// `bonus_max_bet`; null multiple: a plain credit) so the approval grants what was asked.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('promo_codes').addColumn('game_weights', 'jsonb').execute();
  await db.schema.alterTable('bonus_grants').addColumn('game_weights', 'jsonb').execute();
  await db.schema
    .alterTable('pending_adjustments')
    .addColumn('bonus_multiple', 'integer', (c) => c.check(sql`bonus_multiple between 0 and 100`))
    .addColumn('bonus_days', 'integer', (c) => c.check(sql`bonus_days between 1 and 365`))
    .addColumn('bonus_max_bet', 'bigint', (c) => c.check(sql`bonus_max_bet > 0`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pending_adjustments').dropColumn('bonus_multiple').dropColumn('bonus_days').dropColumn('bonus_max_bet').execute();
  await db.schema.alterTable('bonus_grants').dropColumn('game_weights').execute();
  await db.schema.alterTable('promo_codes').dropColumn('game_weights').execute();
}
