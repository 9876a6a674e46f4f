import { z } from 'zod';
import type { Locale } from '../text/locales.ts';

// The chat contract (docs/community.md, "Chat"). Amounts on the wire are coins.
//   GET    /api/chat/{room}                        → {data: ChatRoomState} (the last 50, the player's standing)
//   POST   /api/chat/{room}/messages {text}        → {data: ChatMessage}
//   POST   /api/chat/messages/{id}/report {reason} → {message}
//   GET    /api/chat/ignores                       → {data: ChatIgnored[]}
//   POST   /api/chat/ignores {user_id, ignored}    → {data: ChatIgnored[]}
//   console (role moderator): reports, delete, mute, ban, clear, slow mode, kill switch; settings (admin)
// Live on the public channel `chat-{room}`: `message` (ChatMessage), `deleted` ({ids}), `online` ({count}).

/**
 * A room per interface language (docs/community.md, "Chat"), named by the language's code; each
 * row of `chat_rooms` (migrations 1500, 2800). The shop's own messages are written into every room
 * in its language.
 */
export const CHAT_ROOMS = ['en', 'de', 'es', 'pt', 'fr', 'tr'] as const;
export type ChatRoom = (typeof CHAT_ROOMS)[number];
/** The language each room speaks: its system messages' language and the name a picker shows (LOCALE_NAMES). */
export const CHAT_ROOM_LOCALES: Record<ChatRoom, Locale> = { en: 'en-US', de: 'de-DE', es: 'es-ES', pt: 'pt-BR', fr: 'fr-FR', tr: 'tr-TR' };
/** The room of a language: the room a page of that language opens first. */
export function chatRoomOf(locale: Locale): ChatRoom {
  return CHAT_ROOMS.find((room) => CHAT_ROOM_LOCALES[room] === locale) ?? 'en';
}
export function isChatRoom(value: unknown): value is ChatRoom {
  return typeof value === 'string' && (CHAT_ROOMS as readonly string[]).includes(value);
}
export const chatChannel = (room: ChatRoom) => `chat-${room}`;
/** Messages a page receives when it opens a room. */
export const CHAT_HISTORY = 50;
/** The least time between two messages of one player (a room's slow mode can make it longer). */
export const CHAT_MIN_INTERVAL_MS = 3000;
/** Bytes a posted body may have at most: a 500-character message in any script fits several times. */
export const CHAT_BODY_LIMIT = 8 * 1024;

export const CHAT_MSG = {
  guest: 'Sign in to chat.',
  onBreak: 'The chat is closed while you are on a break.',
  unverified: 'Verify your email to write in chat.',
  level: (level: number) => `You can write in chat from level ${level}.`,
  wagered: (coins: string, days: number) => `You can write in chat after wagering ${coins} coins in ${days} days.`,
  muted: (until: string) => `You are muted in chat until ${until}.`,
  banned: 'You are banned from chat.',
  tooFast: (seconds: number) => `Wait ${seconds} s before your next message.`,
  reported: 'Thank you: a moderator will look at the message.',
  systemNotReportable: 'Messages from the shop cannot be reported.',
  noMessage: 'That message is not in the chat.',
  noRoom: 'There is no such chat room.',
} as const;

export const ChatRoomParamsSchema = z.object({ room: z.enum(CHAT_ROOMS, { message: CHAT_MSG.noRoom }) });
export const ChatIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const ChatMessageSchema = z.object({
  id: z.number().int(),
  room: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  text: z.string(),
  /** 'system': posted by the server about the player (a big win); shown apart, never reported. */
  kind: z.enum(['player', 'system']),
  /** Ids of the players mentioned as @name (for the notifications). */
  mentions: z.array(z.number().int()),
  /** A big win's bet: its public page is /bets/{bet} (with its share card); null for every other message. */
  bet: z.string().nullable(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** Whether the signed-in player may write now, and if not why (null: they may). */
export const ChatStandingSchema = z.object({
  can_read: z.boolean(),
  can_write: z.boolean(),
  reason: z.string().nullable(),
});

export const ChatRoomStateSchema = z.object({
  room: z.string(),
  channel: z.string(),
  slow_mode_seconds: z.number().int(),
  max_length: z.number().int(),
  /** People connected to the realtime server now (docs/community.md, "Online count"); live as `online` on the channel. */
  online: z.number().int().min(0),
  messages: z.array(ChatMessageSchema),
  standing: ChatStandingSchema,
  /** Ids of the players the signed-in player ignores. */
  ignored: z.array(z.number().int()),
});
export type ChatRoomState = z.infer<typeof ChatRoomStateSchema>;
export const ChatRoomAnswerSchema = z.object({ data: ChatRoomStateSchema });

export const ChatPostSchema = z.object({ text: z.string().max(4000) });
export const ChatPostedSchema = z.object({ data: ChatMessageSchema });

export const ChatReportSchema = z.object({ reason: z.string().trim().max(200).default('') });
export const ChatMessageAnswerSchema = z.object({ message: z.string() });

export const ChatIgnoredSchema = z.object({ user_id: z.number().int(), name: z.string() });
export const ChatIgnoresAnswerSchema = z.object({ data: z.array(ChatIgnoredSchema) });
export const ChatIgnoreSchema = z.object({ user_id: z.number().int().positive(), ignored: z.boolean() });

/** The room channel's event carrying the online count when it changes: `{count}`. */
export const CHAT_ONLINE_EVENT = 'online';
export const ChatOnlineEventSchema = z.object({ count: z.number().int().min(0) });
export const ChatDeletedEventSchema = z.object({ ids: z.array(z.number().int()) });

// Console.
export const ChatReportEntrySchema = z.object({
  id: z.number().int(),
  reason: z.string(),
  created_at: z.string(),
  reporter: z.object({ id: z.number().int(), name: z.string() }),
  message: ChatMessageSchema.extend({ deleted: z.boolean() }),
});
export const ChatReportsAnswerSchema = z.object({ data: z.array(ChatReportEntrySchema) });
/** Why a player is muted or banned: kept in the action's audit row (empty when none was given). */
export const ChatSanctionReasonSchema = z.string().trim().max(200).default('');
export const ChatMuteSchema = z.object({ minutes: z.number().int().min(1).max(60 * 24 * 365), reason: ChatSanctionReasonSchema });
export const ChatBanSchema = z.object({ banned: z.boolean(), reason: ChatSanctionReasonSchema });
/** The console's view of a room: its switches and its last messages, deleted ones included. */
export const CHAT_CONSOLE_MESSAGES = 100;
export const ChatConsoleRoomSchema = z.object({
  room: z.string(),
  enabled: z.boolean(),
  slow_mode_seconds: z.number().int(),
  messages: z.array(ChatMessageSchema.extend({ deleted: z.boolean() })),
});
export type ChatConsoleRoom = z.infer<typeof ChatConsoleRoomSchema>;
export const ChatConsoleRoomAnswerSchema = z.object({ data: ChatConsoleRoomSchema });
export const ChatSlowModeSchema = z.object({ slow_mode_seconds: z.number().int().min(0).max(3600) });
export const ChatSwitchSchema = z.object({ enabled: z.boolean() });
export const ChatSettingsSchema = z.object({
  require_verified: z.boolean(),
  /** Coins wagered in the last `wagered_days` days needed to write. */
  min_wagered: z.number().min(0).max(1e9),
  wagered_days: z.number().int().min(1).max(365),
  min_level: z.number().int().min(1).max(119),
  max_length: z.number().int().min(1).max(500),
  allowed_hosts: z.array(z.string().trim().toLowerCase().regex(/^[a-z0-9.-]+\.[a-z]{2,24}$/u, 'A host such as example.com.')).max(100),
  banned_phrases: z.array(z.string().trim().min(1).max(100)).max(1000),
});
export type ChatSettings = z.infer<typeof ChatSettingsSchema>;
export const ChatSettingsAnswerSchema = z.object({ data: ChatSettingsSchema });
export const ChatModeratedSchema = z.object({ message: z.string() });
