import { sql, type Kysely } from 'kysely';

// Chat (docs/community.md, "Chat").
// - chat_settings: one row (id 1) of the console's settings: the kill switch, the gates to write
//   (verified email, wagered in the last N days, level), the length cap, the allowed link hosts and
//   the banned phrases.
// - chat_rooms: one row per room (English now, one per language later) with its slow mode.
// - chat_messages: every message with a copy of its author's name (reads need no join) and the
//   mentioned players' ids (kept for notifications); a deleted message keeps its row for the audit.
// - chat_posters: the time of each player's last accepted message; one conditional upsert claims
//   the next slot, so parallel posts of one player pass one at a time.
// - chat_sanctions: mutes (until) and bans per player.
// - chat_reports: players' reports, one per reporter and message; the console's queue.
// - chat_ignores: who a player ignores, kept per account.
// The staff role `moderator` joins the console's roles.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff_roles drop constraint if exists staff_roles_role_check`.execute(db);
  await sql`alter table staff_roles add constraint staff_roles_role_check check (role in ('moderator', 'operator', 'admin'))`.execute(db);
  await db.schema
    .createTable('chat_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('require_verified', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('min_wagered', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`min_wagered >= 0`))
    .addColumn('wagered_days', 'integer', (c) => c.notNull().defaultTo(7).check(sql`wagered_days between 1 and 365`))
    .addColumn('min_level', 'integer', (c) => c.notNull().defaultTo(1).check(sql`min_level between 1 and 119`))
    .addColumn('max_length', 'integer', (c) => c.notNull().defaultTo(200).check(sql`max_length between 1 and 500`))
    .addColumn('allowed_hosts', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('banned_phrases', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .execute();
  await sql`insert into chat_settings (id) values (1)`.execute(db);
  await db.schema
    .createTable('chat_rooms')
    .addColumn('room', 'text', (c) => c.primaryKey())
    .addColumn('slow_mode_seconds', 'integer', (c) => c.notNull().defaultTo(0).check(sql`slow_mode_seconds between 0 and 3600`))
    .execute();
  await sql`insert into chat_rooms (room) values ('en')`.execute(db);
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('room', 'text', (c) => c.notNull().references('chat_rooms.room'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('mentions', sql`bigint[]`, (c) => c.notNull().defaultTo(sql`'{}'::bigint[]`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('deleted_by', 'bigint', (c) => c.references('users.id'))
    .execute();
  await sql`create index chat_messages_room_recent on chat_messages (room, id desc) where deleted_at is null`.execute(db);
  await sql`create index chat_messages_user_recent on chat_messages (user_id, id desc)`.execute(db);
  await db.schema
    .createTable('chat_posters')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
    .addColumn('last_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('chat_sanctions')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
    .addColumn('muted_until', 'timestamptz')
    .addColumn('banned', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('chat_reports')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('message_id', 'bigint', (c) => c.notNull().references('chat_messages.id'))
    .addColumn('reporter_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'bigint', (c) => c.references('users.id'))
    .addUniqueConstraint('chat_reports_once', ['message_id', 'reporter_id'])
    .execute();
  await sql`create index chat_reports_open on chat_reports (id) where resolved_at is null`.execute(db);
  await db.schema
    .createTable('chat_ignores')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('ignored_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('chat_ignores_pk', ['user_id', 'ignored_id'])
    .addCheckConstraint('chat_ignores_not_self', sql`user_id <> ignored_id`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['chat_ignores', 'chat_reports', 'chat_sanctions', 'chat_posters', 'chat_messages', 'chat_rooms', 'chat_settings']) await db.schema.dropTable(t).execute();
  await sql`delete from staff_roles where role = 'moderator'`.execute(db);
  await sql`alter table staff_roles drop constraint if exists staff_roles_role_check`.execute(db);
  await sql`alter table staff_roles add constraint staff_roles_role_check check (role in ('operator', 'admin'))`.execute(db);
}
