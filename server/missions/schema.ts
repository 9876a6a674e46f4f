import type { ColumnType, Generated } from 'kysely';

// Tables of migration 2000_challenges_missions (docs/rewards.md, "Challenges" and "Missions").
// A type alias, not an interface: Kysely's withTables wants an index-compatible record.
export type MissionTables = {
  challenges: {
    id: Generated<number>;
    name: string;
    game: string | null;
    box_id: number | null;
    /** Hundredths of the multiplier to reach. */
    multiplier: number;
    /** Cents: the smallest stake that counts. */
    min_stake: number;
    /** Cents paid to each winner. */
    prize: number;
    winners: number;
    starts_at: Date;
    ends_at: Date;
    created_by: number | null;
    created_at: Generated<Date>;
  };
  challenge_winners: {
    challenge_id: number;
    place: number;
    user_id: number;
    /** The winning bet (bets.id). */
    bet_id: number;
    prize: number;
    paid_at: ColumnType<Date, Date | undefined, never>;
  };
  mission_rewards: {
    user_id: number;
    mission: string;
    amount: number;
    paid_at: ColumnType<Date, Date | undefined, never>;
  };
};
