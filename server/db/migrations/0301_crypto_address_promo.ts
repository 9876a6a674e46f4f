import type { Kysely } from 'kysely';

// A promo code applied in the crypto form rides on the deposit address until the next credited
// transfer to it (crypto has no redirect to carry it).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('crypto_addresses').addColumn('promo_code_id', 'bigint', (c) => c.references('promo_codes.id')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('crypto_addresses').dropColumn('promo_code_id').execute();
}
