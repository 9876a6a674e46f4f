import type { Generated } from 'kysely';
import type { Id } from '../db/columns.ts';

// Tables of migration 1500_chat (docs/community.md, "Chat").
export interface ChatTables {
  chat_settings: {
    id: number;
    require_verified: Generated<boolean>;
    /** Cents. */
    min_wagered: Generated<number>;
    wagered_days: Generated<number>;
    min_level: Generated<number>;
    max_length: Generated<number>;
    allowed_hosts: Generated<string[]>;
    banned_phrases: Generated<string[]>;
  };
  chat_rooms: { room: string; slow_mode_seconds: Generated<number> };
  chat_messages: {
    id: Id;
    room: string;
    /** Null: a system message about no player (a rain, migration 1910). */
    user_id: number | null;
    user_name: string;
    body: string;
    /** 'player', or 'system' for a message the server posted (migration 1800). */
    kind: Generated<'player' | 'system'>;
    mentions: Generated<number[]>;
    /** A big win's bet: its public id (migration 1810); null otherwise. */
    bet_public_id: Generated<string | null>;
    created_at: Generated<Date>;
    deleted_at: Date | null;
    deleted_by: number | null;
  };
  chat_posters: { user_id: number; last_at: Date };
  chat_announcements: { bet_id: number; message_id: number | null; created_at: Generated<Date> };
  chat_race_announcements: { race_id: number; message_id: number | null; created_at: Generated<Date> };
  /** Announced events keyed by what they are: `challenge:<id>:<place>`, `vip_rank:<user>:<tier>` (migration 1802). */
  chat_event_announcements: { event: string; message_id: number | null; created_at: Generated<Date> };
  chat_sanctions: { user_id: number; muted_until: Date | null; banned: Generated<boolean> };
  chat_reports: {
    id: Id;
    message_id: number;
    reporter_id: number;
    reason: string;
    created_at: Generated<Date>;
    resolved_at: Date | null;
    resolved_by: number | null;
  };
  chat_ignores: { user_id: number; ignored_id: number; created_at: Generated<Date> };
  /** Migration 1900 (docs/community.md, "Tips"): cents. */
  tip_settings: { id: number; min_amount: Generated<number>; daily_send_cap: Generated<number>; daily_receive_cap: Generated<number> };
  tips: { id: Id; sender_id: number; /** Null: into the rain's pot (migration 1910). */ recipient_id: number | null; amount: number; created_at: Generated<Date> };
  /** Migration 1910 (docs/community.md, "Rain"): cents. */
  rain_settings: {
    id: number;
    enabled: Generated<boolean>;
    edge_share_bp: Generated<number>;
    interval_minutes: Generated<number>;
    window_seconds: Generated<number>;
    require_verified: Generated<boolean>;
    min_wagered_7d: Generated<number>;
    min_deposited_14d: Generated<number>;
    captcha: Generated<boolean>;
    min_pot: Generated<number>;
    wagering_multiple: Generated<number>;
    bonus_days: Generated<number>;
  };
  rain_pot: { id: number; amount: Generated<number>; edge_counted_until: Generated<Date>; next_at: Generated<Date> };
  rains: { id: Id; pot: number; status: Generated<'open' | 'paid'>; opened_at: Date; closes_at: Date; paid_at: Date | null };
  rain_entries: { rain_id: number; user_id: number; joined_at: Generated<Date>; share: number | null };
}
