import { sql, type Kysely } from 'kysely';
import { LOCALES } from '../../../core/text/locales.ts';

// The language a player's mails are written in (docs/i18n.md, "Texts the server sends"): the one
// their pages last used (the `locale` cookie), kept by sign-up and the profile call every page makes.
export async function up(db: Kysely<unknown>): Promise<void> {
  const list = sql.join(LOCALES.map((locale) => sql.lit(locale)));
  await db.schema
    .alterTable('users')
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en-US').check(sql`locale in (${list})`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('locale').execute();
}
