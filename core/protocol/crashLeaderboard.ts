// The crash leaderboard's filters, zod-free: the crash page's tables need them on first draw, and a
// module that builds zod schemas would bring zod onto the page (docs/performance.md, "Budgets").
// The query schema that checks them is CrashLeaderboardQuery in crash.ts.

export const CRASH_LEADERBOARD_PERIODS = ['day', 'week', 'all'] as const;
export const CRASH_LEADERBOARD_METRICS = ['win_amount', 'multiplier'] as const;
export type CrashLeaderboardPeriod = (typeof CRASH_LEADERBOARD_PERIODS)[number];
export type CrashLeaderboardMetric = (typeof CRASH_LEADERBOARD_METRICS)[number];
