import { describe, expect, it } from 'vitest';
import { bestRarity, winHeadline } from '../../src/features/boxes/winCelebration.ts';

describe('box win celebration by rarity', () => {
  it('names the best drop of an opening', () => {
    expect(bestRarity(['common', 'epic', 'rare'])).toBe('epic');
    expect(bestRarity(['common', 'unknown'])).toBe('common');
    expect(winHeadline('legendary')).toBe('Legendary drop!');
    expect(winHeadline('rare')).toBe('Rare drop!');
    expect(winHeadline('uncommon')).toBe('You won');
  });
});
