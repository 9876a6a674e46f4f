import type { Kysely } from 'kysely';

// Sign-up consent (docs/accounts.md): when the player confirmed the Terms of Service and being 18+
// (null for accounts made before it was asked), and whether they want promotions by email.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('terms_accepted_at', 'timestamptz').execute();
  await db.schema.alterTable('users').addColumn('promotions', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('promotions').execute();
  await db.schema.alterTable('users').dropColumn('terms_accepted_at').execute();
}
