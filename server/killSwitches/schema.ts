import type { Timestamp } from '../db/columns.ts';
import type { KillSwitchKey } from '../../core/protocol/killSwitches.ts';

// Tables of migration 2600_kill_switches (docs/operator-console.md, "Kill switches").
export interface KillSwitchesTables {
  kill_switches: {
    switch: KillSwitchKey;
    enabled: boolean;
    /** What players read; null: the switch's default message. */
    message: string | null;
    updated_by: number | null;
    updated_at: Timestamp;
  };
}
