import type { ColumnType, Generated } from 'kysely';

// Table of migration 2700_display_rates (docs/payments.md, "Display currencies").
export type DisplayRatesTables = {
  /** Each rated currency's rates, one row per change: the newest is the one shown. */
  display_rates: {
    id: Generated<number>;
    currency: string;
    /** Millionths of the currency per coin. */
    micros_per_coin: ColumnType<number, number, never>;
    /** The day the operator took the rate. */
    as_of: ColumnType<string, string, never>;
    updated_by: number | null;
    updated_at: Generated<Date>;
  };
};
