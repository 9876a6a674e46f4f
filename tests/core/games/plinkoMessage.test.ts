import { describe, expect, it } from 'vitest';
import { plinkoMessage, plinkoOutcome } from '../../../core/games/plinko.ts';

// A plinko ball is announced for what it is: only above 1x is a win.
describe('plinko result words', () => {
  it('calls 0.5x part of the stake back, not a win', () => {
    expect(plinkoOutcome(0.5)).toBe('part back');
    expect(plinkoMessage(0.5, '0.50')).toBe('0.5x: 0.50 coins back');
    expect(plinkoMessage(0.5, '0.50')).not.toMatch(/won/i);
  });

  it('a win above 1x, the stake back at 1x, nothing at 0x', () => {
    expect(plinkoMessage(2.6, '2.60')).toBe('You won 2.60 coins (2.6x)');
    expect(plinkoOutcome(1)).toBe('stake back');
    expect(plinkoMessage(1, '1.00')).toBe('1x: your 1.00 coins back');
    expect(plinkoMessage(0, '0.00')).toBe('No win (0x)');
  });
});
