import { centsToCoins } from '../../core/money/cents.ts';
import { LEADERBOARD_RACE_METRICS, WEEK_MS, type LeaderboardRaceMetric } from '../../core/games/rewards.ts';
import { userChannel, type Bus } from '../realtime/bus.ts';
import { everyWhileLeader, type LeaderElection } from '../realtime/leaderLock.ts';
import type { Wallet } from '../wallet/wallet.ts';
import type { Log } from '../log.ts';
import type { Clock } from '../clock.ts';
import { standings, weekRange, wireValue, type LeaderboardSettings } from './leaderboard.ts';

// Paying a closed week (docs/rewards.md). One wallet transaction per metric and week: it claims
// the week by inserting its leaderboard_weeks row (the primary key lets exactly one transaction in,
// whichever node or attempt runs it; the others wait for it and find the row), ranks the week and
// credits each prize as a `leaderboard_prize` ledger movement. Winners hear of it after commit.

/** What paying a week uses: the wallet that credits the prizes and the bus that tells the winners. */
export interface WeeklyPrizeDeps {
  wallet: Wallet;
  bus: Bus;
}

export interface PaidPrize {
  userId: number;
  rank: number;
  /** What the winner scored (cents, or hundredths of a multiplier). */
  value: number;
  prize: number;
}

/** Pays `metric`'s prizes of the week starting at `start`; null when it was already paid. */
export async function payWeek(deps: WeeklyPrizeDeps, settings: LeaderboardSettings, metric: LeaderboardRaceMetric, start: Date): Promise<PaidPrize[] | null> {
  const table = settings.prizes[metric];
  const end = new Date(start.getTime() + WEEK_MS);
  const paid = await deps.wallet.transaction(async (tx) => {
    const claimed = await tx.trx
      .insertInto('leaderboard_weeks')
      .values({ metric, starts_at: start })
      .onConflict((oc) => oc.doNothing())
      .returning('metric')
      .executeTakeFirst();
    if (!claimed) return null;
    const { top } = await standings(tx.trx, { metric, start, end, limit: table.length, minStake: settings.minMultiplierStake });
    const prizes: PaidPrize[] = [];
    for (const s of top) {
      const prize = table[s.rank - 1] ?? 0;
      if (prize <= 0) continue;
      await tx.credit({ userId: s.userId, amount: prize, reason: 'leaderboard_prize', reference: `leaderboard:${metric}:${start.toISOString()}` });
      await tx.trx.insertInto('leaderboard_prizes').values({ metric, starts_at: start, rank: s.rank, user_id: s.userId, value: s.value, prize }).execute();
      prizes.push({ userId: s.userId, rank: s.rank, value: s.value, prize });
    }
    return prizes;
  });
  if (!paid) return null;
  for (const p of paid) {
    deps.bus.publish({
      channel: userChannel(p.userId),
      event: 'leaderboardPrize',
      data: { type: 'leaderboardPrize', metric, rank: p.rank, value: wireValue(metric, p.value), prize: centsToCoins(p.prize), starts_at: start.toISOString(), ends_at: end.toISOString() },
    });
  }
  return paid;
}

/**
 * A week is paid this long after it closes, so a win whose transaction began before the close
 * (its ledger row dated inside the week) has committed by then.
 */
export const CLOSE_GRACE_MS = 60_000;

/** Pays every metric of the last week closed at least CLOSE_GRACE_MS before `now`, unless paid. */
export async function payClosedWeek(deps: WeeklyPrizeDeps, settings: LeaderboardSettings, now: Date) {
  const { start } = weekRange(new Date(now.getTime() - CLOSE_GRACE_MS), 'previous');
  const results: Partial<Record<LeaderboardRaceMetric, PaidPrize[] | null>> = {};
  for (const metric of LEADERBOARD_RACE_METRICS) results[metric] = await payWeek(deps, settings, metric, start);
  return results;
}

/**
 * On the leader: pays the last closed week at once (a restart catches up), again when the clock
 * reaches the next Thursday 18:00 (plus the grace), and every `checkMs` in case the clock jumped (tests move it).
 */
export function runWeeklyPrizes(deps: WeeklyPrizeDeps & { leader: LeaderElection; log: Log }, settings: LeaderboardSettings, clock: Clock, checkMs: number): void {
  everyWhileLeader(
    deps.leader,
    checkMs,
    () => payClosedWeek(deps, settings, new Date(clock.now())),
    (error) => deps.log.error({ err: error }, 'weekly leaderboard prizes failed'),
    { clock, nextAt: () => weekRange(new Date(clock.now() - CLOSE_GRACE_MS), 'current').end.getTime() + CLOSE_GRACE_MS },
  );
}
