import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CRASH_DEFAULT_LIMITS,
  CRASH_DEFAULT_TIMINGS,
  CRASH_MAX_AUTO_CASHOUT,
  crashCashOutValue,
  crashHundredthsAt,
  crashMsToReach,
  crashPayout,
  crashRoundCap,
  crashServerCashOuts,
} from '../../../core/games/crash.ts';
import { initialRoundState, step, type RoundEffect, type RoundMachineState } from '../../../core/games/roundMachine.ts';
import { CrashBetSchema } from '../../../core/protocol/crash.ts';

// The rules of crash as pure functions (docs/crash.md): the curve e^(0.00006·t) floored to
// hundredths and its exact inverse, the payout floor(amount × target), the order of the server's
// own cash-outs and the caps, the player's cash-out valued at receipt; and the round state machine.

const NO_CAPS = { maxPayoutPerBet: Number.MAX_SAFE_INTEGER, maxPayoutPerRound: Number.MAX_SAFE_INTEGER };

describe('the curve and its inverse', () => {
  it('follows bustabit\'s growth: 2× after 11 553 ms, 10× after 38 377 ms, 100× after 76 753 ms', () => {
    expect(crashMsToReach(200)).toBe(11_553);
    expect(crashMsToReach(1000)).toBe(38_377);
    expect(crashMsToReach(10_000)).toBe(76_753);
    expect(crashHundredthsAt(0)).toBe(100);
    expect(crashMsToReach(100)).toBe(0);
  });

  it('the inverse is the first millisecond showing the multiplier, for every multiplier up to 10 000×', () => {
    for (let h = 101; h <= 1_000_000; h += h < 20_000 ? 1 : 97) {
      const t = crashMsToReach(h);
      expect(crashHundredthsAt(t)).toBeGreaterThanOrEqual(h);
      expect(crashHundredthsAt(t - 1)).toBeLessThan(h);
    }
  });
});

describe('auto cash-outs', () => {
  it('every accepted auto cash-out pays exactly amount × target floored to cents, when the crash reaches it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 100_000 }), fc.integer({ min: 101, max: CRASH_MAX_AUTO_CASHOUT }), fc.integer({ min: 0, max: 3 }), (cents, hundredths, above) => {
        const body = CrashBetSchema.parse({ amount: cents / 100, auto_cashout: hundredths / 100 });
        expect(body).toEqual({ amount: cents, auto_cashout: hundredths });
        const crash = hundredths + above; // the target equal to the crash point wins too
        const [settled] = crashServerCashOuts([{ id: 1, amount: cents, autoCashout: body.auto_cashout }], 0, crash, NO_CAPS);
        expect(settled).toEqual({ betId: 1, multiplier: hundredths, payout: Math.floor((cents * hundredths) / 100), reason: 'auto' });
        // One hundredth short of the target: not yet.
        expect(crashServerCashOuts([{ id: 1, amount: cents, autoCashout: hundredths }], 0, hundredths - 1, NO_CAPS)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('an auto cash-out that is not an exact step of 0.01, below 1.01 or not a number is refused', () => {
    for (const auto_cashout of [2.000000001, 1.005, 1, 0.5, -2, Number.NaN, Number.POSITIVE_INFINITY, CRASH_MAX_AUTO_CASHOUT / 100 + 0.01]) {
      const result = CrashBetSchema.safeParse({ amount: 1, auto_cashout });
      expect(result.success, String(auto_cashout)).toBe(false);
      expect(result.error!.issues[0]!.path).toEqual(['auto_cashout']);
    }
    fc.assert(
      fc.property(fc.double({ min: 1.01, max: 1000, noNaN: true }), (value) => {
        const exact = Math.round(value * 100) / 100 === value;
        expect(CrashBetSchema.safeParse({ amount: 1, auto_cashout: value }).success).toBe(exact);
      }),
    );
    expect(CrashBetSchema.parse({ amount: 1, auto_cashout: null }).auto_cashout).toBeNull();
  });

  it('settles targets lowest first, and the round cap cashes every open bet out at the cap', () => {
    const bets = [
      { id: 1, amount: 1000, autoCashout: 300 },
      { id: 2, amount: 1000, autoCashout: 150 },
      { id: 3, amount: 1000, autoCashout: null },
    ];
    expect(crashServerCashOuts(bets, 0, 1000, NO_CAPS).map((s) => [s.betId, s.multiplier])).toEqual([
      [2, 150],
      [1, 300],
    ]);
    // Cap 50.00: at first 3 × 10.00 reach it at 1.66×, so 1.50× is paid first; then the cap
    // for the two open bets is (5000 − 1500) / 2000 = 1.75×, below bet 1's 3.00×: both at 1.75×.
    const capped = crashServerCashOuts(bets, 0, 1000, { maxPayoutPerBet: Number.MAX_SAFE_INTEGER, maxPayoutPerRound: 5000 });
    expect(capped).toEqual([
      { betId: 2, multiplier: 150, payout: 1500, reason: 'auto' },
      { betId: 1, multiplier: 175, payout: 1750, reason: 'round_cap' },
      { betId: 3, multiplier: 175, payout: 1750, reason: 'round_cap' },
    ]);
    expect(capped.reduce((s, c) => s + c.payout, 0)).toBeLessThanOrEqual(5000);
    // Not reached yet: nothing.
    expect(crashServerCashOuts(bets, 0, 174, { maxPayoutPerBet: Number.MAX_SAFE_INTEGER, maxPayoutPerRound: 5000 })).toHaveLength(1);
  });

  it('the bet cap is an implicit auto cash-out', () => {
    const [s] = crashServerCashOuts([{ id: 1, amount: 100_000, autoCashout: null }], 0, 1_000_000, CRASH_DEFAULT_LIMITS);
    expect(s).toEqual({ betId: 1, multiplier: 10_000, payout: CRASH_DEFAULT_LIMITS.maxPayoutPerBet, reason: 'auto' });
  });
});

describe('the player\'s cash-out', () => {
  it('is valued at the time of receipt, refused at and after the crash, never above its own target or the round cap', () => {
    const crash = 250;
    const crashMs = crashMsToReach(crash);
    expect(crashCashOutValue(crashMs - 1, crash, 100_000, Infinity)).toBe(crashHundredthsAt(crashMs - 1));
    expect(crashCashOutValue(crashMs, crash, 100_000, Infinity)).toBeNull();
    expect(crashCashOutValue(crashMs + 1, crash, 100_000, Infinity)).toBeNull();
    expect(crashCashOutValue(-1, crash, 100_000, Infinity)).toBeNull();
    expect(crashCashOutValue(crashMs - 1, crash, 180, Infinity)).toBe(180);
    expect(crashCashOutValue(crashMs - 1, crash, 100_000, crashRoundCap(0, 1000, 1600))).toBe(160);
    // A round that crashes at 1.00× can never be cashed out.
    expect(crashCashOutValue(0, 100, 100_000, Infinity)).toBeNull();
    expect(crashPayout(333, 157)).toBe(522);
  });
});

describe('the round state machine', () => {
  const timings = CRASH_DEFAULT_TIMINGS;

  function run(state: RoundMachineState, now: number) {
    const out = step(state, { type: 'wake' }, now, timings);
    return out;
  }

  it('walks new → starting → pending → in_progress (ticks) → ended → the next round, by absolute deadlines', () => {
    const t0 = 1_000_000;
    let s = run(initialRoundState(t0), t0);
    expect(s.effects).toEqual([{ type: 'create' }]);
    s = step(s.state, { type: 'created', roundId: 7, runMs: 500 }, t0 + 5, timings);
    const times = { bettingEndsAt: t0 + 5 + 7000, startsAt: t0 + 5 + 8000, launchedAt: null, endedAt: null };
    expect(s.effects).toEqual([{ type: 'status', roundId: 7, status: 'starting', from: 'new', times }]);
    expect(run(s.state, times.bettingEndsAt - 1).effects).toEqual([]);
    s = run(s.state, times.bettingEndsAt);
    expect(s.effects).toEqual([{ type: 'status', roundId: 7, status: 'pending', from: 'starting', times }]);
    s = run(s.state, times.startsAt);
    const launched = { ...times, launchedAt: times.startsAt };
    expect(s.effects).toEqual([
      { type: 'status', roundId: 7, status: 'in_progress', from: 'pending', times: launched },
      { type: 'tick', roundId: 7, elapsed: 0 },
    ]);
    expect(s.state.wakeAt).toBe(times.startsAt + 200);
    s = run(s.state, times.startsAt + 200);
    expect(s.effects).toEqual([{ type: 'tick', roundId: 7, elapsed: 200 }]);
    s = run(s.state, times.startsAt + 400);
    // The last wake is the crash time itself, not the next tick.
    expect(s.state.wakeAt).toBe(times.startsAt + 500);
    s = run(s.state, times.startsAt + 500);
    const ended: RoundEffect[] = [
      { type: 'tick', roundId: 7, elapsed: 500 },
      { type: 'status', roundId: 7, status: 'ended', from: 'in_progress', times: { ...launched, endedAt: times.startsAt + 500 } },
    ];
    expect(s.effects).toEqual(ended);
    expect(run(s.state, times.startsAt + 500 + 2999).effects).toEqual([]);
    expect(run(s.state, times.startsAt + 3500).effects).toEqual([{ type: 'create' }]);
  });

  it('a round that crashes at 1.00× ends at its launch; a late timer catches up on the clock', () => {
    let s = run(initialRoundState(0), 0);
    s = step(s.state, { type: 'created', roundId: 1, runMs: 0 }, 0, timings);
    s = run(s.state, 7000);
    s = run(s.state, 8000);
    expect(s.effects.map((e) => (e.type === 'status' ? e.status : e.type))).toEqual(['in_progress', 'tick', 'ended']);
    // A wake long after the deadline: the tick says how late it is, the crash is not stretched.
    let t = step(step(run(initialRoundState(0), 0).state, { type: 'created', roundId: 2, runMs: 1000 }, 0, timings).state, { type: 'wake' }, 7000, timings);
    t = run(t.state, 8000);
    t = run(t.state, 9500);
    expect(t.effects[0]).toEqual({ type: 'tick', roundId: 2, elapsed: 1500 });
    expect(t.state.status).toBe('ended');
  });
});
