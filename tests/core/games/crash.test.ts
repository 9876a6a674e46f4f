import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CRASH_DEFAULT_LIMITS,
  CRASH_DEFAULT_TIMINGS,
  CRASH_MAX_AUTO_CASHOUT,
  crashCapCashOut,
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

describe('the round cap', () => {
  // Four stakes of 10.00, a round cap of 50.00; bet 1 was cashed out by hand at 1.10× (11.00).
  const LIMITS = { maxPayoutPerBet: 2000, maxPayoutPerRound: 5000 };
  const stakes = [1, 2, 3, 4].map((id) => ({ id, amount: 1000, autoCashout: null }));

  it('counts a bet cashed out by hand once; from figures that count it twice, never cashes out below what the curve showed or 1.00×', () => {
    // Consistent: 11.00 paid, 30.00 open → floor(3900 × 100 / 3000) = 1.30×, not reached at 1.12×.
    expect(crashRoundCap(1100, 3000, 5000)).toBe(130);
    expect(crashServerCashOuts(stakes.slice(1), 1100, 112, LIMITS, 110)).toEqual([]);
    expect(crashServerCashOuts(stakes.slice(1), 1100, 131, LIMITS, 129)).toEqual([2, 3, 4].map((betId) => ({ betId, multiplier: 130, payout: 1300, reason: 'round_cap' })));
    // Its payout paid and its stake still open: 0.97×, below the 1.10× the curve had shown.
    expect(crashRoundCap(1100, 4000, 5000)).toBe(97);
    const doubled = crashServerCashOuts(stakes, 1100, 112, LIMITS, 110);
    expect(doubled).toEqual([1, 2, 3, 4].map((betId) => ({ betId, multiplier: 110, payout: 1100, reason: 'round_cap' })));
    // A round genuinely past its cap with nothing shown yet: its stakes back (1.00×), never less.
    expect(crashServerCashOuts(stakes.slice(0, 1), 4500, 100, LIMITS)).toEqual([{ betId: 1, multiplier: 100, payout: 1000, reason: 'round_cap' }]);
    expect(crashCapCashOut(97)).toBe(100);
    expect(crashCapCashOut(97, 110)).toBe(110);
    expect(crashCapCashOut(130, 110)).toBe(130);
  });

  it('from consistent figures the cap only rises: a cap cash-out is always above what the previous tick showed, and the round stays within its cap', () => {
    const bet = fc.record({ amount: fc.integer({ min: 10, max: 100_000 }), autoCashout: fc.option(fc.integer({ min: 101, max: 400 })), byHand: fc.option(fc.integer({ min: 0, max: 300 })) });
    fc.assert(
      fc.property(fc.array(bet, { minLength: 1, maxLength: 8 }), fc.integer({ min: 101, max: 400 }), fc.array(fc.integer({ min: 1, max: 15 }), { minLength: 1, maxLength: 40 }), (bets, headroom, steps) => {
        // The round cap lets every stake reach 1.01× at least (the bet limit), `headroom` more or less.
        const wagered = bets.reduce((sum, b) => sum + b.amount, 0);
        const limits = { maxPayoutPerBet: Number.MAX_SAFE_INTEGER, maxPayoutPerRound: Math.ceil((wagered * headroom) / 100) };
        let open = bets.map((b, i) => ({ id: i + 1, amount: b.amount, autoCashout: b.autoCashout }));
        let paid = 0;
        let shown = 100;
        for (const step of steps) {
          const reached = shown + step;
          // Hand cash-outs received between two ticks, each valued from the round's figures of its time.
          const byHand = (o: { id: number }) => 101 + (bets[o.id - 1]!.byHand ?? Infinity);
          for (const b of open.filter((o) => byHand(o) > shown && byHand(o) <= reached)) {
            const openStake = open.reduce((sum, o) => sum + o.amount, 0);
            const at = byHand(b);
            const value = Math.min(at, b.autoCashout ?? Infinity, crashCapCashOut(crashRoundCap(paid, openStake, limits.maxPayoutPerRound)));
            paid += crashPayout(b.amount, value);
            open = open.filter((o) => o.id !== b.id);
          }
          for (const s of crashServerCashOuts(open, paid, reached, limits, shown)) {
            if (s.reason === 'round_cap') expect(s.multiplier).toBeGreaterThan(shown);
            paid += s.payout;
            open = open.filter((o) => o.id !== s.betId);
          }
          shown = reached;
        }
        expect(paid).toBeLessThanOrEqual(limits.maxPayoutPerRound);
      }),
      { numRuns: 1000 },
    );
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
    // A round past its cap values a cash-out at 1.00×, never below.
    expect(crashCashOutValue(crashMs - 1, crash, 100_000, crashRoundCap(1000, 1000, 1600))).toBe(100);
    // A round that crashes at 1.00× can never be cashed out.
    expect(crashCashOutValue(0, 100, 100_000, Infinity)).toBeNull();
    expect(crashPayout(333, 157)).toBe(522);
  });

  it('is paid at the multiplier the button showed at the click, never above the curve at the time of receipt', () => {
    const crash = 250;
    const crashMs = crashMsToReach(crash);
    const received = crashMsToReach(118) + 300; // the request arrived 300 ms after 1.18× showed
    const atReceipt = crashHundredthsAt(received);
    expect(atReceipt).toBeGreaterThan(118);
    // The label read 1.13×: paid 1.13×, not the later point the request reached the server at.
    expect(crashCashOutValue(received, crash, 100_000, Infinity, 113)).toBe(113);
    // A claim ahead of the server's curve (a fast clock, a forged number) gets the curve at receipt.
    expect(crashCashOutValue(received, crash, 100_000, Infinity, atReceipt + 50)).toBe(atReceipt);
    expect(crashCashOutValue(received, crash, 100_000, Infinity, 100_000)).toBe(atReceipt);
    // Received at or after the crash: refused whatever the button showed before it.
    expect(crashCashOutValue(crashMs, crash, 100_000, Infinity, 200)).toBeNull();
    // Own target and round cap still bound it.
    expect(crashCashOutValue(received, crash, 115, Infinity, 118)).toBe(115);
    expect(crashCashOutValue(received, crash, 100_000, crashRoundCap(0, 1000, 1100), 118)).toBe(110);
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
