import { exactSteps } from '../money/cents.ts';
import { hundredthsToMultiplier } from './multiplier.ts';

// Crash as a game (docs/crash.md): the curve, its inverse, the payout rule and the limits.
// Multipliers are handled as integer hundredths (2.37× = 237) so that the number shown, the number
// a cash-out is valued at and the number paid are one and the same. Time is integer milliseconds
// since the round's launch on the server's clock.

/** Growth rate of m(t) = e^(0.00006·t_ms): 2× after 11.55 s, 10× after 38.4 s, 100× after 76.8 s. */
export const CRASH_GROWTH_PER_MS = 0.00006;

/** Bet limits in cents: 0.10 … 1 000.00 coins (defaults; the server's configuration may narrow them). */
export const CRASH_MIN_BET = 10;
export const CRASH_MAX_BET = 100_000;
/** Largest payout of one bet in cents (100 000.00 coins): the bet is cashed out when it gets there. */
/** Crash pays out a cashed-out target m with probability 0.99 / m (core/fair/hashChain.ts): 99 % at every target. */
export const CRASH_RETURN = 0.99;

export const CRASH_MAX_PAYOUT_PER_BET = 10_000_000;
/** Largest total payout of one round in cents (500 000.00 coins): see crashRoundCap. */
export const CRASH_MAX_PAYOUT_PER_ROUND = 50_000_000;
/** Auto cash-out bounds in hundredths: 1.01× … 1 000 000.00×. */
export const CRASH_MIN_AUTO_CASHOUT = 101;
export const CRASH_MAX_AUTO_CASHOUT = 100_000_000;

/** Default round timings in ms (the server's configuration may change them). */
export const CRASH_DEFAULT_TIMINGS = {
  /** `starting`: the betting window with its countdown. */
  bettingMs: 7000,
  /** `pending`: bets closed, the launch about to happen. */
  pendingMs: 1000,
  /** After `ended`, before the next round's `new`. */
  pauseMs: 3000,
  /** One tick every 200 ms while `in_progress` (5 a second). */
  tickMs: 200,
} as const;

export interface CrashLimits {
  /** Cents. */
  minBet: number;
  maxBet: number;
  maxPayoutPerBet: number;
  maxPayoutPerRound: number;
}

export const CRASH_DEFAULT_LIMITS: CrashLimits = {
  minBet: CRASH_MIN_BET,
  maxBet: CRASH_MAX_BET,
  maxPayoutPerBet: CRASH_MAX_PAYOUT_PER_BET,
  maxPayoutPerRound: CRASH_MAX_PAYOUT_PER_ROUND,
};

/** The exact curve m(t) = e^(0.00006·t), for drawing. */
export function crashCurve(elapsedMs: number): number {
  return Math.exp(CRASH_GROWTH_PER_MS * Math.max(0, elapsedMs));
}

/** The multiplier reached at `elapsedMs`, floored to hundredths (an integer: 100 = 1.00×). */
export function crashHundredthsAt(elapsedMs: number): number {
  return Math.max(100, Math.floor(100 * crashCurve(elapsedMs)));
}

/** The multiplier reached at `elapsedMs` as shown: floored to 2 decimals. */
export function crashMultiplierAt(elapsedMs: number): number {
  return hundredthsToMultiplier(crashHundredthsAt(elapsedMs));
}

/**
 * The inverse of crashHundredthsAt: the first whole millisecond at which the multiplier shows
 * `hundredths` (0 for 1.00×). Computed from the logarithm, then stepped so that it agrees with
 * crashHundredthsAt exactly, whatever the rounding of exp and log.
 */
export function crashMsToReach(hundredths: number): number {
  if (hundredths <= 100) return 0;
  let t = Math.max(0, Math.ceil(Math.log(hundredths / 100) / CRASH_GROWTH_PER_MS));
  while (crashHundredthsAt(t) < hundredths) t++;
  while (t > 0 && crashHundredthsAt(t - 1) >= hundredths) t--;
  return t;
}

/** A crash point (2 decimals, e.g. from core/fair crashPoint) as integer hundredths. */
export function crashPointHundredths(crashPoint: number): number {
  return Math.round(crashPoint * 100);
}

/** Payout in cents of `amount` cents cashed out at `hundredths`: floor(amount × m), exact. */
export function crashPayout(amountCents: number, hundredths: number): number {
  return Math.floor((amountCents * hundredths) / 100);
}

/** The highest multiplier (hundredths) at which a bet of `amount` pays at most `maxPayout`. */
export function crashBetCap(amountCents: number, maxPayoutCents: number): number {
  return Math.floor((maxPayoutCents * 100) / amountCents);
}

/**
 * The round's cap (hundredths): the highest multiplier at which what the round already paid plus
 * every open stake × multiplier stays within `maxPayout`. When the curve gets there the server
 * cashes every open bet out at that multiplier. Any subset of the open bets paid at or below it
 * keeps the round within the cap, so cash-outs may be valued in any order.
 * `paid` and `openStake` must come from one look at the round's bets: a bet counted both as paid
 * and as open lowers the cap by its stake's share (the leader once cashed rounds out at 0.97× so).
 */
export function crashRoundCap(paidCents: number, openStakeCents: number, maxPayoutCents: number): number {
  if (openStakeCents <= 0) return Number.POSITIVE_INFINITY;
  return Math.floor((Math.max(0, maxPayoutCents - paidCents) * 100) / openStakeCents);
}

/**
 * The multiplier at which the round cap cashes bets out (hundredths): the cap, but never below
 * `shownHundredths` (what the curve had shown when the cap was last checked and found above it) and
 * never below 1.00×. From consistent figures the cap is always above both: every payment is at or
 * below the cap of its time, so the cap only rises, and it starts at 1.01× or more (the bet limit).
 * A cap at or below them means the round is already past it (figures out of step, or a cap lowered
 * under a round in flight): its players then get what the curve had shown, at least their stakes,
 * which is still within the true cap when only the figures were wrong (docs/crash.md, "Limits").
 */
export function crashCapCashOut(roundCap: number, shownHundredths = 100): number {
  return Math.max(roundCap, shownHundredths, 100);
}

/** Why an auto cash-out cannot be accepted, or null. Exact 2-decimal steps only. */
export function autoCashoutProblem(value: number): string | null {
  const hundredths = exactSteps(value, 2);
  if (hundredths === null) return 'The auto cash-out must be a number with at most 2 decimals.';
  if (hundredths < CRASH_MIN_AUTO_CASHOUT) return `The auto cash-out must be at least ${hundredthsToMultiplier(CRASH_MIN_AUTO_CASHOUT).toFixed(2)}.`;
  if (hundredths > CRASH_MAX_AUTO_CASHOUT) return `The auto cash-out may not be greater than ${hundredthsToMultiplier(CRASH_MAX_AUTO_CASHOUT).toFixed(2)}.`;
  return null;
}

/** A bet while the round flies, as the settlement rules see it. */
export interface OpenCrashBet {
  id: number;
  /** Cents. */
  amount: number;
  /** Hundredths, or null for a manual bet. */
  autoCashout: number | null;
}

/** The multiplier (hundredths) at which the server cashes a bet out by itself: its auto cash-out or its payout cap. */
export function crashBetTarget(bet: OpenCrashBet, maxPayoutPerBet: number): number {
  const cap = crashBetCap(bet.amount, maxPayoutPerBet);
  return bet.autoCashout === null ? cap : Math.min(bet.autoCashout, cap);
}

export interface CrashSettlement {
  betId: number;
  /** Hundredths. */
  multiplier: number;
  /** Cents. */
  payout: number;
  /** What cashed it out: its own target (auto cash-out or bet cap) or the round's cap. */
  reason: 'auto' | 'round_cap';
}

/**
 * The cash-outs the server makes by itself once the curve has reached `reachedHundredths`:
 * targets first, lowest first, each at exactly its target, with the round cap recomputed after
 * each; when the round cap comes first every open bet is cashed out at it (crashCapCashOut: never
 * below `shownHundredths`, what the curve showed at the previous check, nor below 1.00×; a bet whose
 * target is below that gets its target). A target equal to the crash point is reached (the caller
 * passes min(reached, crash point) and busts afterwards). `open` and `paid` must come from one look
 * at the round's bets (crashRoundCap). Pure: the caller settles each bet only if it is still open.
 */
export function crashServerCashOuts(open: readonly OpenCrashBet[], paidCents: number, reachedHundredths: number, limits: Pick<CrashLimits, 'maxPayoutPerBet' | 'maxPayoutPerRound'>, shownHundredths = 100): CrashSettlement[] {
  const pending = open.map((bet) => ({ bet, target: crashBetTarget(bet, limits.maxPayoutPerBet) })).sort((a, b) => a.target - b.target || a.bet.id - b.bet.id);
  let paid = paidCents;
  let stake = pending.reduce((sum, p) => sum + p.bet.amount, 0);
  const out: CrashSettlement[] = [];
  let i = 0;
  while (i < pending.length) {
    const roundCap = crashCapCashOut(crashRoundCap(paid, stake, limits.maxPayoutPerRound), shownHundredths);
    const next = pending[i]!;
    if (roundCap < next.target) {
      if (roundCap > reachedHundredths) break;
      for (; i < pending.length; i++) out.push({ betId: pending[i]!.bet.id, multiplier: roundCap, payout: crashPayout(pending[i]!.bet.amount, roundCap), reason: 'round_cap' });
      break;
    }
    if (next.target > reachedHundredths) break;
    const payout = crashPayout(next.bet.amount, next.target);
    out.push({ betId: next.bet.id, multiplier: next.target, payout, reason: 'auto' });
    paid += payout;
    stake -= next.bet.amount;
    i++;
  }
  return out;
}

/**
 * The multiplier a player's own cash-out gets when the server receives it `elapsedMs` after the
 * launch: the curve's value then, or the multiplier the player's button showed at the click
 * (`shownHundredths`) when that is lower, so the number clicked is the number paid; never more than
 * the bet's own target or the round's cap (the server would have cashed it out there already, and
 * never below 1.00×: crashCapCashOut); null at or after the crash. A shown multiplier can only
 * lower the value: the curve at the time of receipt stays the ceiling, so a client's clock or a
 * claimed number cannot reach a point the round had not reached when the request arrived.
 */
export function crashCashOutValue(elapsedMs: number, crashHundredths: number, target: number, roundCap: number, shownHundredths: number | null = null): number | null {
  if (elapsedMs < 0 || elapsedMs >= crashMsToReach(crashHundredths)) return null;
  return Math.min(crashHundredthsAt(elapsedMs), shownHundredths ?? Infinity, target, crashCapCashOut(roundCap));
}
