// The rules of the weekly leaderboard and the daily cashback (docs/rewards.md): their periods,
// the cashback rates by level and the house edge each kind of stake carries. Pure, shared by the
// server (which pays) and the client (which explains).

import { GAMES, GAME_IDS, isGameId, type GameId } from './catalog.ts';

export const DAY_MS = 24 * 3600 * 1000;
export const WEEK_MS = 7 * DAY_MS;

/** The leaderboard week starts on Thursday at 18:00 UTC. */
export const LEADERBOARD_RESET = { weekday: 4, hourUtc: 18 } as const;
export const LEADERBOARD_RACE_METRICS = ['win_amount', 'multiplier'] as const;
export type LeaderboardRaceMetric = (typeof LEADERBOARD_RACE_METRICS)[number];

/** Start of the leaderboard week holding `now`: the latest Thursday 18:00 UTC at or before it. */
export function leaderboardWeekStart(now: Date): Date {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), LEADERBOARD_RESET.hourUtc));
  start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() - LEADERBOARD_RESET.weekday + 7) % 7));
  if (start > now) start.setUTCDate(start.getUTCDate() - 7);
  return start;
}

/** The cashback day ends at 21:00 UTC: what a day accrued becomes claimable then, for one day. */
export const CASHBACK_HOUR_UTC = 21;

/** Start of the cashback day holding `now`: the latest 21:00 UTC at or before it. */
export function cashbackDayStart(now: Date): Date {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), CASHBACK_HOUR_UTC));
  if (start > now) start.setUTCDate(start.getUTCDate() - 1);
  return start;
}

/** Cashback as a share of the house edge (percent), by the player's level: the higher, the more. */
export const CASHBACK_TIERS: readonly { minLevel: number; rate: number }[] = [
  { minLevel: 1, rate: 10 },
  { minLevel: 10, rate: 15 },
  { minLevel: 30, rate: 20 },
  { minLevel: 50, rate: 25 },
  { minLevel: 80, rate: 30 },
];

export function cashbackRate(level: number): number {
  let rate = 0;
  for (const tier of CASHBACK_TIERS) if (level >= tier.minLevel) rate = tier.rate;
  return rate;
}

/**
/**
 * The house edge of each game's stakes in basis points (1 % = 100): its entry's `houseEdgeBp` in the
 * game catalog (dice, plinko, crash and the wheel about 1 %, upgrade 5 %, boxes and battles 10 %).
 */
export const STAKE_EDGE_BP = Object.fromEntries(GAME_IDS.map((g) => [g, GAMES[g].houseEdgeBp])) as Readonly<Record<GameId, number>>;

/** Cashback in whole cents (rounded down): Σ stake × edge × rate over each game's stakes. Integer arithmetic throughout. */
export function cashbackCents(stakes: ReadonlyMap<string, number>, ratePercent: number): number {
  let scaled = 0n;
  for (const [game, cents] of stakes) if (isGameId(game)) scaled += BigInt(cents) * BigInt(STAKE_EDGE_BP[game]) * BigInt(ratePercent);
  return Number(scaled / 1_000_000n);
}
