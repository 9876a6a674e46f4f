import { describe, expect, it } from 'vitest';
import { WHEEL_LAYOUT } from '../../core/games/wheel.ts';
import type { CrashBet } from '../../core/protocol/realtime.ts';
import type { WheelBet } from '../../core/protocol/wheelEvents.ts';
import { crashAnnouncement } from '../../src/features/crash/crashAnnouncement.ts';
import { EMPTY_MODEL } from '../../src/features/crash/crashRound.ts';
import { wheelAnnouncement } from '../../src/features/wheel/wheelAnnouncement.ts';
import { crashBet, crashRoundState, wheelRoundState } from './roundStates.ts';

// What the round games' live regions say (src/features/rounds/RoundAnnouncer.tsx): each round's
// result and the player's own cash-out or win, nothing while a round counts down or flies, so a
// screen reader hears results, not ticks.

const ME = 10;

const wheelBet = (color: WheelBet['color'], amount: number, over: Partial<WheelBet> = {}): WheelBet => ({
  id: 1,
  round_id: 7,
  user: { id: ME, name: 'me', avatar_url: null },
  amount,
  color,
  status: 'open',
  payout: null,
  ...over,
});

describe('crash announcements', () => {
  const model = (round: Partial<Parameters<typeof crashRoundState>[0]>, bets: CrashBet[] = []) => ({ ...EMPTY_MODEL, round: crashRoundState(round), bets });

  it('says nothing while betting or flying, then the crash point', () => {
    expect(crashAnnouncement(model({ status: 'starting' }), ME)).toBe('');
    expect(crashAnnouncement(model({ status: 'in_progress', launched_at: 900 }, [crashBet()]), ME)).toBe('');
    expect(crashAnnouncement(model({ status: 'ended', crash_point: 2.37 }), ME)).toBe('Round #3 crashed at 2.37x.');
    expect(crashAnnouncement({ ...EMPTY_MODEL }, ME)).toBe('');
  });

  it('the player’s own cash-out as it happens, and with the round’s end', () => {
    const cashed = crashBet({ status: 'cashed_out', cashed_out_at: 1.5, payout: 3 });
    // Another player's cash-out says nothing.
    expect(crashAnnouncement(model({ status: 'in_progress', launched_at: 900 }, [crashBet({ id: 8, user: { id: 11, name: 'x', avatar_url: null }, status: 'cashed_out', cashed_out_at: 1.2, payout: 2.4 })]), ME)).toBe('');
    expect(crashAnnouncement(model({ status: 'in_progress', launched_at: 900 }, [cashed]), ME)).toBe('You cashed out at 1.50x: 3.00.');
    expect(crashAnnouncement(model({ status: 'ended', crash_point: 4 }, [cashed]), ME)).toBe('Round #3 crashed at 4.00x. You cashed out at 1.50x and won 3.00.');
    expect(crashAnnouncement(model({ status: 'ended', crash_point: 1.2 }, [crashBet({ status: 'lost', payout: 0 })]), ME)).toBe('Round #3 crashed at 1.20x. Your bet of 2.00 was lost.');
  });
});

describe('wheel announcements', () => {
  const GREEN = WHEEL_LAYOUT.indexOf('green');
  const spun = wheelRoundState({ status: 'in_progress', segment: GREEN });

  it('the result only once the spin has landed on the canvas', () => {
    expect(wheelAnnouncement(wheelRoundState(), null, [])).toBe('');
    expect(wheelAnnouncement(spun, null, [])).toBe('');
    expect(wheelAnnouncement(spun, { roundId: 6 }, [])).toBe('');
    expect(wheelAnnouncement(spun, { roundId: 7 }, [])).toBe('Round #4: Green ×6.5.');
  });

  it('what the player’s bets won, canceled ones left out; a void round’s refund', () => {
    expect(wheelAnnouncement(spun, { roundId: 7 }, [wheelBet('green', 2), wheelBet('grey', 1), wheelBet('green', 5, { status: 'canceled' })])).toBe('Round #4: Green ×6.5. You won 13.00.');
    expect(wheelAnnouncement(spun, { roundId: 7 }, [wheelBet('blue', 2)])).toBe('Round #4: Green ×6.5. Your bets did not win.');
    expect(wheelAnnouncement(wheelRoundState({ voided: true }), null, [wheelBet('blue', 2, { status: 'refunded' })])).toBe('Round #4 void: every bet was refunded.');
  });
});
