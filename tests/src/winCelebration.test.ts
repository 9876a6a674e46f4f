import { describe, expect, it } from 'vitest';
import { bestRarity, winHeadline } from '../../src/features/boxes/winCelebration.ts';

describe('the box win line', () => {
  it('names the best drop of an opening', () => {
    expect(bestRarity(['common', 'epic', 'rare'])).toBe('epic');
    expect(bestRarity(['common', 'unknown'])).toBe('common');
    // The headline follows the opening's tier, not the item's rarity: a loss or a small win is "You won".
    expect(winHeadline('mega')).toBe('Mega win!');
    expect(winHeadline('big')).toBe('Big win!');
    expect(winHeadline('win')).toBe('You won');
    expect(winHeadline('none')).toBe('You won');
  });
});
