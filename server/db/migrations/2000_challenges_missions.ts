import { sql, type Kysely } from 'kysely';

// Challenges and missions (docs/rewards.md, "Challenges" and "Missions"). Progress and winners are
// read from the bets journal; these tables hold only what the console decided and what was paid.
// `challenges`: one row per console challenge: scope (a game id or a box), the multiplier to reach
// (hundredths), the smallest stake and the prize (cents), how many players win, its period.
// `challenge_winners`: one row per paid place, with the winning bet; its primary key (challenge,
// place) and its unique (challenge, player) pay each place and each player once.
// `mission_rewards`: one row per player and mission whose reward was paid (primary key), the grant's
// reference beside it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('challenges')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('game', 'text')
    .addColumn('box_id', 'bigint', (c) => c.references('boxes.id'))
    .addColumn('multiplier', 'bigint', (c) => c.notNull().check(sql`multiplier > 100`))
    .addColumn('min_stake', 'bigint', (c) => c.notNull().check(sql`min_stake > 0`))
    .addColumn('prize', 'bigint', (c) => c.notNull().check(sql`prize > 0`))
    .addColumn('winners', 'integer', (c) => c.notNull().check(sql`winners between 1 and 100`))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('challenges_period', sql`ends_at > starts_at`)
    .addCheckConstraint('challenges_one_scope', sql`game is null or box_id is null`)
    .execute();
  await db.schema
    .createTable('challenge_winners')
    .addColumn('challenge_id', 'bigint', (c) => c.notNull().references('challenges.id'))
    .addColumn('place', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('bet_id', 'bigint', (c) => c.notNull())
    .addColumn('prize', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('challenge_winners_pk', ['challenge_id', 'place'])
    .addUniqueConstraint('challenge_winners_player', ['challenge_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('mission_rewards')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('mission', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('mission_rewards_pk', ['user_id', 'mission'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mission_rewards').execute();
  await db.schema.dropTable('challenge_winners').execute();
  await db.schema.dropTable('challenges').execute();
}
