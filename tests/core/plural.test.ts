import { describe, expect, it } from 'vitest';
import { plural } from '../../core/text/plural.ts';

describe('plural', () => {
  it('says one of one and many of every other count, with a regular or given plural', () => {
    expect(plural(1, 'item')).toBe('1 item');
    expect([0, 2, 11].map((n) => plural(n, 'round'))).toEqual(['0 rounds', '2 rounds', '11 rounds']);
    expect(plural(1, 'box', 'boxes')).toBe('1 box');
    expect(plural(3, 'box', 'boxes')).toBe('3 boxes');
  });
});
