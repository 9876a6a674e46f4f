import { sql, type Kysely } from 'kysely';

// The live feed shows wins of every game that hands out items (docs/realtime.md "Live drops"): a box
// opening, a battle's won items and an upgrade's target. Each drop names its game; older rows were
// box openings.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table drops add column game text not null default 'box' check (game in ('box', 'battle', 'upgrade'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('drops').dropColumn('game').execute();
}
