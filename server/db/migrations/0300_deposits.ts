import { sql, type Kysely } from 'kysely';

// Deposits: invoices (one per redirect or crypto transfer), the claim table that deduplicates
// gateway callbacks, crypto deposit addresses, promo codes with their redemptions, gift codes and
// vouchers, and entitlements (free boxes granted by a promo code, consumed by the boxes area).
// Amounts are integer cents.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('promo_codes')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('code', 'text', (c) => c.notNull())
    // Percent (35 = 35 %) when is_fixed_value is false, otherwise a fixed bonus in cents.
    .addColumn('value', 'bigint', (c) => c.notNull().check(sql`value > 0`))
    .addColumn('is_fixed_value', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('free_boxes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('per_user_limit', 'integer', (c) => c.notNull().defaultTo(1).check(sql`per_user_limit > 0`))
    .addColumn('max_uses', 'integer') // null: no global cap
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('promo_codes_cap', sql`max_uses is null or uses <= max_uses`)
    .execute();
  await sql`create unique index promo_codes_code_unique on promo_codes (lower(code))`.execute(db);

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('gateway', 'text', (c) => c.notNull().check(sql`gateway in ('zen', 'skinsback', 'alphapo')`))
    .addColumn('provider', 'text', (c) => c.notNull()) // the adapter that handles it: the gateway itself or 'sandbox'
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('bonus', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('promo_code_id', 'bigint', (c) => c.references('promo_codes.id'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new').check(sql`status in ('new', 'paid', 'rejected', 'reversed')`))
    .addColumn('provider_tx_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('invoices_user').on('invoices').columns(['user_id', 'id']).execute();

  // One row per distinct provider event: the UNIQUE key is the deduplication of callbacks.
  await db.schema
    .createTable('payment_callbacks')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_tx_id', 'text', (c) => c.notNull())
    .addColumn('invoice_id', 'bigint', (c) => c.references('invoices.id'))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('payment_callbacks_claim', ['provider', 'provider_tx_id'])
    .execute();

  await db.schema
    .createTable('crypto_addresses')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull().unique())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('crypto_addresses_one_per_currency', ['user_id', 'currency'])
    .execute();

  await db.schema
    .createTable('promo_redemptions')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('promo_code_id', 'bigint', (c) => c.notNull().references('promo_codes.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('invoice_id', 'bigint', (c) => c.notNull().unique().references('invoices.id'))
    .addColumn('bonus', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('promo_redemptions_user').on('promo_redemptions').columns(['promo_code_id', 'user_id']).execute();

  await db.schema
    .createTable('gift_codes')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('gift', 'voucher')`))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('value', 'bigint', (c) => c.notNull().check(sql`value > 0`))
    .addColumn('redeemed_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('redeemed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('entitlements')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull()) // 'free_box'
    .addColumn('source', 'text', (c) => c.notNull()) // e.g. 'promo:winter35'
    .addColumn('reference', 'text') // e.g. 'invoice:12'
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('consumed_reference', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('entitlements_user').on('entitlements').columns(['user_id', 'kind']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['entitlements', 'gift_codes', 'promo_redemptions', 'crypto_addresses', 'payment_callbacks', 'invoices', 'promo_codes']) {
    await db.schema.dropTable(table).execute();
  }
}
