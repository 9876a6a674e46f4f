import { sql, type Kysely } from 'kysely';
import { MAX_LEVEL, levelStart } from '../../../core/games/levels.ts';

// The notifications centre (docs/community.md, "Notifications"): one row per thing a player is
// told, as its kind and data (core/protocol/notificationEvents.ts words it), under a key naming its
// source so that it is written once (`credit:<ledger transfer>`, `mention:<message>`,
// `level:<level>`…). Each is written in the transaction of what it tells (the wallet's credit, the
// chat's message, the journal's XP) or by the claim of a notifier that already tells once (a
// support answer, a delivery step). `notified_at` null until a node has published it live (claimed
// once: server/db/claimUnnotified.ts).
//
// A level up is written by a trigger on users.wagered, which the bets journal's triggers keep (every
// game, every path, one-statement settlements too): it fires when the level of the new XP is above
// the old one's. The levels' starts are core/games/levels.ts's curve, written into the trigger when
// this migration ran; width_bucket finds a level among them by a binary search.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table notifications (
    id bigint generated always as identity primary key,
    user_id bigint not null references users (id) on delete cascade,
    kind text not null,
    key text not null,
    data jsonb not null,
    created_at timestamptz not null default now(),
    read_at timestamptz,
    notified_at timestamptz,
    constraint notifications_once unique (user_id, kind, key)
  )`.execute(db);
  await sql`create index notifications_user on notifications (user_id, id desc)`.execute(db);
  await sql`create index notifications_unnotified on notifications (id) where notified_at is null`.execute(db);

  const starts = sql.raw(`array[${Array.from({ length: MAX_LEVEL - 1 }, (_, i) => levelStart(i + 2)).join(',')}]::bigint[]`);
  await sql`create function notify_level_up() returns trigger language plpgsql as $$
    declare reached int := width_bucket(new.wagered, ${starts}) + 1;
    begin
      insert into notifications (user_id, kind, key, data)
      values (new.id, 'level_up', 'level:' || reached, jsonb_build_object('level', reached))
      on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`create trigger users_level_up after update of wagered on users for each row
    when (width_bucket(new.wagered, ${starts}) > width_bucket(old.wagered, ${starts}))
    execute function notify_level_up()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger users_level_up on users`.execute(db);
  await sql`drop function notify_level_up()`.execute(db);
  await sql`drop table notifications`.execute(db);
}
