import { sql, type Kysely } from 'kysely';

// Linked accounts by what paid their deposits (docs/risk.md, "Marks"): a card's token and the Steam
// account of a skins trade join the kinds of marks.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table account_marks drop constraint account_marks_kind_check`.execute(db);
  await sql`alter table account_marks add constraint account_marks_kind_check check (kind in ('device', 'address', 'crypto_address', 'shipping', 'card', 'skins_account'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from account_marks where kind in ('card', 'skins_account')`.execute(db);
  await sql`alter table account_marks drop constraint account_marks_kind_check`.execute(db);
  await sql`alter table account_marks add constraint account_marks_kind_check check (kind in ('device', 'address', 'crypto_address', 'shipping'))`.execute(db);
}
