import { describe, expect, it } from 'vitest';
import { battlePublicSeed, battleRolls, battleTieBreak } from '../../../core/fair/index.ts';
import { battleLayout, battleOutcome, battleStepAt, battleTeams, seatCost, seatTeam, seatTotals, splitPrize, teamSeats, BATTLE_MODES } from '../../../core/games/battle.ts';
import { BattleCreateSchema } from '../../../core/protocol/battle.ts';
import { chiSquaredP } from '../fair/chiSquared.ts';

// The battle rules of core/games/battle.ts: layouts, the winner (crazy, teams, ties), the team
// split, the timeline; and a statistical test over whole battles: in a symmetric battle every
// seat (and team) wins equally often.
describe('battle rules', () => {
  it('modes: seats, teams and which seat is in which team', () => {
    expect(BATTLE_MODES.map((m) => battleLayout(m).seats)).toEqual([2, 3, 4, 4, 6]);
    expect([0, 1, 2, 3, 4, 5].map((s) => seatTeam('3v3', s))).toEqual([0, 0, 0, 1, 1, 1]);
    expect(teamSeats('2v2', 1)).toEqual([2, 3]);
    expect([0, 1, 2, 3].map((s) => seatTeam('1v1v1v1', s))).toEqual([0, 1, 2, 3]);
    expect(seatCost([150, 2_599, 150])).toBe(2_899);
  });

  it('the highest total wins, the lowest in crazy mode; teams sum their seats; ties go to the tie-break', () => {
    const never = () => {
      throw new Error('no tie');
    };
    expect(battleOutcome('1v1v1', false, [300, 900, 100], never)).toMatchObject({ winnerTeam: 1, tied: [1] });
    expect(battleOutcome('1v1v1', true, [300, 900, 100], never)).toMatchObject({ winnerTeam: 2 });
    expect(battleOutcome('2v2', false, [100, 800, 500, 300], never)).toMatchObject({ teamTotals: [900, 800], winnerTeam: 0 });
    expect(battleOutcome('2v2', true, [100, 800, 500, 300], never)).toMatchObject({ winnerTeam: 1 });
    const tie = battleOutcome('1v1v1v1', false, [500, 200, 500, 500], (tied) => tied[2]!);
    expect(tie).toMatchObject({ tied: [0, 2, 3], winnerTeam: 3 });
    expect(() => battleOutcome('1v1', false, [1, 1], () => 5)).toThrow();
    // The published tie-break over the example of docs/fairness.md.
    const server = '6f3f2a1b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f';
    const pub = battlePublicSeed(['alice-seed', 'bob-seed']);
    expect(battleOutcome('1v1', false, [7, 7], (tied) => battleTieBreak(server, pub, tied)).winnerTeam).toBe(battleTieBreak(server, pub, [0, 1]));
  });

  it('the team split: most valuable first, each to the member holding the least (ties: first in the split order)', () => {
    const items = [
      { value: 100, round: 1, seat: 0 },
      { value: 900, round: 1, seat: 1 },
      { value: 500, round: 2, seat: 0 },
      { value: 500, round: 2, seat: 1 },
      { value: 50, round: 3, seat: 2 },
    ];
    // Order [4, 3]: 900 → 4 (both hold 0: 4 is first); 500 → 3; 500 → 3 (500 < 900); 100 → 4; 50 → 4 (1000 each: 4 is first).
    expect(splitPrize(items, [4, 3])).toEqual([4, 4, 3, 3, 4]);
    // The same items in order [3, 4]: the seat numbers play no part, only the order.
    expect(splitPrize(items, [3, 4])).toEqual([3, 3, 4, 4, 3]);
    expect(splitPrize(items, [1])).toEqual([1, 1, 1, 1, 1]);
    const held = (to: number[]) => [3, 4].map((m) => items.reduce((sum, it, i) => sum + (to[i] === m ? it.value : 0), 0));
    const [x, y] = held(splitPrize(items, [3, 4]));
    expect(Math.abs(x! - y!)).toBeLessThanOrEqual(900);
    expect(battleTeams('3v3')).toEqual([[0, 1, 2], [3, 4, 5]]);
  });

  it('the timeline: each round starts every roundMs and ends spinMs later', () => {
    const p = { firstRoundAt: 10_000, roundMs: 5_500, spinMs: 4_500 };
    expect([0, 1, 2, 3].map((k) => battleStepAt(p, k))).toEqual([
      { round: 1, kind: 'started', at: 10_000 },
      { round: 1, kind: 'ended', at: 14_500 },
      { round: 2, kind: 'started', at: 15_500 },
      { round: 2, kind: 'ended', at: 20_000 },
    ]);
    expect(seatTotals([[1, 2], [3, 4]], 2)).toEqual([4, 6]);
  });

  it('the create body: boxes answer as one field; mode, crazy and private', () => {
    expect(BattleCreateSchema.safeParse({ boxes: [{ slug: 'a', quantity: 2 }], mode: '2v2' }).data).toEqual({ boxes: [{ slug: 'a', quantity: 2 }], mode: '2v2', crazy: false, private: false });
    const bad = BattleCreateSchema.safeParse({ boxes: [{ slug: 'a', quantity: 51 }], mode: '5v5' });
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['boxes', 'A battle has 1 to 50 boxes.'],
      ['mode', 'The mode must be one of 1v1, 1v1v1, 1v1v1v1, 2v2, 3v3.'],
    ]);
  });
});

describe('whole battles (statistics)', () => {
  // A box of four items, values 1, 10, 100, 1000 with odds 70/20/9/1 %.
  const values = [1, 10, 100, 1_000];
  const cumulative = [70_000, 90_000, 99_000, 100_000];
  const valueOf = (ticket: number) => values[cumulative.findIndex((c) => ticket <= c)]!;

  function play(mode: (typeof BATTLE_MODES)[number], crazy: boolean, n: number): number[] {
    const { seats, teams } = battleLayout(mode);
    const wins = new Array<number>(teams).fill(0);
    const server = 'a'.repeat(64);
    for (let b = 0; b < n; b++) {
      const pub = battlePublicSeed(Array.from({ length: seats }, (_, s) => `battle-${b}-seat-${s}`));
      const rounds = Array.from({ length: 3 }, (_, r) => battleRolls(server, pub, r + 1, seats).map(valueOf));
      wins[battleOutcome(mode, crazy, seatTotals(rounds, seats), (tied) => battleTieBreak(server, pub, tied)).winnerTeam]! += 1;
    }
    return wins;
  }

  it.each([
    ['1v1v1v1', false],
    ['1v1v1', true],
    ['3v3', false],
  ] as const)('%s (crazy %s): every team wins equally often over 6,000 battles of three rounds', (mode, crazy) => {
    const wins = play(mode, crazy, 6_000);
    const { p } = chiSquaredP(wins, wins.map(() => 1 / wins.length));
    expect(p, JSON.stringify(wins)).toBeGreaterThan(0.001);
  });

  it('the test can fail: a rule that favours seat 0 on ties is rejected', () => {
    const { p } = chiSquaredP([1_700, 1_450, 1_430, 1_420], [0.25, 0.25, 0.25, 0.25]);
    expect(p).toBeLessThan(0.001);
  });
});
