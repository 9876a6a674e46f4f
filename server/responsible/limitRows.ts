import type { LimitKind, LimitPeriod } from '../../core/games/playLimits.ts';

/** A play_limits row as the gate and the settings read it (cents). */
export interface LimitRow {
  kind: LimitKind;
  period: LimitPeriod;
  amount: number | null;
  pending_amount: number | null;
  pending_from: Date | string | null;
}

/**
 * The limit that applies at `now` (cents, null: none): a pending raise or removal replaces the
 * amount once its time has come. Read lazily, so no job has to apply it at that moment.
 */
export function effectiveAmount(row: LimitRow, now: Date): number | null {
  if (row.pending_from !== null && new Date(row.pending_from) <= now) return row.pending_amount === null ? null : Number(row.pending_amount);
  return row.amount === null ? null : Number(row.amount);
}
