import type { LedgerReason } from '../protocol/history.ts';

// What each ledger reason is to the wallet (docs/account-safety.md, "What counts as a stake"): a
// stake (the wallet runs the limits' gate before its debit), a stake given back, a game's coin win,
// or not play at all. One closed table keyed by every reason the wallet writes (LEDGER_REASONS): the
// type checker refuses a new reason until it is classified here, and
// tests/core/games/playReasons.test.ts finds every reason the server's code writes in it. No reader
// sums play by these reasons: history, reports, limits, cashback, the leaderboard, the referral
// commission and the bonus wagering read the bets journal (server/history/play.ts).

export type PlayRole = 'stake' | 'stake_refund' | 'win' | 'not_play';

const ROLES: Readonly<Record<LedgerReason, PlayRole>> = {
  dice_bet: 'stake',
  plinko_bet: 'stake',
  upgrade_bet: 'stake',
  crash_bet: 'stake',
  wheel_bet: 'stake',
  box_open: 'stake',
  user_box_open: 'stake',
  mines_bet: 'stake',
  battle_stake: 'stake',
  crash_refund: 'stake_refund',
  crash_cancel: 'stake_refund',
  wheel_refund: 'stake_refund',
  wheel_cancel: 'stake_refund',
  battle_refund: 'stake_refund',
  dice_win: 'win',
  plinko_win: 'win',
  crash_win: 'win',
  wheel_win: 'win',
  mines_win: 'win',
  // Items won are not coin wins: their value counts once sold, as `item_sale`, which is not play.
  item_sale: 'not_play',
  deposit: 'not_play',
  deposit_bonus: 'not_play',
  deposit_reversal: 'not_play',
  crypto_withdrawal: 'not_play',
  crypto_withdrawal_refund: 'not_play',
  box_commission: 'not_play',
  cashback: 'not_play',
  leaderboard_prize: 'not_play',
  referral_earnings: 'not_play',
  referral_welcome: 'not_play',
  gift_code: 'not_play',
  voucher: 'not_play',
  demo_grant: 'not_play',
  manual_adjustment: 'not_play',
};

/** Whether the table classifies this reason. */
export function isClassifiedReason(reason: string): reason is LedgerReason {
  return Object.hasOwn(ROLES, reason);
}

/** What a ledger reason is to play; a reason outside the table (none the server writes) is not play. */
export function playRole(reason: string): PlayRole {
  return isClassifiedReason(reason) ? ROLES[reason] : 'not_play';
}
