import type { Generated } from 'kysely';
import type { Timestamp } from '../db/columns.ts';
import type { SupportStatus } from '../../core/protocol/support.ts';

// Tables of migration 0870_support_tickets (docs/community.md).
export interface SupportTables {
  support_tickets: {
    id: Generated<number>;
    user_id: number;
    subject: string;
    category: string;
    status: Generated<SupportStatus>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  support_messages: {
    id: Generated<number>;
    ticket_id: number;
    author: 'player' | 'operator';
    body: string;
    created_at: Generated<Date>;
    notified_at: Timestamp | null;
  };
}
