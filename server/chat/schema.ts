import type { Generated } from 'kysely';
import type { Id } from '../db/columns.ts';

// Tables of migration 1500_chat (docs/community.md, "Chat").
export interface ChatTables {
  chat_settings: {
    id: number;
    enabled: Generated<boolean>;
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
    user_id: number;
    user_name: string;
    body: string;
    mentions: Generated<number[]>;
    created_at: Generated<Date>;
    deleted_at: Date | null;
    deleted_by: number | null;
  };
  chat_posters: { user_id: number; last_at: Date };
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
}
