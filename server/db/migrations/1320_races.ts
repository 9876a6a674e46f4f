import { sql, type Kysely } from 'kysely';

// Races (docs/rewards.md, "Races"). `races`: one row per race: its period [starts_at, ends_at), metric,
// optional scope (a game id or a box) and prize table (cents by place); `closed_at` is set once by the
// closing transaction. The daily and weekly races are one per period (unique kind + start), created
// by the leader. `race_prizes`: one row per paid place: its primary key (race, place) is what pays a
// place once, whichever node or retry closes the race.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('races')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('daily', 'weekly', 'custom')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull().check(sql`metric in ('wagered', 'best_multiplier', 'net_won')`))
    .addColumn('game', 'text')
    .addColumn('box_id', 'bigint', (c) => c.references('boxes.id'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('prizes', sql`bigint[]`, (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    .addCheckConstraint('races_period', sql`ends_at > starts_at`)
    .addCheckConstraint('races_one_scope', sql`game is null or box_id is null`)
    .execute();
  await sql`create unique index races_default_period on races (kind, starts_at) where kind <> 'custom'`.execute(db);
  await sql`create index races_open on races (ends_at) where closed_at is null`.execute(db);
  await db.schema
    .createTable('race_prizes')
    .addColumn('race_id', 'bigint', (c) => c.notNull().references('races.id'))
    .addColumn('place', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addColumn('prize', 'bigint', (c) => c.notNull().check(sql`prize > 0`))
    .addColumn('paid_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('race_prizes_pk', ['race_id', 'place'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('race_prizes').execute();
  await db.schema.dropTable('races').execute();
}
