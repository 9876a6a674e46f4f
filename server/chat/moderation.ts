import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Bus } from '../realtime/bus.ts';
import type { Clock } from '../clock.ts';
import { audit, type Actor } from '../admin/audit.ts';
import { fieldError, notFound } from '../http/errors.ts';
import { chatChannel, CHAT_CONSOLE_MESSAGES, CHAT_MSG, type ChatConsoleRoom, type ChatRoom, type ChatSettings } from '../../core/protocol/chat.ts';
import { centsOf } from '../../core/money/cents.ts';
import { chatSettings, MESSAGE_COLUMNS, messageWire } from './chat.ts';

// The console's chat moderation (docs/community.md, "Chat"): each action and its audit row commit
// together; what players see changes at once over the room's channel (`deleted` with the ids).
// A deleted message keeps its row (text, author, who deleted it) for the audit and the reports.

export interface ModerationDeps {
  db: Db;
  bus: Bus;
  clock: Clock;
}

/** How far back "clear a player's recent messages" reaches. */
export const CLEAR_RECENT_MS = 24 * 3600_000;

function announceDeleted(bus: Bus, byRoom: Map<string, number[]>): void {
  for (const [room, ids] of byRoom) bus.publish({ channel: chatChannel(room as ChatRoom), event: 'deleted', data: { ids } });
}

/** Deletes one message for everyone; its open reports are resolved with it. */
export async function deleteMessage(deps: ModerationDeps, actor: Actor, id: number): Promise<void> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const deleted = await trx
      .updateTable('chat_messages')
      .set({ deleted_at: new Date(deps.clock.now()), deleted_by: actor.userId })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returning(MESSAGE_COLUMNS)
      .executeTakeFirst();
    if (!deleted) throw notFound(CHAT_MSG.noMessage);
    await trx.updateTable('chat_reports').set({ resolved_at: new Date(deps.clock.now()), resolved_by: actor.userId }).where('message_id', '=', id).where('resolved_at', 'is', null).execute();
    await audit(trx, actor, { action: 'chat.delete', targetKind: 'chat_message', targetId: id, before: messageWire(deleted) });
    return deleted;
  });
  announceDeleted(deps.bus, new Map([[row.room, [Number(row.id)]]]));
}

/** Deletes every message the player wrote in the last 24 hours. Answers how many. */
export async function clearRecent(deps: ModerationDeps, actor: Actor, userId: number): Promise<number> {
  const now = new Date(deps.clock.now());
  const rows = await deps.db.transaction().execute(async (trx) => {
    const cleared = await trx
      .updateTable('chat_messages')
      .set({ deleted_at: now, deleted_by: actor.userId })
      .where('user_id', '=', userId)
      .where('kind', '=', 'player') // what the server said about the player stays
      .where('deleted_at', 'is', null)
      .where('created_at', '>=', new Date(now.getTime() - CLEAR_RECENT_MS))
      .returning(['id', 'room'])
      .execute();
    await audit(trx, actor, { action: 'chat.clear', targetKind: 'player', targetId: userId, after: { messages: cleared.map((r) => Number(r.id)) } });
    return cleared;
  });
  const byRoom = new Map<string, number[]>();
  for (const r of [...rows].sort((a, b) => Number(a.id) - Number(b.id))) byRoom.set(r.room, [...(byRoom.get(r.room) ?? []), Number(r.id)]);
  announceDeleted(deps.bus, byRoom);
  return rows.length;
}

async function sanction(deps: ModerationDeps, actor: Actor, userId: number, action: string, change: { muted_until?: Date | null; banned?: boolean }, reason = ''): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const player = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!player) throw notFound('There is no such player.');
    const before = await trx.selectFrom('chat_sanctions').select(['muted_until', 'banned']).where('user_id', '=', userId).forUpdate().executeTakeFirst();
    await trx
      .insertInto('chat_sanctions')
      .values({ user_id: userId, ...change })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(change))
      .execute();
    await audit(trx, actor, { action, targetKind: 'player', targetId: userId, before: before ?? null, after: reason === '' ? change : { ...change, reason } });
  });
}

export async function mutePlayer(deps: ModerationDeps, actor: Actor, userId: number, minutes: number, reason = ''): Promise<Date> {
  const until = new Date(deps.clock.now() + minutes * 60_000);
  await sanction(deps, actor, userId, 'chat.mute', { muted_until: until }, reason);
  return until;
}

export async function unmutePlayer(deps: ModerationDeps, actor: Actor, userId: number): Promise<void> {
  await sanction(deps, actor, userId, 'chat.unmute', { muted_until: null });
}

export async function banPlayer(deps: ModerationDeps, actor: Actor, userId: number, banned: boolean, reason = ''): Promise<void> {
  await sanction(deps, actor, userId, banned ? 'chat.ban' : 'chat.unban', { banned }, reason);
}

export async function setSlowMode(db: Db, actor: Actor, room: ChatRoom, seconds: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('chat_rooms').select('slow_mode_seconds').where('room', '=', room).forUpdate().executeTakeFirstOrThrow();
    await trx.updateTable('chat_rooms').set({ slow_mode_seconds: seconds }).where('room', '=', room).execute();
    await audit(trx, actor, { action: 'chat.slow_mode', targetKind: 'chat_room', targetId: room, before, after: { slow_mode_seconds: seconds } });
  });
}

export function settingsWire(s: Awaited<ReturnType<typeof chatSettings>>): ChatSettings {
  return { require_verified: s.require_verified, min_wagered: s.min_wagered / 100, wagered_days: s.wagered_days, min_level: s.min_level, max_length: s.max_length, allowed_hosts: s.allowed_hosts, banned_phrases: s.banned_phrases };
}

export async function updateSettings(db: Db, actor: Actor, next: ChatSettings): Promise<ChatSettings> {
  const minWagered = centsOf(next.min_wagered);
  if (Math.abs(minWagered / 100 - next.min_wagered) > 1e-9) throw fieldError('min_wagered', 'The minimum wagered is in coins with at most 2 decimals.');
  return db.transaction().execute(async (trx) => {
    const before = settingsWire(await chatSettings(trx));
    await trx
      .updateTable('chat_settings')
      .set({ require_verified: next.require_verified, min_wagered: minWagered, wagered_days: next.wagered_days, min_level: next.min_level, max_length: next.max_length, allowed_hosts: sql<string[]>`${[...new Set(next.allowed_hosts)]}::text[]`, banned_phrases: sql<string[]>`${[...new Set(next.banned_phrases)]}::text[]` })
      .where('id', '=', 1)
      .execute();
    const after = settingsWire(await chatSettings(trx));
    await audit(trx, actor, { action: 'chat.settings', targetKind: 'chat', targetId: null, before, after });
    return after;
  });
}

/** The open reports, oldest first, each with its message as written (deleted or not). */
export async function openReports(db: Db) {
  const rows = await db
    .selectFrom('chat_reports as r')
    .innerJoin('chat_messages as m', 'm.id', 'r.message_id')
    .innerJoin('users as u', 'u.id', 'r.reporter_id')
    .select(['r.id', 'r.reason', 'r.created_at', 'r.reporter_id', 'u.name as reporter_name', 'm.id as message_id', 'm.room', 'm.user_id', 'm.user_name', 'm.body', 'm.kind', 'm.mentions', 'm.bet_public_id', 'm.created_at as message_at', 'm.deleted_at'])
    .where('r.resolved_at', 'is', null)
    .orderBy('r.id')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    reason: r.reason,
    created_at: new Date(r.created_at).toISOString(),
    reporter: { id: Number(r.reporter_id), name: r.reporter_name },
    message: { ...messageWire({ id: r.message_id, room: r.room, user_id: r.user_id, user_name: r.user_name, body: r.body, kind: r.kind, mentions: r.mentions, bet_public_id: r.bet_public_id, created_at: r.message_at }), deleted: r.deleted_at !== null },
  }));
}

/** The console's room: whether the chat is open (its kill switch, `enabled`), the slow mode and the last messages, newest first, deleted ones marked. */
export async function consoleRoom(db: Db, room: ChatRoom, enabled: boolean): Promise<ChatConsoleRoom> {
  const [roomRow, rows] = await Promise.all([
    db.selectFrom('chat_rooms').select('slow_mode_seconds').where('room', '=', room).executeTakeFirstOrThrow(),
    db.selectFrom('chat_messages').select([...MESSAGE_COLUMNS, 'deleted_at']).where('room', '=', room).orderBy('id', 'desc').limit(CHAT_CONSOLE_MESSAGES).execute(),
  ]);
  return { room, enabled, slow_mode_seconds: roomRow.slow_mode_seconds, messages: rows.map((r) => ({ ...messageWire(r), deleted: r.deleted_at !== null })) };
}

/** Closes a report without deleting its message (the moderator found nothing wrong). */
export async function dismissReport(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const r = await trx.updateTable('chat_reports').set({ resolved_at: new Date(), resolved_by: actor.userId }).where('id', '=', id).where('resolved_at', 'is', null).returning(['id', 'message_id']).executeTakeFirst();
    if (!r) throw notFound('There is no such open report.');
    await audit(trx, actor, { action: 'chat.report_dismiss', targetKind: 'chat_report', targetId: id, after: { message_id: Number(r.message_id) } });
  });
}
