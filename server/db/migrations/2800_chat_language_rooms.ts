import { sql, type Kysely } from 'kysely';

// A chat room per interface language (docs/community.md, "Chat"): de, es, pt, fr and tr join `en`
// in chat_rooms (core/protocol/chat.ts CHAT_ROOMS lists the same six), each with its own slow mode
// (off). `down` takes them out with what was written in them: their messages, the reports of those
// messages, and the announcements' links to them (a system message's first room is `en`, so those
// links stay; the ones that point here are cleared, not deleted, so an event is never announced twice).
const ROOMS = ['de', 'es', 'pt', 'fr', 'tr'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into chat_rooms (room) values ${sql.join(ROOMS.map((room) => sql`(${room})`))} on conflict (room) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const gone = sql`(select id from chat_messages where room = any(${ROOMS}::text[]))`;
  for (const table of ['chat_announcements', 'chat_race_announcements', 'chat_event_announcements']) {
    await sql`update ${sql.table(table)} set message_id = null where message_id in ${gone}`.execute(db);
  }
  await sql`delete from chat_reports where message_id in ${gone}`.execute(db);
  await sql`delete from chat_messages where room = any(${ROOMS}::text[])`.execute(db);
  await sql`delete from chat_rooms where room = any(${ROOMS}::text[])`.execute(db);
}
