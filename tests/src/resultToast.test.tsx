import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToastContainer } from 'react-toastify';
import { showResultToast } from '../../src/features/games/resultToast.ts';

// A game's results are one toast at a time (src/features/games/resultToast.ts): three plinko balls
// in a row leave one toast on screen with the last ball's text, not three stacked over the page.

describe('showResultToast', () => {
  it('replaces the game’s toast instead of stacking one per result', async () => {
    render(<ToastContainer />);
    for (const [message, type] of [
      ['0.5x: 0.50 coins back', 'info'],
      ['You won 2.00 coins (2x)', 'success'],
      ['1x: your 1.00 coins back', 'info'],
    ] as const) {
      await act(async () => {
        showResultToast('plinko', message, type);
        await new Promise((r) => setTimeout(r, 20));
      });
    }
    await screen.findByText('1x: your 1.00 coins back');
    expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(1);
    expect(document.querySelector('.Toastify__toast--info')).not.toBeNull();
  });
});
