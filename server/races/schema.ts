import type { ColumnType, Generated } from 'kysely';
import type { RaceKind, RaceMetric } from '../../core/games/races.ts';

// Tables of migrations 1320_races and 1330_leaderboard_races (docs/rewards.md, "Races").
// A type alias, not an interface: Kysely's withTables wants an index-compatible record.
export type RaceTables = {
  races: {
    id: Generated<number>;
    kind: RaceKind;
    name: string;
    metric: RaceMetric;
    game: string | null;
    box_id: number | null;
    starts_at: Date;
    ends_at: Date;
    /** Cents by place, first place first (bigint[] comes back as strings). */
    prizes: ColumnType<string[], number[], number[]>;
    /** The smallest stake (cents) whose multiplier counts (migration 1330). */
    min_stake: number;
    created_by: number | null;
    created_at: Generated<Date>;
    closed_at: Date | null;
  };
  race_prizes: {
    race_id: number;
    place: number;
    user_id: number;
    /** Cents (wagered, net_won) or hundredths of a multiplier. */
    value: number;
    prize: number;
    paid_at: Generated<Date>;
  };
};
