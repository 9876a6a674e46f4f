import { describe, expect, it } from 'vitest';
import { diceDisplayMultiplier, diceTargetProblem } from '../../core/games/dice.ts';
import { chanceInput, multiplierInput, oddsShown } from '../../src/pages/dice/diceOdds.ts';

// The dice form's typed win chance and multiplier (src/pages/dice/diceOdds.ts): a typed value
// becomes a target the server accepts, and the fields then show exactly what that target pays.

describe('dice odds typed by the player', () => {
  it('a win chance becomes the target that gives it, in either direction', () => {
    expect(chanceInput('49.5', 'under')).toEqual({ target: 49.5 });
    expect(chanceInput('49.5', 'over')).toEqual({ target: 50.5 });
    expect(chanceInput(' 12,34 % ', 'under')).toEqual({ target: 12.34 });
    expect(chanceInput('0.01', 'over')).toEqual({ target: 99.99 });
    expect(chanceInput('98', 'under')).toEqual({ target: 98 });
  });

  it('refuses a chance that is no number, has more than 2 decimals or is out of bounds', () => {
    expect(chanceInput('', 'under')).toEqual({ problem: 'Enter the win chance as a number, like 49.5.' });
    expect(chanceInput('abc', 'under')).toEqual({ problem: 'Enter the win chance as a number, like 49.5.' });
    expect(chanceInput('49.555', 'under')).toEqual({ problem: 'The win chance has at most 2 decimals.' });
    expect(chanceInput('98.01', 'under')).toEqual({ problem: 'The win chance must be between 0.01% and 98.00%.' });
    expect(chanceInput('0', 'over')).toEqual({ problem: 'The win chance must be between 0.01% and 98.00%.' });
  });

  it('a multiplier becomes the chance whose payout comes nearest, and the field shows what it pays', () => {
    expect(multiplierInput('2', 'under')).toEqual({ target: 49.5 });
    expect(multiplierInput('2x', 'over')).toEqual({ target: 50.5 });
    // 99 / 7 = 14.142…%: 14.14 % pays 7.0014×, 14.15 % pays 6.9964×.
    expect(multiplierInput('7', 'under')).toEqual({ target: 14.14 });
    expect(oddsShown(14.14, 'under')).toEqual({ chance: '14.14', multiplier: '7.0014' });
    expect(multiplierInput('9900', 'under')).toEqual({ target: 0.01 });
    expect(multiplierInput('1.0102', 'over')).toEqual({ target: 2 });
  });

  it('refuses a multiplier outside what a chance can pay', () => {
    const problem = { problem: 'The multiplier must be between 1.0102× and 9900.0000×.' };
    expect(multiplierInput('1', 'under')).toEqual(problem);
    expect(multiplierInput('0', 'under')).toEqual(problem);
    expect(multiplierInput('-2', 'under')).toEqual(problem);
    expect(multiplierInput('20000', 'under')).toEqual(problem);
    expect(multiplierInput('two', 'under')).toEqual({ problem: 'Enter the multiplier as a number, like 2.' });
  });

  it('every accepted value is a target the server takes, shown with the multiplier it pays', () => {
    for (const typed of ['1.02', '1.5', '2', '3.3', '10', '47.5', '99', '1000', '5000']) {
      for (const direction of ['under', 'over'] as const) {
        const read = multiplierInput(typed, direction);
        if ('problem' in read) throw new Error(`${typed}: ${read.problem}`);
        expect(diceTargetProblem(read.target, direction)).toBeNull();
        expect(oddsShown(read.target, direction).multiplier).toBe(diceDisplayMultiplier(read.target, direction).toFixed(4));
      }
    }
  });
});
