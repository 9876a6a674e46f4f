import { sql } from 'kysely';
import { exclusionEnd, LIMIT_KINDS, LIMIT_PERIODS, LIMIT_RAISE_DELAY_MS, limitReached, limitReachedText, periodEnd, utcText, type ExclusionChoice, type LimitKind, type LimitPeriod } from '../../core/games/playLimits.ts';
import { EXCLUSION_CHOICES } from '../../core/games/playLimits.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import type { PlayBlock, ResponsibleState } from '../../core/protocol/responsible.ts';
import type { Db } from '../db/database.ts';
import { msgError } from '../http/errors.ts';
import { effectiveAmount } from './limitRows.ts';
import { activeExclusion, periodDeposits, periodPlay } from './playGate.ts';

// A player's limits, breaks and reality check as they set and read them (docs/account-safety.md,
// "Limits and exclusions"). Lower is at once, higher (or none) after LIMIT_RAISE_DELAY_MS: a
// pending raise is kept beside the limit that still applies. A break is only ever lengthened.
// Every change locks the player's responsible_gaming row, as every stake does.


async function lockedRow(trx: Db, userId: number) {
  await trx.insertInto('responsible_gaming').values({ user_id: userId }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
  return trx.selectFrom('responsible_gaming').select(['exclusion_kind', 'excluded_until']).where('user_id', '=', userId).forUpdate().executeTakeFirstOrThrow();
}

/** Sets (amount in cents) or removes (null) one limit. */
export async function setLimit(db: Db, userId: number, kind: LimitKind, period: LimitPeriod, amount: number | null, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockedRow(trx, userId);
    const row = await trx.selectFrom('play_limits').select(['kind', 'period', 'amount', 'pending_amount', 'pending_from']).where('user_id', '=', userId).where('kind', '=', kind).where('period', '=', period).executeTakeFirst();
    const current = row ? effectiveAmount(row, now) : null;
    // The limits' history (a raise or removal is a marker of harm the risk scanner reads, docs/risk.md).
    if (amount !== current) await trx.insertInto('limit_changes').values({ user_id: userId, kind, period, from_amount: current, to_amount: amount }).execute();
    const lower = amount !== null && (current === null || amount <= current);
    const next = lower
      ? { amount, pending_amount: null, pending_from: null }
      : current === amount
        ? { amount: current, pending_amount: null, pending_from: null }
        : { amount: current, pending_amount: amount, pending_from: new Date(now.getTime() + LIMIT_RAISE_DELAY_MS) };
    if (next.amount === null && next.pending_from === null) {
      await trx.deleteFrom('play_limits').where('user_id', '=', userId).where('kind', '=', kind).where('period', '=', period).execute();
    } else {
      await trx
        .insertInto('play_limits')
        .values({ user_id: userId, kind, period, ...next })
        .onConflict((oc) => oc.columns(['user_id', 'kind', 'period']).doUpdateSet(next))
        .execute();
    }
    await forgetIfNothing(trx, userId, now);
  });
}

/**
 * Drops the player's responsible_gaming row when nothing is left to check (no limit, nothing
 * pending, no break running), so their instant bets take the one-statement path again.
 */
async function forgetIfNothing(trx: Db, userId: number, now: Date): Promise<void> {
  await sql`
    delete from responsible_gaming rg
    where rg.user_id = ${userId}
      and (rg.exclusion_kind is null or rg.excluded_until <= ${now.toISOString()}::timestamptz)
      and not exists (select 1 from play_limits l where l.user_id = rg.user_id)`.execute(trx);
}

/** Starts a break; one running can only be lengthened (no route ends or shortens it). */
export async function takeBreak(db: Db, userId: number, choice: ExclusionChoice, now: Date): Promise<void> {
  const until = exclusionEnd(choice, now);
  await db.transaction().execute(async (trx) => {
    const row = await lockedRow(trx, userId);
    const running = activeExclusion({ exclusion_kind: row.exclusion_kind, excluded_until: row.excluded_until === null ? null : new Date(row.excluded_until) }, now);
    if (running) {
      const runningUntil = row.excluded_until === null ? null : new Date(row.excluded_until);
      const longer = runningUntil !== null && (until === null || until > runningUntil);
      if (!longer) throw msgError(422, runningUntil === null ? 'Your break is indefinite already.' : `Your break already runs until ${utcText(runningUntil)}.`);
    }
    await trx
      .updateTable('responsible_gaming')
      .set({ exclusion_kind: EXCLUSION_CHOICES[choice].kind, excluded_from: now, excluded_until: until })
      .where('user_id', '=', userId)
      .execute();
  });
}

export async function setRealityCheck(db: Db, userId: number, minutes: number | null): Promise<void> {
  if (minutes === null) await db.deleteFrom('reality_checks').where('user_id', '=', userId).execute();
  else await db.insertInto('reality_checks').values({ user_id: userId, interval_minutes: minutes }).onConflict((oc) => oc.column('user_id').doUpdateSet({ interval_minutes: minutes })).execute();
}

export async function realityCheckMinutes(db: Db, userId: number): Promise<15 | 30 | 60 | null> {
  const row = await db.selectFrom('reality_checks').select('interval_minutes').where('user_id', '=', userId).executeTakeFirst();
  return row ? (row.interval_minutes as 15 | 30 | 60) : null;
}

/** Everything the page shows: each limit with what is used of it, the break, the reminder. */
export async function responsibleState(db: Db, userId: number, now: Date): Promise<ResponsibleState> {
  const rows = await db.selectFrom('play_limits').select(['kind', 'period', 'amount', 'pending_amount', 'pending_from']).where('user_id', '=', userId).execute();
  const guard = await db.selectFrom('responsible_gaming').select(['exclusion_kind', 'excluded_until']).where('user_id', '=', userId).executeTakeFirst();
  const play = await periodPlay(db, userId, now);
  const deposits = await periodDeposits(db, userId, now);
  const limits = [];
  const reached: Record<'stake' | 'deposit', NonNullable<PlayBlock>[]> = { stake: [], deposit: [] };
  for (const kind of LIMIT_KINDS) {
    for (const period of LIMIT_PERIODS) {
      const row = rows.find((r) => r.kind === kind && r.period === period);
      const amount = row ? effectiveAmount(row, now) : null;
      const pendingFrom = row?.pending_from ? new Date(row.pending_from) : null;
      const pending = row && pendingFrom && pendingFrom > now ? { amount: row.pending_amount === null ? null : centsToCoins(Number(row.pending_amount)), applies_at: pendingFrom.toISOString() } : null;
      const p = play[period];
      const used = kind === 'deposit' ? deposits[period] : kind === 'wager' ? p.staked : Math.max(0, p.staked - p.won);
      const resetsAt = periodEnd(period, now).toISOString();
      limits.push({ kind, period, amount: amount === null ? null : centsToCoins(amount), used: centsToCoins(used), resets_at: resetsAt, pending });
      if (amount !== null && limitReached(used, amount)) reached[kind === 'deposit' ? 'deposit' : 'stake'].push({ reason: kind, message: limitReachedText(kind, period, amount, now), until: resetsAt });
    }
  }
  const until = guard?.excluded_until ? new Date(guard.excluded_until) : null;
  const message = guard ? activeExclusion({ exclusion_kind: guard.exclusion_kind, excluded_until: until }, now) : null;
  const exclusion = guard?.exclusion_kind && message ? { kind: guard.exclusion_kind, until: until ? until.toISOString() : null, message } : null;
  // A break closes both; of several reached limits the one that resets last is the one to wait for.
  const onBreak: PlayBlock = exclusion ? { reason: exclusion.kind, message: exclusion.message, until: exclusion.until } : null;
  const lastReset = (blocks: NonNullable<PlayBlock>[]): PlayBlock => blocks.reduce<PlayBlock>((last, b) => (last === null || (b.until ?? '') > (last.until ?? '') ? b : last), null);
  const blocked = { stake: onBreak ?? lastReset(reached.stake), deposit: onBreak ?? lastReset(reached.deposit) };
  return { data: { limits, exclusion, reality_check_minutes: await realityCheckMinutes(db, userId), blocked } };
}
