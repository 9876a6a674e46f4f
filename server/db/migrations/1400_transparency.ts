import { sql, type Kysely } from 'kysely';

// The public transparency page and public bet pages (docs/transparency.md).
//
// `bet_hours` is the page's cache: per UTC hour, game and pricing parameter (a plinko table, a wheel
// colour, a box's kind: server/journal/returnParam.ts), the settled bets that staked something, their
// stakes and payouts and the sums the confidence band needs (Σ stake², Σ payout², Σ stake × payout).
// It is kept up to date incrementally: a statement trigger on `bets` marks the hours a statement
// touched in `bet_hours_dirty`, and the page recomputes only those hours (each through the journal's
// time index) before it reads the cache. No request reads the whole journal.
//
// `bets.public_id` is each bet's public address (/bets/{public_id}): 128 random bits from
// gen_random_uuid() (122 of them random), as 32 hex digits; never the sequential id.
// `users.public_bet_name`: whether those pages show the player's name; hidden unless they choose.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bets add column public_id text not null default replace(gen_random_uuid()::text, '-', '')`.execute(db);
  await sql`create unique index bets_public_id on bets (public_id)`.execute(db);
  await sql`alter table users add column public_bet_name boolean not null default false`.execute(db);

  await sql`create table bet_hours (
    hour timestamp not null,
    game text not null,
    param text not null default '',
    bets integer not null,
    wagered bigint not null,
    paid bigint not null,
    ss float8 not null,
    pp float8 not null,
    sp float8 not null,
    primary key (hour, game, param)
  )`.execute(db);
  await sql`create table bet_hours_dirty (id bigint generated always as identity primary key, hour timestamp not null)`.execute(db);
  // Every hour the journal holds is to compute once.
  await sql`insert into bet_hours_dirty (hour) select distinct date_trunc('hour', placed_at at time zone 'UTC') from bets`.execute(db);

  await sql`create function bet_hours_mark() returns trigger language plpgsql as $$
    begin
      insert into bet_hours_dirty (hour) select distinct date_trunc('hour', placed_at at time zone 'UTC') from changed where status <> 'open';
      return null;
    end $$`.execute(db);
  await sql`create trigger bet_hours_insert after insert on bets referencing new table as changed for each statement execute function bet_hours_mark()`.execute(db);
  await sql`create trigger bet_hours_update after update on bets referencing new table as changed for each statement execute function bet_hours_mark()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger bet_hours_insert on bets`.execute(db);
  await sql`drop trigger bet_hours_update on bets`.execute(db);
  await sql`drop function bet_hours_mark()`.execute(db);
  await sql`drop table bet_hours_dirty`.execute(db);
  await sql`drop table bet_hours`.execute(db);
  await sql`drop index bets_public_id`.execute(db);
  await sql`alter table bets drop column public_id`.execute(db);
  await sql`alter table users drop column public_bet_name`.execute(db);
}
