import { sql, type Kysely } from 'kysely';

// Each round game numbers its own rounds 1, 2, 3, … (docs/crash.md, "Rounds"): `rounds.id` is
// shared by every game, so crash's rounds read #30, #33, #35 while the wheel took the numbers
// between. The rounds already played are numbered here in the order they were created.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rounds').addColumn('number', 'bigint').execute();
  await sql`update rounds set number = n.number from (select id, row_number() over (partition by game order by id) as number from rounds) n where rounds.id = n.id`.execute(db);
  await sql`alter table rounds alter column number set not null`.execute(db);
  await sql`alter table rounds add constraint rounds_game_number unique (game, number)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rounds').dropColumn('number').execute();
}
