import type { ColumnType, Generated } from 'kysely';
import type { BattleMode } from '../../../core/games/battle.ts';
import type { BattleCancelReason, BattleStatus } from '../../../core/protocol/battle.ts';

// Tables of migration 0750_battles.
export interface BattlesTables {
  battles: {
    id: Generated<number>;
    creator_id: number;
    mode: BattleMode;
    crazy: boolean;
    private: boolean;
    /** A private battle's link key (migration 0760), null for a public one. */
    link_key: string | null;
    status: Generated<BattleStatus>;
    /** Cents. */
    seat_cost: number;
    rounds_total: number;
    server_seed: string;
    server_seed_hash: string;
    bot_seeds: ColumnType<string[], string, string>;
    public_seed: string | null;
    first_round_at: Date | null;
    round_ms: number;
    spin_ms: number;
    step: Generated<number>;
    winner_team: number | null;
    outcome: ColumnType<Record<string, unknown> | null, string | null, string | null>;
    created_at: Generated<Date>;
    ended_at: Date | null;
    /** Migration 0780: when a waiting battle expires; why a canceled one was canceled. */
    expires_at: Date | null;
    canceled_reason: BattleCancelReason | null;
  };
  battle_rounds: {
    battle_id: number;
    round: number;
    box_id: number;
    /** Cents, the box price when the battle was created. */
    price: number;
    /** Migration 1010: the box version (its odds) the round is played with, fixed when the battle was created. */
    box_version_id: number;
  };
  battle_seats: {
    battle_id: number;
    seat: number;
    team: number;
    user_id: number | null;
    bot_id: number | null;
    client_seed: string;
    joined_at: Generated<Date>;
  };
  battle_rolls: {
    battle_id: number;
    round: number;
    seat: number;
    ticket: number;
    item_id: number;
    /** Cents. */
    value: number;
    awarded_seat: number | null;
    inventory_item_id: number | null;
  };
}
