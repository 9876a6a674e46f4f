import { z } from 'zod';
import { coinAmount } from './amount.ts';
import { limitQuery } from './limitQuery.ts';
import { exactSteps } from '../money/cents.ts';
import { autoCashoutProblem, CRASH_DEFAULT_LIMITS, type CrashLimits } from '../games/crash.ts';
import { CRASH_LEADERBOARD_METRICS, CRASH_LEADERBOARD_PERIODS } from './crashLeaderboard.ts';

// The HTTP contract of crash (docs/crash.md): the bet body shared by the bet panel's form and the
// server's route schema, and the answers of every /api/crash call. Amounts are coins with at most
// 2 decimals on the wire (integer cents inside), multipliers are numbers with 2 decimals.
// The socket.io events of /crash are in realtime.ts.

/** The bet body for the given limits; the server builds it from its configuration. */
export function crashBetSchema(limits: Pick<CrashLimits, 'minBet' | 'maxBet'> = CRASH_DEFAULT_LIMITS) {
  return z.object({
    amount: coinAmount({ min: limits.minBet, max: limits.maxBet }),
    /** Optional target (≥ 1.01, exactly 2 decimals); null or absent = cash out by hand. Handed on as hundredths. */
    auto_cashout: z
      .number({ error: 'The auto cash-out must be a number.' })
      .transform((value, ctx) => {
        const problem = autoCashoutProblem(value);
        if (problem) {
          ctx.addIssue({ code: 'custom', message: problem });
          return z.NEVER;
        }
        return exactSteps(value, 2)!;
      })
      .nullish()
      .transform((v) => v ?? null),
  });
}

/** POST /api/crash/bet with the default limits (what the form checks before sending). */
export const CrashBetSchema = crashBetSchema();
/** The body as sent: `{amount: 1.5, auto_cashout: 2}` (coins, multiplier). */
export type CrashBetRequest = z.input<typeof CrashBetSchema>;

/** POST /api/crash/close-bet closes the player's open bet of the running round; the body is empty. */
export const CrashCloseBetSchema = z.object({}).optional();

/** Answer of POST /api/crash/bet: `{data: CrashBetAnswer, msg}`. */
export interface CrashBetAnswer {
  bet: {
    id: number;
    round_id: number;
    /** Coins. */
    amount: number;
    /** Multiplier with 2 decimals, or null. */
    auto_cashout: number | null;
  };
  /** Coins, after the stake left. */
  balance: number;
}

/** Answer of POST /api/crash/close-bet: `{data: CrashCloseBetAnswer, msg}`. */
export interface CrashCloseBetAnswer {
  /** The multiplier the bet was cashed out at (2 decimals). */
  multiplier: number;
  /** Coins paid. */
  payout: number;
  /** Coins, after the payout. */
  balance: number;
}

export const CRASH_RECENT_GAMES_DEFAULT = 20;
export const CRASH_RECENT_GAMES_MAX = 100;

export const CrashRecentGamesQuery = limitQuery(CRASH_RECENT_GAMES_DEFAULT, CRASH_RECENT_GAMES_MAX);

/** One ended round of GET /api/crash/recent-games (`{data: CrashRecentGame[]}`, newest first). */
export interface CrashRecentGame {
  id: number;
  /** 2 decimals. */
  crash_point: number;
  /** The round's chain hash, revealed when it ended (verify at /crash/provably-fair). */
  hash: string;
  /** ISO times of the launch and the crash. */
  started_at: string;
  ended_at: string;
  /** Players who bet. */
  players: number;
  /** Coins staked and paid in the round. */
  wagered: number;
  paid: number;
}

export { CRASH_LEADERBOARD_METRICS, CRASH_LEADERBOARD_PERIODS, type CrashLeaderboardMetric, type CrashLeaderboardPeriod } from './crashLeaderboard.ts';
export const CRASH_LEADERBOARD_SIZE = 20;

/** GET /api/crash/leaderboard: the client sends only truthy filters; absent ones take these defaults. */
// An empty value means "not set" as well (the spec's client drops them; others may not).
const emptyIsUnset = (v: unknown) => (v === '' ? undefined : v);
export const CrashLeaderboardQuery = z.object({
  period: z.preprocess(emptyIsUnset, z.enum(CRASH_LEADERBOARD_PERIODS, { error: 'The period must be day, week or all.' }).default('day')),
  metric: z.preprocess(emptyIsUnset, z.enum(CRASH_LEADERBOARD_METRICS, { error: 'The metric must be win_amount or multiplier.' }).default('win_amount')),
});

/**
 * One row of GET /api/crash/leaderboard (`{data: CrashLeaderboardRow[]}`): the period's best
 * cashed-out bets by profit (win_amount) or by multiplier, best first, at most 20.
 */
export interface CrashLeaderboardRow {
  rank: number;
  user: { id: number; name: string; avatar_url: string | null };
  bet_id: number;
  round_id: number;
  /** Coins staked. */
  amount: number;
  /** The cash-out multiplier (2 decimals). */
  multiplier: number;
  /** Coins: payout − stake. */
  win_amount: number;
  /** ISO time of the cash-out's round end. */
  created_at: string;
}

/** Messages of the crash calls (answered as msg, errors as `{message, msg}`). */
export const CRASH_MESSAGES = {
  betPlaced: 'Bet placed',
  cashedOut: 'Cashed out',
  bettingClosed: 'Betting is closed for this round. Bet on the next round.',
  noRound: 'No round is open for bets right now. Bet on the next round.',
  alreadyBet: 'You already have a bet in this round.',
  roundFull: 'This round has reached its bet limit. Bet on the next round.',
  notLaunched: 'The round has not started yet.',
  crashed: 'The round has already crashed.',
  noOpenBet: 'You have no open bet in this round.',
} as const;
