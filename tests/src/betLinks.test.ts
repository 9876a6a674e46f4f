import { describe, expect, it } from 'vitest';
import { betLinkOf, noteBetLink } from '../../src/features/transparency/betLinks.ts';

// A round's or a battle's bet page (docs/transparency.md, "Share"): the page asks for a bet's public
// id when it celebrates, and gets it whether the private notice (or a cash-out's answer) came before
// or after; another game's bet with the same number is another bet.

describe('bet links', () => {
  it('answers a link noted before the ask at once, and one noted after when it comes', async () => {
    noteBetLink('crash', 7, 'a'.repeat(32));
    await expect(betLinkOf('crash', 7)).resolves.toBe('a'.repeat(32));
    const later = betLinkOf('wheel', 7);
    let told: string | null = null;
    void later.then((id) => (told = id));
    await Promise.resolve();
    expect(told).toBeNull();
    noteBetLink('wheel', 7, 'b'.repeat(32));
    await expect(later).resolves.toBe('b'.repeat(32));
    // The same ref as a string (a model's key) is the same bet.
    await expect(betLinkOf('wheel', '7')).resolves.toBe('b'.repeat(32));
  });
});
