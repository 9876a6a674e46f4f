import { z } from 'zod';
import { coinAmount } from './amount.ts';
import { emptyIsUnset, limitQuery } from './limitQuery.ts';
import { exactSteps } from '../money/cents.ts';
import { autoCashoutProblem, CRASH_DEFAULT_LIMITS, type CrashLimits } from '../games/crash.ts';
import { CRASH_LEADERBOARD_METRICS, CRASH_LEADERBOARD_PERIODS } from './crashLeaderboard.ts';
import { betPageField } from './betLink.ts';

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

/**
 * POST /api/crash/close-bet closes the player's open bet of the running round. `multiplier`
 * (optional, ≥ 1.00, exactly 2 decimals) is the multiplier the player's button showed at the click:
 * the cash-out is paid at it, or at the curve at the server's time of receipt when that is lower
 * (docs/crash.md, "The player's cash-out"). Absent (or `{}`): paid at the curve at the time of receipt.
 */
export const CrashCloseBetSchema = z
  .object({
    multiplier: z
      .number({ error: 'The multiplier must be a number.' })
      .transform((value, ctx) => {
        const hundredths = exactSteps(value, 2);
        if (hundredths === null || hundredths < 100) {
          ctx.addIssue({ code: 'custom', message: 'The multiplier must be at least 1.00 with at most 2 decimals.' });
          return z.NEVER;
        }
        return hundredths;
      })
      .nullish()
      .transform((v) => v ?? null),
  })
  .optional();
/** The body as sent: `{multiplier: 1.13}` (the multiplier shown at the click). */
export type CrashCloseBetRequest = z.input<typeof CrashCloseBetSchema>;

// The answers: one zod schema each, `…Answer` the `data` the client uses and `…Response` the whole
// body the route declares; types by z.infer.

/** Answer of POST /api/crash/bet: `{data: CrashBetAnswer, msg}`: the amount in coins, auto_cashout a multiplier with 2 decimals or null, the balance in coins after the stake left. */
export const CrashBetAnswerSchema = z.object({
  bet: z.object({ id: z.number(), round_id: z.number(), amount: z.number(), auto_cashout: z.number().nullable() }),
  balance: z.number(),
});
export type CrashBetAnswer = z.infer<typeof CrashBetAnswerSchema>;
export const CrashBetResponseSchema = z.object({ data: CrashBetAnswerSchema, msg: z.string() });
export type CrashBetResponse = z.infer<typeof CrashBetResponseSchema>;

/** Answer of POST /api/crash/close-bet: `{data: CrashCloseBetAnswer, msg}`: the multiplier cashed out at (2 decimals), coins paid, the balance after, the bet's public id (/bets/{public_id}). */
export const CrashCloseBetAnswerSchema = z.object({ multiplier: z.number(), payout: z.number(), balance: z.number(), ...betPageField });
export type CrashCloseBetAnswer = z.infer<typeof CrashCloseBetAnswerSchema>;
export const CrashCloseBetResponseSchema = z.object({ data: CrashCloseBetAnswerSchema, msg: z.string() });
export type CrashCloseBetResponse = z.infer<typeof CrashCloseBetResponseSchema>;

export const CRASH_RECENT_GAMES_DEFAULT = 20;
export const CRASH_RECENT_GAMES_MAX = 100;

export const CrashRecentGamesQuery = limitQuery(CRASH_RECENT_GAMES_DEFAULT, CRASH_RECENT_GAMES_MAX);

/**
 * One ended round of GET /api/crash/recent-games (`{data: CrashRecentGame[]}`, newest first): its id
 * and number (crash's own count of its rounds, "Round #n"), the crash point (2 decimals), the chain
 * hash revealed when it ended (verify at /crash/provably-fair), ISO times of the launch and the
 * crash, the players who bet, coins staked and paid.
 */
export const CrashRecentGameSchema = z.object({ id: z.number(), number: z.number(), crash_point: z.number(), hash: z.string(), started_at: z.string(), ended_at: z.string(), players: z.number(), wagered: z.number(), paid: z.number() });
export type CrashRecentGame = z.infer<typeof CrashRecentGameSchema>;
export const CrashRecentGamesResponseSchema = z.object({ data: z.array(CrashRecentGameSchema) });

export { CRASH_LEADERBOARD_METRICS, CRASH_LEADERBOARD_PERIODS, type CrashLeaderboardMetric, type CrashLeaderboardPeriod } from './crashLeaderboard.ts';
export const CRASH_LEADERBOARD_SIZE = 20;

/** GET /api/crash/leaderboard: the client sends only truthy filters; absent ones take these defaults. */
// An empty value means "not set" as well (the spec's client drops them; others may not).
export const CrashLeaderboardQuery = z.object({
  period: z.preprocess(emptyIsUnset, z.enum(CRASH_LEADERBOARD_PERIODS, { error: 'The period must be day, week or all.' }).default('day')),
  metric: z.preprocess(emptyIsUnset, z.enum(CRASH_LEADERBOARD_METRICS, { error: 'The metric must be win_amount or multiplier.' }).default('win_amount')),
});

/**
 * One row of GET /api/crash/leaderboard (`{data: CrashLeaderboardRow[]}`): the period's best
 * cashed-out bets by profit (win_amount, coins: payout − stake) or by multiplier (2 decimals), best
 * first, at most 20; amount in coins staked, created_at the ISO time of the round's end.
 */
export const CrashLeaderboardRowSchema = z.object({
  rank: z.number(),
  user: z.object({ id: z.number(), name: z.string(), avatar_url: z.string().nullable() }),
  bet_id: z.number(),
  round_id: z.number(),
  amount: z.number(),
  multiplier: z.number(),
  win_amount: z.number(),
  created_at: z.string(),
});
export type CrashLeaderboardRow = z.infer<typeof CrashLeaderboardRowSchema>;
export const CrashLeaderboardResponseSchema = z.object({ data: z.array(CrashLeaderboardRowSchema) });

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
