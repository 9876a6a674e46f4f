import { sql } from 'kysely';
import { notify } from '../notifications/notifications.ts';
import { utcText } from '../../core/text/dates.ts';
import type { Db } from '../db/database.ts';
import type { Bus } from '../realtime/bus.ts';
import type { Clock } from '../clock.ts';
import type { KillSwitches } from '../killSwitches/killSwitches.ts';
import { fieldError, msgError, notFound, tooManyRequests, unauthenticated } from '../http/errors.ts';
import { activeExclusion } from '../responsible/playGate.ts';
import { playSince } from '../history/play.ts';
import { levelOf } from '../../core/games/levels.ts';
import { formatCents } from '../../core/money/cents.ts';
import { checkChatText, mentionedNames } from '../../core/chat/messageText.ts';
import { CHAT_HISTORY, CHAT_MIN_INTERVAL_MS, CHAT_MSG, chatChannel, type ChatMessage, type ChatRoom, type ChatRoomState } from '../../core/protocol/chat.ts';

// The chat's one owner of who may read and write, and of what is written (docs/community.md,
// "Chat"). Messages are written through the API only (the socket refuses client events), stored,
// then published on the room's public channel; the moderation in server/chat/moderation.ts removes
// them the same way. Every gate is read inside the transaction that claims the player's posting slot.

export interface ChatDeps {
  db: Db;
  bus: Bus;
  clock: Clock;
  /** The chat's kill switch is its "closed for everyone" (docs/operator-console.md, "Kill switches"). */
  killSwitches: Pick<KillSwitches, 'offMessage'>;
}

type Settings = Awaited<ReturnType<typeof chatSettings>>;

export async function chatSettings(db: Db) {
  const s = await db.selectFrom('chat_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return { ...s, min_wagered: Number(s.min_wagered) };
}

interface MessageRow {
  id: number;
  room: string;
  /** Null for a system message about no player (a rain): 0 on the wire. */
  user_id: number | null;
  user_name: string;
  body: string;
  kind: 'player' | 'system';
  mentions: (number | string)[];
  bet_public_id: string | null;
  created_at: Date | string;
}

export function messageWire(r: MessageRow): ChatMessage {
  return { id: Number(r.id), room: r.room, user_id: Number(r.user_id), user_name: r.user_name, text: r.body, kind: r.kind, mentions: r.mentions.map(Number), bet: r.bet_public_id, created_at: new Date(r.created_at).toISOString() };
}

export const MESSAGE_COLUMNS = ['id', 'room', 'user_id', 'user_name', 'body', 'kind', 'mentions', 'bet_public_id', 'created_at'] as const;

/** The break that closes the chat for the player (its text), or null. */
async function breakReason(db: Db, userId: number, now: Date): Promise<string | null> {
  const row = await db.selectFrom('responsible_gaming').select(['exclusion_kind', 'excluded_until']).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return null;
  const refusal = activeExclusion({ exclusion_kind: row.exclusion_kind, excluded_until: row.excluded_until === null ? null : new Date(row.excluded_until) }, now);
  return refusal === null ? null : `${CHAT_MSG.onBreak} ${refusal}`;
}

/** Why the player may not write now (the first gate that stops them), or null. */
async function writeRefusal({ db, killSwitches }: ChatDeps, userId: number, settings: Settings, now: Date): Promise<{ status: number; reason: string } | null> {
  const closed = killSwitches.offMessage('chat');
  if (closed !== null) return { status: 503, reason: closed };
  const sanction = await db.selectFrom('chat_sanctions').select(['banned', 'muted_until']).where('user_id', '=', userId).executeTakeFirst();
  if (sanction?.banned) return { status: 403, reason: CHAT_MSG.banned };
  if (sanction?.muted_until && new Date(sanction.muted_until) > now) return { status: 403, reason: CHAT_MSG.muted(utcText(new Date(sanction.muted_until))) };
  const user = await db.selectFrom('users').select(['email_verified_at', 'wagered']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (settings.require_verified && user.email_verified_at === null) return { status: 403, reason: CHAT_MSG.unverified };
  if (levelOf(Number(user.wagered)).level < settings.min_level) return { status: 403, reason: CHAT_MSG.level(settings.min_level) };
  if (settings.min_wagered > 0) {
    const since = new Date(now.getTime() - settings.wagered_days * 86_400_000);
    const { recent } = await playSince(db, userId, { recent: since });
    if (recent.staked < settings.min_wagered) return { status: 403, reason: CHAT_MSG.wagered(formatCents(settings.min_wagered), settings.wagered_days) };
  }
  return null;
}

async function ignoredBy(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('chat_ignores').select('ignored_id').where('user_id', '=', userId).execute();
  return rows.map((r) => Number(r.ignored_id));
}

/** A room as a page opens it: the last 50 messages and what the player may do. */
export async function roomState(deps: ChatDeps, room: ChatRoom, userId: number | null, online: number): Promise<ChatRoomState> {
  const now = new Date(deps.clock.now());
  const settings = await chatSettings(deps.db);
  const { slow_mode_seconds } = await deps.db.selectFrom('chat_rooms').select('slow_mode_seconds').where('room', '=', room).executeTakeFirstOrThrow();
  const base = { room, channel: chatChannel(room), slow_mode_seconds, max_length: settings.max_length, online };
  const onBreak = userId === null ? null : await breakReason(deps.db, userId, now);
  if (onBreak !== null) return { ...base, messages: [], standing: { can_read: false, can_write: false, reason: onBreak }, ignored: [] };
  const rows = await deps.db.selectFrom('chat_messages').select(MESSAGE_COLUMNS).where('room', '=', room).where('deleted_at', 'is', null).orderBy('id', 'desc').limit(CHAT_HISTORY).execute();
  const messages = rows.reverse().map(messageWire);
  if (userId === null) return { ...base, messages, standing: { can_read: true, can_write: false, reason: CHAT_MSG.guest }, ignored: [] };
  const refusal = await writeRefusal(deps, userId, settings, now);
  return { ...base, messages, standing: { can_read: true, can_write: refusal === null, reason: refusal?.reason ?? null }, ignored: await ignoredBy(deps.db, userId) };
}

/** How much of a message a mention's notification quotes. */
const MENTION_EXCERPT = 140;

/** The ids of the players named as @name in the text (names compared case-insensitively). */
async function mentionIds(db: Db, text: string, author: number): Promise<number[]> {
  const names = mentionedNames(text).slice(0, 10).map((n) => n.toLowerCase());
  if (names.length === 0) return [];
  const rows = await db.selectFrom('users').select('id').where(sql<boolean>`lower(name) = any(${names}::text[])`).where('id', '<>', author).orderBy('id').limit(10).execute();
  return rows.map((r) => Number(r.id));
}

/** Writes a message of `userId` in `room` and publishes it; refusals are the spec's error shapes. */
export async function postMessage(deps: ChatDeps, userId: number | null, room: ChatRoom, raw: string): Promise<ChatMessage> {
  if (userId === null) throw unauthenticated();
  const now = new Date(deps.clock.now());
  const settings = await chatSettings(deps.db);
  const onBreak = await breakReason(deps.db, userId, now);
  if (onBreak !== null) throw msgError(403, onBreak);
  const refusal = await writeRefusal(deps, userId, settings, now);
  if (refusal) throw msgError(refusal.status, refusal.reason);
  const checked = checkChatText(raw, { maxLength: settings.max_length, allowedHosts: settings.allowed_hosts, bannedPhrases: settings.banned_phrases });
  if (!checked.ok) throw fieldError('text', checked.error);
  const mentions = await mentionIds(deps.db, checked.text, userId);
  const row = await deps.db.transaction().execute(async (trx) => {
    const { slow_mode_seconds } = await trx.selectFrom('chat_rooms').select('slow_mode_seconds').where('room', '=', room).executeTakeFirstOrThrow();
    const interval = Math.max(CHAT_MIN_INTERVAL_MS, slow_mode_seconds * 1000);
    // One statement claims the slot: of any number of parallel posts, one moves last_at; the rest
    // find it too recent and are refused.
    const claimed = await sql<{ last_at: Date }>`
      insert into chat_posters (user_id, last_at) values (${userId}, ${now.toISOString()}::timestamptz)
      on conflict (user_id) do update set last_at = excluded.last_at
      where chat_posters.last_at <= excluded.last_at - ${interval} * interval '1 millisecond'
      returning last_at`.execute(trx);
    if (claimed.rows.length === 0) {
      const last = await trx.selectFrom('chat_posters').select('last_at').where('user_id', '=', userId).executeTakeFirstOrThrow();
      const wait = Math.max(1, Math.ceil((new Date(last.last_at).getTime() + interval - now.getTime()) / 1000));
      throw tooManyRequests(wait, CHAT_MSG.tooFast(wait));
    }
    const user = await trx.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirstOrThrow();
    const message = await trx
      .insertInto('chat_messages')
      .values({ room, user_id: userId, user_name: user.name, body: checked.text, mentions: sql<number[]>`${mentions}::bigint[]`, created_at: now })
      .returning(MESSAGE_COLUMNS)
      .executeTakeFirstOrThrow();
    // Each mentioned player is told, unless they ignore the author (docs/community.md, "Notifications").
    const ignoring = mentions.length === 0 ? [] : await trx.selectFrom('chat_ignores').select('user_id').where('ignored_id', '=', userId).where('user_id', 'in', mentions).execute();
    const told = mentions.filter((id) => !ignoring.some((r) => Number(r.user_id) === id));
    for (const id of told) await notify(trx, id, 'mention', `message:${message.id}`, { from: user.name, room, text: checked.text.slice(0, MENTION_EXCERPT) });
    return message;
  });
  const message = messageWire(row);
  deps.bus.publish({ channel: chatChannel(room), event: 'message', data: message });
  return message;
}

/** A player's report of a message: one per reporter and message, kept for the console's queue. */
export async function reportMessage(db: Db, userId: number | null, messageId: number, reason: string): Promise<void> {
  if (userId === null) throw unauthenticated();
  const message = await db.selectFrom('chat_messages').select(['user_id', 'kind']).where('id', '=', messageId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!message) throw notFound(CHAT_MSG.noMessage);
  if (message.kind === 'system') throw msgError(403, CHAT_MSG.systemNotReportable);
  if (Number(message.user_id) === userId) throw msgError(403, 'You cannot report your own message.');
  await db.insertInto('chat_reports').values({ message_id: messageId, reporter_id: userId, reason }).onConflict((oc) => oc.constraint('chat_reports_once').doNothing()).execute();
}

export async function ignoreList(db: Db, userId: number): Promise<{ user_id: number; name: string }[]> {
  const rows = await db.selectFrom('chat_ignores as i').innerJoin('users as u', 'u.id', 'i.ignored_id').select(['u.id', 'u.name']).where('i.user_id', '=', userId).orderBy('i.created_at').execute();
  return rows.map((r) => ({ user_id: Number(r.id), name: r.name }));
}

/** Starts or stops ignoring a player (kept per account). */
export async function setIgnored(db: Db, userId: number, ignoredId: number, ignored: boolean): Promise<void> {
  if (ignoredId === userId) throw fieldError('user_id', 'You cannot ignore yourself.');
  if (ignored) {
    const exists = await db.selectFrom('users').select('id').where('id', '=', ignoredId).executeTakeFirst();
    if (!exists) throw fieldError('user_id', 'There is no such player.');
    await db.insertInto('chat_ignores').values({ user_id: userId, ignored_id: ignoredId }).onConflict((oc) => oc.columns(['user_id', 'ignored_id']).doNothing()).execute();
  } else await db.deleteFrom('chat_ignores').where('user_id', '=', userId).where('ignored_id', '=', ignoredId).execute();
}
