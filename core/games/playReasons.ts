import { LEDGER_REASONS, type LedgerReason } from '../protocol/history.ts';
import { GAME_REASONS, type GameReasonKey } from './catalog.ts';

// What each ledger reason is to the wallet (docs/account-safety.md, "What counts as a stake"): a
// stake (the wallet runs the limits' gate before its debit), a stake given back, a game's coin win,
// or not play at all. Each game's reasons and their roles are in its entry of the game catalog
// (core/games/catalog.ts); every other reason the wallet writes (LEDGER_REASONS) is not play.
// tests/core/games/playReasons.test.ts finds every reason the server's code writes in this table.
// No reader sums play by these reasons: history, reports, limits, cashback, the leaderboard, the
// referral commission and the bonus wagering read the bets journal (server/history/play.ts).

export type PlayRole = 'stake' | 'stake_refund' | 'win' | 'not_play';

const isGameReason = (reason: string): reason is GameReasonKey => Object.hasOwn(GAME_REASONS, reason);

// A game's reason has its entry's role; every other reason is not play, `item_sale` too: items won
// are not coin wins, their value counts once sold.
const ROLES = Object.fromEntries((Object.keys(LEDGER_REASONS) as LedgerReason[]).map((r) => [r, isGameReason(r) ? GAME_REASONS[r].role : 'not_play'])) as Readonly<Record<LedgerReason, PlayRole>>;

/** Whether the table classifies this reason. */
export function isClassifiedReason(reason: string): reason is LedgerReason {
  return Object.hasOwn(ROLES, reason);
}

/** What a ledger reason is to play; a reason outside the table (none the server writes) is not play. */
export function playRole(reason: string): PlayRole {
  return isClassifiedReason(reason) ? ROLES[reason] : 'not_play';
}
