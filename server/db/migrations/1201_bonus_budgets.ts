import { sql, type Kysely } from 'kysely';

// What a promo code's bonuses may cost (docs/bonuses.md, "Budgets and checks"): `budget`, the most
// its bonuses may add up to (cents, null: no budget), `bonus_cap`, the most one deposit's bonus may
// be (cents, null: none), and `granted`, what its bonuses have added up to, raised in the crediting
// transaction under the code's row lock, so racing deposits never pass the budget together.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('promo_codes')
    .addColumn('budget', 'bigint', (c) => c.check(sql`budget >= 0`))
    .addColumn('bonus_cap', 'bigint', (c) => c.check(sql`bonus_cap > 0`))
    .addColumn('granted', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`granted >= 0`))
    .execute();
  // What the codes granted before this migration.
  await sql`update promo_codes p set granted = coalesce((select sum(r.bonus) from promo_redemptions r where r.promo_code_id = p.id), 0)`.execute(db);
  await sql`alter table promo_codes add constraint promo_codes_within_budget check (budget is null or granted <= budget) not valid`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table promo_codes drop constraint promo_codes_within_budget`.execute(db);
  await db.schema.alterTable('promo_codes').dropColumn('budget').dropColumn('bonus_cap').dropColumn('granted').execute();
}
