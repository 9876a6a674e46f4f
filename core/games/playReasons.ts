import { LEDGER_REASONS, type LedgerReason } from '../protocol/history.ts';
import { GAME_REASONS, type GameReasonKey } from './catalog.ts';

// What each ledger reason is to play (docs/account-safety.md, "What counts as a stake"): a stake, a
// stake given back, a game's coin win, or not play at all. Each game's reasons and their roles are in
// its entry of the game catalog (core/games/catalog.ts); every other reason the wallet writes
// (LEDGER_REASONS) is not play. tests/core/games/playReasons.test.ts finds every reason the server's
// code writes in this table. Nothing is read from a reason's spelling: a withdrawal's `*_refund` is
// not play because no game's entry lists it.

export type PlayRole = 'stake' | 'stake_refund' | 'win' | 'not_play';

const isGameReason = (reason: string): reason is GameReasonKey => Object.hasOwn(GAME_REASONS, reason);

// A game's reason has its entry's role; every other reason is not play, `item_sale` too: items won
// are not coin wins, their value counts once sold.
const ROLES = Object.fromEntries((Object.keys(LEDGER_REASONS) as LedgerReason[]).map((r) => [r, isGameReason(r) ? GAME_REASONS[r].role : 'not_play'])) as Readonly<Record<LedgerReason, PlayRole>>;

/** The stake each stake refund gives back (a voided round, a wheel bet taken back, a canceled battle's seat). */
const REFUNDED = Object.fromEntries(Object.entries(GAME_REASONS).flatMap(([reason, r]) => (r.role === 'stake_refund' ? [[reason, r.refunds]] : []))) as Readonly<Record<string, LedgerReason>>;

const ofRole = (role: PlayRole): LedgerReason[] => (Object.keys(ROLES) as LedgerReason[]).filter((r) => ROLES[r] === role);

/** The reasons of each role, for queries that sum them (`reason in (…)`). */
export const STAKE_REASONS: readonly LedgerReason[] = ofRole('stake');
export const STAKE_REFUND_REASONS: readonly LedgerReason[] = ofRole('stake_refund');
export const WIN_REASONS: readonly LedgerReason[] = ofRole('win');

/** Whether the table classifies this reason. */
export function isClassifiedReason(reason: string): reason is LedgerReason {
  return Object.hasOwn(ROLES, reason);
}

/** What a ledger reason is to play; a reason outside the table (none the server writes) is not play. */
export function playRole(reason: string): PlayRole {
  return isClassifiedReason(reason) ? ROLES[reason] : 'not_play';
}

/** The stake a stake refund gives back, or null when the reason is not a stake's refund. */
export function refundedStake(reason: string): LedgerReason | null {
  return playRole(reason) === 'stake_refund' ? (REFUNDED[reason] ?? null) : null;
}
