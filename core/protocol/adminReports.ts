import { z } from 'zod';
import { calendarDate } from './text.ts';
import { fileAnswer } from './fileAnswer.ts';
import { REPORT_GAMES } from '../games/publishedReturns.ts';

// The console's reports and live board (docs/operator-console.md, "Reports", "Live board").
// Coins on the wire; returns in percent with two decimals, drift in percentage points.

/** The longest range one report covers, in UTC days. */
export const REPORT_MAX_DAYS = 92;

const range = { from: calendarDate('from'), to: calendarDate('to') };
function withinRange(q: { from: string; to: string }, ctx: z.RefinementCtx) {
  const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The to date must be the from date or later.' });
  else if (days >= REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `A report covers at most ${REPORT_MAX_DAYS} days.` });
}

/** GET /api/admin/reports: from and to, whole UTC days, both included. */
export const ReportQuerySchema = z.object(range).superRefine(withinRange);
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

/**
 * A games row's game: a game, or `unattributed` for the bonus cost of grants nobody has played
 * toward yet (docs/bonuses.md, "Reports": how bonus cost is attributed to games).
 */
export const UNATTRIBUTED = 'unattributed';
export const GameReportRowSchema = z.object({
  day: z.string(),
  game: z.enum([...REPORT_GAMES, UNATTRIBUTED]),
  bets: z.number(),
  wagered: z.number(),
  paid: z.number(),
  /** Gross gaming revenue: wagered − paid. */
  ggr: z.number(),
  /** paid / wagered in percent, null without stakes. */
  measured_return: z.number().nullable(),
  /** The return the rules publish for these very bets (stake-weighted), in percent. */
  published_return: z.number().nullable(),
  /** measured − published, in percentage points. */
  drift: z.number().nullable(),
  /**
   * The confidence band around the published return, ± percentage points (RTP_BAND_Z standard errors
   * of the measured return, from these very bets' spread), null without a published return.
   */
  drift_band: z.number().nullable(),
  /** Whether the drift is a finding: outside the band, on at least RTP_MIN_BETS bets (`bets` is the sample size). */
  drift_flagged: z.boolean(),
  /** The day's bonus cost attributed to this game (docs/bonuses.md, "Reports"); the rows of a day sum to the day's bonus cost. */
  bonus_cost: z.number(),
  /** ggr − bonus_cost: the rows of a day sum to the day's NGR to the cent. */
  ngr: z.number(),
});
export type GameReportRow = z.infer<typeof GameReportRowSchema>;

/** Standard errors of the band (3: a fair game leaves it about 3 times in 1000 rows). */
export const RTP_BAND_Z = 3;
/** Fewer bets than this are never flagged: the spread of a handful of bets says little of a game's (a 100× limbo target lost 14 times). */
export const RTP_MIN_BETS = 100;

/** The range's sums over all games (the games table's totals row). */
export const GameTotalsSchema = z.object({ bets: z.number(), wagered: z.number(), paid: z.number(), ggr: z.number(), bonus_cost: z.number(), ngr: z.number() });
export type GameTotals = z.infer<typeof GameTotalsSchema>;

/**
 * The money side (docs/bonuses.md, "Reports"): what came in and went out, each a positive amount but
 * adjustments (signed: credits less debits). `bonuses_released`: bonuses whose requirement was met,
 * turned into cash on that day (a grant's end, no ledger row of its own). `bonuses_wagered`: the
 * weighted stakes that counted toward active bonuses' requirements that day (from the bets journal;
 * no money moved), `count` the bets. `rain_tips`: what players tipped into the rain's pot (their
 * money the rain's shares hand on, so netted out of the bonus cost).
 */
export const MONEY_FIGURES = ['deposits', 'withdrawals', 'withdrawal_refunds', 'bonuses_granted', 'bonuses_wagered', 'bonuses_forfeited', 'bonuses_released', 'rain_tips', 'adjustments', 'gift_codes', 'affiliate_payouts', 'cashback', 'leaderboard_prizes', 'vip_rakeback'] as const;
export type MoneyFigure = (typeof MONEY_FIGURES)[number];

export const MoneyReportRowSchema = z.object({
  day: z.string(),
  figure: z.enum(MONEY_FIGURES),
  /** The deposit method (the payment gateway), null for the other figures. */
  method: z.string().nullable(),
  count: z.number(),
  amount: z.number(),
});
export type MoneyReportRow = z.infer<typeof MoneyReportRowSchema>;
/** The range's total of one money figure (all methods): the money table's totals rows. */
export const MoneyTotalSchema = MoneyReportRowSchema.omit({ day: true, method: true });
export type MoneyTotal = z.infer<typeof MoneyTotalSchema>;

/** One day's revenue (or, without `day`, the range's): GGR over every game, the bonus cost (bonuses granted less forfeited, less what players tipped into the rain) and NGR = GGR − bonus cost. */
export const RevenueRowSchema = z.object({ day: z.string(), wagered: z.number(), paid: z.number(), ggr: z.number(), bonus_cost: z.number(), ngr: z.number() });
export type RevenueRow = z.infer<typeof RevenueRowSchema>;

/**
 * The programmes that pay players back out of the house edge (docs/operator-console.md, "Reports"),
 * each with the ledger reasons of its payouts. A programme whose payouts are bonus grants (VIP
 * rank-up, missions) is also in the bonus cost; the others are not.
 */
export const PROGRAMME_REASONS = {
  vip_rakeback: ['vip_rakeback'],
  vip_rank_up: ['vip_rank_bonus'],
  races: ['race_prize'],
  challenges: ['challenge_prize'],
  missions: ['mission_reward'],
  cashback: ['cashback'],
  leaderboard: ['leaderboard_prize'],
  referral: ['referral_earnings', 'referral_welcome'],
  // A rain's shares less what players tipped into its pot: the house's part (docs/community.md, "Rain").
  rain: ['rain_share', 'rain_tip'],
} as const satisfies Record<string, readonly string[]>;
export type Programme = keyof typeof PROGRAMME_REASONS;
export const PROGRAMMES = Object.keys(PROGRAMME_REASONS) as Programme[];
export const PROGRAMME_LABELS: Record<Programme, string> = {
  vip_rakeback: 'VIP rakeback',
  vip_rank_up: 'VIP rank-up',
  races: 'Races',
  challenges: 'Challenges',
  missions: 'Missions',
  cashback: 'Cashback',
  leaderboard: 'Leaderboard',
  referral: 'Referral',
  rain: 'Rain',
};

/** One programme's payouts on a day (or, without `day`, over the range) and the share of that GGR they paid back, in percent (null when GGR is not positive). */
export const ProgrammeRowSchema = z.object({ day: z.string(), programme: z.enum(PROGRAMMES as [Programme, ...Programme[]]), count: z.number(), amount: z.number(), ggr_share: z.number().nullable() });
export type ProgrammeRow = z.infer<typeof ProgrammeRowSchema>;
export const ProgrammeTotalSchema = ProgrammeRowSchema.omit({ day: true });
export type ProgrammeTotal = z.infer<typeof ProgrammeTotalSchema>;

export const ReportAnswerSchema = z.object({
  data: z.object({
    from: z.string(),
    to: z.string(),
    games: z.array(GameReportRowSchema),
    game_totals: GameTotalsSchema,
    money: z.array(MoneyReportRowSchema),
    money_totals: z.array(MoneyTotalSchema),
    days: z.array(RevenueRowSchema),
    totals: RevenueRowSchema.omit({ day: true }),
    programmes: z.array(ProgrammeRowSchema),
    programme_totals: z.array(ProgrammeTotalSchema),
  }),
});
export type ReportAnswer = z.infer<typeof ReportAnswerSchema>;

export const GAME_REPORT_CSV_COLUMNS = ['day', 'game', 'bets', 'wagered', 'paid', 'ggr', 'measured_return', 'published_return', 'drift', 'bonus_cost', 'ngr'] as const;
export const MONEY_REPORT_CSV_COLUMNS = ['day', 'figure', 'method', 'count', 'amount'] as const;
/** Per day the revenue and each programme's payouts (one column each, named after the programme). */
export const REVENUE_REPORT_CSV_COLUMNS = ['day', 'wagered', 'paid', 'ggr', 'bonus_cost', 'ngr', ...PROGRAMMES] as const;
/** GET /api/admin/reports/export.csv. */
export const ReportCsvAnswer = fileAnswer(
  'text/csv',
  `The report's table (${GAME_REPORT_CSV_COLUMNS.length} columns for games, ${MONEY_REPORT_CSV_COLUMNS.length} for money, ${REVENUE_REPORT_CSV_COLUMNS.length} for revenue) as a CSV download.`,
);
export const REPORT_TABLES = ['games', 'money', 'revenue'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];
/** GET /api/admin/reports/export.csv: the same range and which table. */
export const ReportCsvQuerySchema = z.object({ ...range, table: z.enum(REPORT_TABLES, { error: 'The table must be games, money or revenue.' }) }).superRefine(withinRange);

/** GET /api/admin/board: the live board, refreshed by the page every few seconds. */
export const BoardSchema = z.object({
  at: z.string(),
  /** Nodes that reported in the last seconds, the leader first. */
  nodes: z.array(z.object({ id: z.string(), leader: z.boolean(), players: z.number(), connections: z.number(), seen_at: z.string() })),
  leader: z.string().nullable(),
  /** Signed-in players with a live socket, summed over the nodes (a player on two nodes counts twice). */
  players_online: z.number(),
  connections: z.number(),
  rounds: z.array(z.object({ game: z.string(), round: z.number().nullable(), status: z.string().nullable(), bets: z.number(), stake: z.number() })),
  battles_running: z.number(),
  bets_last_minute: z.number(),
  queues: z.object({ shipping: z.number(), support: z.number(), withdrawals: z.number(), mail_outbox: z.number().nullable() }),
});
export type Board = z.infer<typeof BoardSchema>;
export const BoardAnswerSchema = z.object({ data: BoardSchema });
