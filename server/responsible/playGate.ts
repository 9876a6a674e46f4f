import { sql, type Kysely } from 'kysely';
import { exclusionRefusal, limitRefusal, LIMIT_PERIODS, periodStart, type LimitKind, type LimitPeriod } from '../../core/games/playLimits.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../clock.ts';
import { fieldError } from '../http/errors.ts';
import type { StakeGate } from '../wallet/wallet.ts';
import { effectiveAmount, type LimitRow } from './limitRows.ts';
import { playSince, type PlaySums } from '../history/play.ts';
import { playRole } from '../../core/games/playReasons.ts';

// The one owner of the rule "no stake or deposit crosses a limit or breaks a break"
// (docs/account-safety.md, "Limits and exclusions"). The wallet runs `check` inside the transaction
// of every stake, before its debit, so no game can forget it; deposits run `checkDeposit` in the
// transaction that records the invoice. Both lock the player's responsible_gaming row first, so a
// player's parallel stakes (or deposits) check one after another, each seeing the ones committed
// before it (READ COMMITTED: every statement after the lock reads a new snapshot). A player without
// that row has nothing to check and locks nothing: the common path costs one primary-key read.

/**
 * The instant bets' batch statement's share of the gate (server/games/bets.ts): it lets a
 * bet through only for a player with nothing to check (`a` is the player's account); any other
 * player's bet takes the wallet transaction, where `check` runs.
 */
export const UNRESTRICTED_PLAYER = 'not exists (select 1 from responsible_gaming rg where rg.user_id = a.user_id)';

type Reader = Kysely<Database>;

interface Restrictions {
  exclusion_kind: 'cool_off' | 'self_exclusion' | null;
  excluded_until: Date | null;
  limits: LimitRow[];
}

/** The player's restrictions with their row locked until commit, or null when they have none. */
async function lockedRestrictions(trx: Reader, userId: number): Promise<Restrictions | null> {
  const row = await trx.selectFrom('responsible_gaming').select(['exclusion_kind', 'excluded_until']).where('user_id', '=', userId).forUpdate().executeTakeFirst();
  if (!row) return null;
  const limits = await trx.selectFrom('play_limits').select(['kind', 'period', 'amount', 'pending_amount', 'pending_from']).where('user_id', '=', userId).execute();
  return { exclusion_kind: row.exclusion_kind, excluded_until: row.excluded_until === null ? null : new Date(row.excluded_until), limits };
}

/** The refusal of a player on a break that has not ended, or null. */
export function activeExclusion(r: { exclusion_kind: 'cool_off' | 'self_exclusion' | null; excluded_until: Date | null }, now: Date): string | null {
  if (r.exclusion_kind === null) return null;
  if (r.excluded_until !== null && r.excluded_until <= now) return null;
  return exclusionRefusal(r.exclusion_kind, r.excluded_until);
}

/** The limits of one kind that apply now, each with its amount (cents). */
function applying(limits: readonly LimitRow[], kind: LimitKind, now: Date): { period: LimitPeriod; amount: number }[] {
  const out: { period: LimitPeriod; amount: number }[] = [];
  for (const l of limits) {
    if (l.kind !== kind) continue;
    const amount = effectiveAmount(l, now);
    if (amount !== null) out.push({ period: l.period, amount });
  }
  return out;
}

/** Where each period began at `now`, and the earliest of them (the deposits are read from there). */
function periodStarts(now: Date): { starts: Record<LimitPeriod, Date>; earliest: Date } {
  const starts = Object.fromEntries(LIMIT_PERIODS.map((p) => [p, periodStart(p, now)])) as Record<LimitPeriod, Date>;
  return { starts, earliest: starts.week < starts.month ? starts.week : starts.month };
}

/**
 * The player's play in the current day, week and month (UTC calendar periods), from the bets journal
 * (server/history/play.ts): a wager limit uses the stakes, a loss limit the stakes less what they paid
 * back. A withdrawal, its refund, a deposit or a reward is no bet, so it moves neither.
 */
export async function periodPlay(db: Reader, userId: number, now: Date): Promise<Record<LimitPeriod, PlaySums>> {
  return playSince(db, userId, periodStarts(now).starts);
}

/** Deposits credited plus invoices still open, per period (cents). */
export async function periodDeposits(db: Reader, userId: number, now: Date): Promise<Record<LimitPeriod, number>> {
  const { starts, earliest } = periodStarts(now);
  const sums = (at: string) => LIMIT_PERIODS.map((p) => sql`coalesce(sum(amount) filter (where ${sql.ref(at)} >= ${starts[p].toISOString()}::timestamptz), 0) as ${sql.ref(p)}`);
  const credited = await sql<Record<LimitPeriod, string>>`
    select ${sql.join(sums('created_at'))} from ledger_entries
    where account_id = (select id from accounts where user_id = ${userId}) and reason = 'deposit' and created_at >= ${earliest.toISOString()}::timestamptz`.execute(db);
  const pending = await sql<Record<LimitPeriod, string>>`
    select ${sql.join(sums('created_at'))} from invoices
    where user_id = ${userId} and status = 'new' and created_at >= ${earliest.toISOString()}::timestamptz`.execute(db);
  return Object.fromEntries(LIMIT_PERIODS.map((p) => [p, Number(credited.rows[0]?.[p] ?? 0) + Number(pending.rows[0]?.[p] ?? 0)])) as Record<LimitPeriod, number>;
}

/** A refusal in the spec's 422 shape, on the amount the player chose. */
function refused(message: string) {
  return fieldError('amount', message);
}

export function createPlayGate(clock: Clock): StakeGate {
  return {
    instantCondition: UNRESTRICTED_PLAYER,
    // The stakes are the play reasons' (core/games/playReasons.ts; each game's in its catalog entry).
    isStake: (reason) => playRole(reason) === 'stake',
    async check(trx, userId, amount) {
      const r = await lockedRestrictions(trx, userId);
      if (!r) return;
      const now = new Date(clock.now());
      const exclusion = activeExclusion(r, now);
      if (exclusion) throw refused(exclusion);
      if (amount === 0) return;
      const wager = applying(r.limits, 'wager', now);
      const loss = applying(r.limits, 'loss', now);
      if (wager.length === 0 && loss.length === 0) return;
      const play = await periodPlay(trx, userId, now);
      for (const l of wager) if (play[l.period].staked + amount > l.amount) throw refused(limitRefusal('wager', l.period, l.amount, now));
      for (const l of loss) if (play[l.period].staked - play[l.period].won + amount > l.amount) throw refused(limitRefusal('loss', l.period, l.amount, now));
    },
  };
}

/**
 * Inside the transaction that records a deposit's invoice (or hands out a crypto address): refuses
 * a player on a break, and a deposit of `amount` cents that would take the period's deposits (credited
 * plus invoices still open) past a deposit limit. A crypto address has no amount: pass 1, so it is
 * refused once a limit has nothing left.
 */
export async function checkDeposit(trx: Reader, userId: number, amount: number, now: Date): Promise<void> {
  const r = await lockedRestrictions(trx, userId);
  if (!r) return;
  const exclusion = activeExclusion(r, now);
  if (exclusion) throw refused(exclusion);
  const limits = applying(r.limits, 'deposit', now);
  if (limits.length === 0) return;
  const deposited = await periodDeposits(trx, userId, now);
  for (const l of limits) if (deposited[l.period] + amount > l.amount) throw refused(limitRefusal('deposit', l.period, l.amount, now));
}

/**
 * What rewards may offer a player now (docs/vip.md, "Responsible gaming"): `onBreak` while a
 * cool-off or self-exclusion runs (no offer is shown or paid), `lossLimitReached` when a loss limit
 * of the current period has nothing left (no "wager more" nudge). Read without a lock: an offer shown
 * a moment late is harmless, and every payout checks `onBreak` again in its own transaction.
 */
export async function rewardRestrictions(db: Reader, userId: number, now: Date): Promise<{ onBreak: boolean; lossLimitReached: boolean }> {
  const row = await db.selectFrom('responsible_gaming').select(['exclusion_kind', 'excluded_until']).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return { onBreak: false, lossLimitReached: false };
  const onBreak = activeExclusion({ exclusion_kind: row.exclusion_kind, excluded_until: row.excluded_until === null ? null : new Date(row.excluded_until) }, now) !== null;
  const limits = await db.selectFrom('play_limits').select(['kind', 'period', 'amount', 'pending_amount', 'pending_from']).where('user_id', '=', userId).where('kind', '=', 'loss').execute();
  const loss = applying(limits, 'loss', now);
  if (loss.length === 0) return { onBreak, lossLimitReached: false };
  const play = await periodPlay(db, userId, now);
  return { onBreak, lossLimitReached: loss.some((l) => play[l.period].staked - play[l.period].won >= l.amount) };
}
