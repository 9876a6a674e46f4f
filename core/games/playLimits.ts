import { centsToCoins } from '../money/cents.ts';
import { utcText } from '../text/dates.ts';

// The rules of responsible gaming (docs/account-safety.md, "Limits and exclusions"): the limits a
// player may set, their periods, the breaks they may take and the words of every refusal. Pure,
// shared by the server (which enforces) and the client (which explains).

export const LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** A raise or a removal applies this long after it is asked for; a lower limit applies at once. */
export const LIMIT_RAISE_DELAY_MS = 24 * 3600 * 1000;

const DAY_MS = 24 * 3600 * 1000;

/** The breaks a player can take: a cool-off (short) or a self-exclusion (long or for good). */
export const EXCLUSION_CHOICES = {
  cool_off_24h: { kind: 'cool_off', days: 1 },
  cool_off_7d: { kind: 'cool_off', days: 7 },
  cool_off_30d: { kind: 'cool_off', days: 30 },
  self_exclusion_6m: { kind: 'self_exclusion', months: 6 },
  self_exclusion_1y: { kind: 'self_exclusion', months: 12 },
  self_exclusion_indefinite: { kind: 'self_exclusion', months: null },
} as const satisfies Record<string, { kind: ExclusionKind; days?: number; months?: number | null }>;
export type ExclusionChoice = keyof typeof EXCLUSION_CHOICES;
export const EXCLUSION_CHOICE_KEYS = Object.keys(EXCLUSION_CHOICES) as [ExclusionChoice, ...ExclusionChoice[]];
export type ExclusionKind = 'cool_off' | 'self_exclusion';

/** When a break taken at `now` ends (null: indefinite). Months are calendar months in UTC. */
export function exclusionEnd(choice: ExclusionChoice, now: Date): Date | null {
  const c: { days?: number; months?: number | null } = EXCLUSION_CHOICES[choice];
  if (c.days !== undefined) return new Date(now.getTime() + c.days * DAY_MS);
  if (c.months === undefined || c.months === null) return null;
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + c.months);
  return end;
}

/** The reality check's reminder choices, minutes of play (null: off). */
export const REALITY_CHECK_MINUTES = [15, 30, 60] as const;

/**
 * Periods are UTC calendar periods: a day from 00:00 UTC, a week from Monday 00:00 UTC, a month from
 * the 1st 00:00 UTC. One fixed boundary for everyone, so "resets at" is one time the player can plan by.
 */
export function periodStart(period: LimitPeriod, now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (period === 'day') return day;
  if (period === 'week') return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export function periodEnd(period: LimitPeriod, now: Date): Date {
  const start = periodStart(period, now);
  if (period === 'day') return new Date(start.getTime() + DAY_MS);
  if (period === 'week') return new Date(start.getTime() + 7 * DAY_MS);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}

const PERIOD_WORD: Record<LimitPeriod, string> = { day: 'daily', week: 'weekly', month: 'monthly' };
const KIND_WORD: Record<LimitKind, string> = { deposit: 'deposit', loss: 'loss', wager: 'wager' };

/** "27.11.26, 00:00 UTC": the one way a refusal names a time (core/text/dates.ts). */
export { utcText };

/** The refusal of a stake or deposit that would cross a limit: which limit, and when it resets. */
export function limitRefusal(kind: LimitKind, period: LimitPeriod, limitCents: number, now: Date): string {
  return `This would exceed your ${PERIOD_WORD[period]} ${KIND_WORD[kind]} limit of ${centsToCoins(limitCents).toFixed(2)} coins. It resets at ${utcText(periodEnd(period, now))}.`;
}

/**
 * A limit with nothing left: the smallest stake (or deposit), one cent, would cross it — the stake
 * gate's own rule (used + amount > limit, server/responsible/playGate.ts) at amount 1.
 */
export function limitReached(usedCents: number, limitCents: number): boolean {
  return usedCents + 1 > limitCents;
}

/** What the games and the cashier show, before the tap, while a limit has nothing left. */
export function limitReachedText(kind: LimitKind, period: LimitPeriod, limitCents: number, now: Date): string {
  return `You have reached your ${PERIOD_WORD[period]} ${KIND_WORD[kind]} limit of ${centsToCoins(limitCents).toFixed(2)} coins. It resets at ${utcText(periodEnd(period, now))}.`;
}

/** The refusal of play or a deposit during a break: which break, and when it ends. */
export function exclusionRefusal(kind: ExclusionKind, endsAt: Date | null): string {
  const what = kind === 'cool_off' ? 'You are on a cool-off' : 'You are self-excluded';
  return endsAt === null ? `${what} indefinitely: betting, opening boxes and deposits are closed.` : `${what} until ${utcText(endsAt)}: betting, opening boxes and deposits are closed until then.`;
}
