import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { BonusList } from '../../src/features/bonuses/BonusPanel.tsx';
import type { BonusesData } from '../../src/features/bonuses/bonuses.ts';

// The wallet panel states each active bonus's maximum bet (docs/bonuses.md, "Maximum bet").

const bonus = { id: 1, source: 'promo', amount: 35, requirement: 105, wagered: 5, left_to_wager: 100, granted_at: '2026-11-27T10:00:00Z', expires_at: '2026-12-11T10:00:00Z' };
const data = (max_bet: number | null): BonusesData => ({ balance: 135, withdrawable: 100, locked: 35, left_to_wager: 100, bonuses: [{ ...bonus, max_bet }] });

describe('BonusList', () => {
  it('states the maximum bet of a bonus that has one, and nothing of it otherwise', () => {
    const { unmount } = render(<BonusList data={data(5)} onChanged={() => {}} />);
    expect(screen.getByTestId('bonus-max-bet').textContent).toBe('bets up to 5.00 · ');
    unmount();
    render(<BonusList data={data(null)} onChanged={() => {}} />);
    expect(screen.queryByTestId('bonus-max-bet')).toBeNull();
    expect(screen.getByTestId('bonus-progress').textContent).toBe('Wagered 5.00 of 105.00 (100.00 left)');
  });
});
