import { z } from 'zod';
import { optionalDateFilter } from './text.ts';
import { pagedSchema } from './paged.ts';
import { GAME_IDS, GAME_REASONS, GAMES, enumValues, type GameId, type GameReasonKey } from '../games/catalog.ts';
import { fileAnswer } from './fileAnswer.ts';

// The player's own history (docs/account-safety.md, "History"): every bet of every game and every
// ledger movement, filtered and paged, and the same lists as CSV files. The games and ledger kinds
// the filters offer, and each ledger reason's label, are defined here once for the server (its
// filters, its CSV) and the page (its chips, its table).

/** The games of the bet history: every game of the catalog (core/games/catalog.ts), by its id. */
export const HISTORY_GAMES = GAME_IDS;
export type HistoryGame = GameId;
export const HISTORY_GAME_LABELS = Object.fromEntries(GAME_IDS.map((g) => [g, GAMES[g].historyLabel])) as Readonly<Record<HistoryGame, string>>;

/** The kinds of ledger movement the transactions list filters by. */
export const LEDGER_KINDS = ['deposits', 'withdrawals', 'games', 'boxes', 'items', 'rewards', 'other'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = { deposits: 'Deposits', withdrawals: 'Withdrawals', games: 'Games', boxes: 'Boxes', items: 'Item sales', rewards: 'Rewards', other: 'Other' };

/** The reasons the wallet writes that are no game's play (each game's own are in its catalog entry). */
const OTHER_REASONS = {
  deposit: { label: 'Deposit', kind: 'deposits' },
  deposit_bonus: { label: 'Deposit bonus', kind: 'deposits' },
  deposit_reversal: { label: 'Deposit reversed', kind: 'deposits' },
  bonus_forfeit: { label: 'Bonus forfeited', kind: 'deposits' },
  bonus_credit: { label: 'Bonus from support', kind: 'rewards' },
  crypto_withdrawal: { label: 'Crypto withdrawal', kind: 'withdrawals' },
  crypto_withdrawal_refund: { label: 'Crypto withdrawal returned', kind: 'withdrawals' },
  box_commission: { label: 'Commission on your box', kind: 'boxes' },
  item_sale: { label: 'Items sold', kind: 'items' },
  cashback: { label: 'Cashback', kind: 'rewards' },
  leaderboard_prize: { label: 'Leaderboard prize', kind: 'rewards' },
  race_prize: { label: 'Race prize', kind: 'rewards' },
  challenge_prize: { label: 'Challenge prize', kind: 'rewards' },
  mission_reward: { label: 'Mission reward', kind: 'rewards' },
  vip_rakeback: { label: 'VIP rakeback', kind: 'rewards' },
  vip_rank_bonus: { label: 'VIP rank-up bonus', kind: 'rewards' },
  referral_earnings: { label: 'Affiliate earnings', kind: 'rewards' },
  referral_welcome: { label: 'Welcome reward', kind: 'rewards' },
  gift_code: { label: 'Gift code', kind: 'rewards' },
  voucher: { label: 'Voucher', kind: 'rewards' },
  demo_grant: { label: 'Demo coins', kind: 'rewards' },
  manual_adjustment: { label: 'Adjustment by support', kind: 'rewards' },
  tip_sent: { label: 'Tip sent', kind: 'rewards' },
  tip_received: { label: 'Tip received', kind: 'rewards' },
  rain_share: { label: 'Rain', kind: 'rewards' },
  rain_tip: { label: 'Tip into the rain', kind: 'rewards' },
} as const satisfies Record<string, { label: string; kind: Exclude<LedgerKind, 'other'> }>;
export type NonPlayReason = keyof typeof OTHER_REASONS;

/** Every reason the wallet writes on a player's ledger row, its label and its kind: each game's reasons (under its ledger kind), then the others. */
export const LEDGER_REASONS: Readonly<Record<GameReasonKey | NonPlayReason, { label: string; kind: Exclude<LedgerKind, 'other'> }>> = {
  ...(Object.fromEntries(Object.entries(GAME_REASONS).map(([reason, r]) => [reason, { label: r.label, kind: GAMES[r.game].ledgerKind }])) as Record<GameReasonKey, { label: string; kind: Exclude<LedgerKind, 'other'> }>),
  ...OTHER_REASONS,
};
export type LedgerReason = keyof typeof LEDGER_REASONS;
const reasonEntry = (reason: string): { label: string; kind: LedgerKind } | undefined => (Object.hasOwn(LEDGER_REASONS, reason) ? LEDGER_REASONS[reason as LedgerReason] : undefined);

/** A reason's label; a reason this list does not know yet reads as its own words. */
export function ledgerReasonLabel(reason: string): string {
  const known = reasonEntry(reason);
  if (known) return known.label;
  const words = reason.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function ledgerReasonKind(reason: string): LedgerKind {
  return reasonEntry(reason)?.kind ?? 'other';
}

/** The reasons of a kind ('other' has none: it is every reason not listed). */
export function reasonsOfKind(kind: LedgerKind): string[] {
  return Object.entries(LEDGER_REASONS).flatMap(([reason, r]) => (r.kind === kind ? [reason] : []));
}

const dateRange = { from: optionalDateFilter('from'), to: optionalDateFilter('to') };
const pageField = z.coerce.number({ error: 'The page must be a whole number from 1.' }).int({ message: 'The page must be a whole number from 1.' }).min(1, { message: 'The page must be a whole number from 1.' }).max(100_000).default(1);
const unsetIfEmpty = <T extends z.ZodType>(schema: T) => schema.optional().or(z.literal('').transform(() => undefined));

/** GET /api/profile/bets (and its export.csv): game, from and to (whole UTC days, inclusive), page. */
export const BetHistoryQuerySchema = z.object({
  game: unsetIfEmpty(z.enum(enumValues(HISTORY_GAMES), { error: `The game must be one of ${HISTORY_GAMES.join(', ')}.` })),
  ...dateRange,
  page: pageField,
});
export type BetHistoryQuery = z.input<typeof BetHistoryQuerySchema>;

/** GET /api/profile/ledger (and its export.csv): kind, from and to, page. */
export const LedgerHistoryQuerySchema = z.object({
  kind: unsetIfEmpty(z.enum(LEDGER_KINDS, { error: `The kind must be one of ${LEDGER_KINDS.join(', ')}.` })),
  ...dateRange,
  page: pageField,
});
export type LedgerHistoryQuery = z.input<typeof LedgerHistoryQuerySchema>;

/** One bet: what was staked, what came back, what decided it and where to verify that. */
export const BetHistoryRowSchema = z.object({
  /** Unique across games: `<game>:<id of the game's own row>` (a battle's is the battle id). */
  id: z.string(),
  /** The bet's public page: /bets/{public_id} (docs/transparency.md). */
  public_id: z.string(),
  game: z.enum(enumValues(HISTORY_GAMES)),
  placed_at: z.string(),
  /** Coins. */
  stake: z.number(),
  /** Coins; null while the bet is still open (a round in flight, a battle not ended). */
  payout: z.number().nullable(),
  multiplier: z.number().nullable(),
  /** What happened, in words: "Won", "Cashed out at 2.00×", "Roll 42.15 (over 50.00)", the item won… */
  result: z.string(),
  /** What decided it, in words: "Seed pair 12, nonce 7", "Round #45", "Battle #3". */
  fairness: z.string(),
  /** The fairness page with this bet's values filled in; null while they are still secret (a round not ended). */
  verify_path: z.string().nullable(),
});
export type BetHistoryRow = z.infer<typeof BetHistoryRowSchema>;
export const BetHistoryPageSchema = pagedSchema(BetHistoryRowSchema);
export type BetHistoryPage = z.infer<typeof BetHistoryPageSchema>;

/** One ledger movement of the player's balance. */
export const LedgerRowSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  reason: z.string(),
  label: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** Coins: positive in, negative out. */
  amount: z.number(),
  /** Coins: the balance right after this movement. */
  balance_after: z.number(),
  /** What the movement refers to (a box, a battle, a bet, an invoice…), as the wallet recorded it. */
  reference: z.string().nullable(),
});
export type LedgerRow = z.infer<typeof LedgerRowSchema>;
export const LedgerPageSchema = pagedSchema(LedgerRowSchema);
export type LedgerPage = z.infer<typeof LedgerPageSchema>;

export const BET_CSV_COLUMNS = ['id', 'game', 'placed_at', 'stake', 'payout', 'multiplier', 'result', 'fairness', 'verify_path'] as const;
export const LEDGER_CSV_COLUMNS = ['id', 'created_at', 'kind', 'reason', 'label', 'amount', 'balance_after', 'reference'] as const;

/** How many rows a page of either list holds. */
export const HISTORY_PER_PAGE = 20;

/** The CSV exports of the bets and the ledger. */
export const HistoryCsvAnswer = fileAnswer('text/csv', 'The list as a CSV file (a download), every row the filters match.');
