import { sql, type Kysely } from 'kysely';

// Web push (docs/community.md, "Web push"): a player's browser subscriptions, one row per push
// endpoint (the push service's address for that browser), with the keys its payloads are encrypted
// for and the notification kinds this browser is sent.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table push_subscriptions (
    id bigint generated always as identity primary key,
    user_id bigint not null references users (id) on delete cascade,
    endpoint text not null unique,
    p256dh text not null,
    auth text not null,
    kinds text[] not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index push_subscriptions_user on push_subscriptions (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table push_subscriptions`.execute(db);
}
