import type { Generated } from 'kysely';
import type { Id } from '../db/columns.ts';

// Tables of migration 2400_notifications (docs/community.md, "Notifications").
export interface NotificationsTables {
  notifications: {
    id: Id;
    user_id: number;
    kind: string;
    /** Names the notification's source, so it is written once per player and kind. */
    key: string;
    data: unknown;
    created_at: Generated<Date>;
    read_at: Date | null;
    /** When a node published it live (claimed once: server/db/claimUnnotified.ts). */
    notified_at: Date | null;
  };
  /** Migration 2410: a browser's web push subscription. */
  push_subscriptions: {
    id: Id;
    user_id: number;
    endpoint: string;
    p256dh: string;
    auth: string;
    kinds: string[];
    created_at: Generated<Date>;
  };
}
