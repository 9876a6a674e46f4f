import { sql, type Kysely } from 'kysely';

// The weekly leaderboard becomes two races a week (docs/rewards.md, "Weekly leaderboard"): kind
// `leaderboard`, one per metric (`win_amount`, the spec's "biggest wins", is a race metric for this
// kind only; `best_multiplier`), paid by the races' closer. A race keeps the smallest stake whose
// multiplier counts (`min_stake`: the leaderboard's is a setting, the other races' the constant it
// had). The default races are unique per kind, metric and start now (two leaderboard races share a
// start). The paid weeks move over as closed races with their paid places; their tables go.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table races drop constraint races_kind_check`.execute(db);
  await sql`alter table races add constraint races_kind_check check (kind in ('daily', 'weekly', 'leaderboard', 'custom'))`.execute(db);
  await sql`alter table races drop constraint races_metric_check`.execute(db);
  await sql`alter table races add constraint races_metric_check check (metric in ('wagered', 'best_multiplier', 'net_won', 'win_amount') and (metric <> 'win_amount' or kind = 'leaderboard'))`.execute(db);
  await sql`alter table races add column min_stake bigint not null default 100`.execute(db);
  await sql`drop index races_default_period`.execute(db);
  await sql`create unique index races_default_period on races (kind, metric, starts_at) where kind <> 'custom'`.execute(db);
  await sql`
    insert into races (kind, name, metric, starts_at, ends_at, prizes, closed_at)
    select 'leaderboard',
      case w.metric when 'win_amount' then 'Weekly leaderboard (biggest wins)' else 'Weekly leaderboard (best multiplier)' end,
      case w.metric when 'win_amount' then 'win_amount' else 'best_multiplier' end,
      w.starts_at, w.starts_at + interval '7 days',
      coalesce((select array_agg(p.prize order by p.rank) from leaderboard_prizes p where p.metric = w.metric and p.starts_at = w.starts_at), '{}'),
      w.paid_at
    from leaderboard_weeks w`.execute(db);
  await sql`
    insert into race_prizes (race_id, place, user_id, value, prize, paid_at)
    select r.id, p.rank, p.user_id, p.value, p.prize, r.closed_at
    from leaderboard_prizes p
    join races r on r.kind = 'leaderboard' and r.starts_at = p.starts_at
      and r.metric = case p.metric when 'win_amount' then 'win_amount' else 'best_multiplier' end`.execute(db);
  await sql`drop table leaderboard_prizes`.execute(db);
  await sql`drop table leaderboard_weeks`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create table leaderboard_weeks (metric text not null check (metric in ('win_amount', 'multiplier')), starts_at timestamptz not null, paid_at timestamptz not null default now(), constraint leaderboard_weeks_pk primary key (metric, starts_at))`.execute(db);
  await sql`
    create table leaderboard_prizes (metric text not null, starts_at timestamptz not null, rank integer not null check (rank >= 1),
      user_id bigint not null references users (id) on delete cascade, value bigint not null, prize bigint not null check (prize > 0),
      constraint leaderboard_prizes_pk primary key (metric, starts_at, rank),
      constraint leaderboard_prizes_week foreign key (metric, starts_at) references leaderboard_weeks (metric, starts_at))`.execute(db);
  const weekMetric = sql`case r.metric when 'win_amount' then 'win_amount' else 'multiplier' end`;
  await sql`insert into leaderboard_weeks (metric, starts_at, paid_at) select ${weekMetric}, r.starts_at, r.closed_at from races r where r.kind = 'leaderboard' and r.closed_at is not null`.execute(db);
  await sql`insert into leaderboard_prizes (metric, starts_at, rank, user_id, value, prize) select ${weekMetric}, r.starts_at, p.place, p.user_id, p.value, p.prize from race_prizes p join races r on r.id = p.race_id where r.kind = 'leaderboard'`.execute(db);
  await sql`delete from race_prizes where race_id in (select id from races where kind = 'leaderboard')`.execute(db);
  // The chat's announcements (1801) may be rolled back already: migrations ran in name order.
  const announced = await sql<{ t: string | null }>`select to_regclass('chat_race_announcements')::text as t`.execute(db);
  if (announced.rows[0]?.t) await sql`delete from chat_race_announcements where race_id in (select id from races where kind = 'leaderboard')`.execute(db);
  await sql`delete from races where kind = 'leaderboard'`.execute(db);
  await sql`drop index races_default_period`.execute(db);
  await sql`create unique index races_default_period on races (kind, starts_at) where kind <> 'custom'`.execute(db);
  await sql`alter table races drop column min_stake`.execute(db);
  await sql`alter table races drop constraint races_metric_check`.execute(db);
  await sql`alter table races add constraint races_metric_check check (metric in ('wagered', 'best_multiplier', 'net_won'))`.execute(db);
  await sql`alter table races drop constraint races_kind_check`.execute(db);
  await sql`alter table races add constraint races_kind_check check (kind in ('daily', 'weekly', 'custom'))`.execute(db);
}
