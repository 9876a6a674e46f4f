import type { ColumnType } from 'kysely';
import type { Id, Timestamp } from '../db/columns.ts';
import type { StaffRole } from '../../core/protocol/admin.ts';

// Tables of migration 1000_operator_console (docs/operator-console.md).
export interface AdminTables {
  staff_roles: {
    user_id: number;
    role: StaffRole;
    granted_by: number | null;
    granted_at: Timestamp;
  };
  audit_log: {
    id: Id;
    actor_id: number | null;
    action: string;
    target_kind: string;
    target_id: string | null;
    /** JSON text on insert (JSON.stringify), the parsed value on select. */
    before: ColumnType<unknown, string | null, never>;
    after: ColumnType<unknown, string | null, never>;
    address: string;
    created_at: Timestamp;
  };
}
