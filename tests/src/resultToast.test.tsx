import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToastHost, toast } from '../../src/components/toast.tsx';
import { showResultToast } from '../../src/features/games/resultToast.ts';

// A game's results are one toast at a time (src/features/games/resultToast.ts): three plinko balls
// in a row leave one toast on screen with the last ball's text, not three stacked over the page.
// A toast playing its closing animation is on its way out (jsdom never ends the animation, so it
// stays in the document with its exit class): only the others count as on screen. The toasts load
// at the first one (src/components/toast.tsx): the first test asks before they have.
const onScreen = () => [...document.querySelectorAll('.Toastify__toast:not([class*="-exit"])')];

const pause = () => act(() => new Promise((r) => setTimeout(r, 20)));

describe('toasts on demand', () => {
  it('a toast asked for before react-toastify has loaded shows once it has, under its own id', async () => {
    render(<ToastHost />);
    expect(document.querySelector('.Toastify')).toBeNull();
    let id: unknown;
    act(() => {
      id = toast.error('The bet was refused.', { toastId: 'refused' });
    });
    expect(id).toBe('refused');
    await screen.findByText('The bet was refused.');
    expect(onScreen()[0]!.classList).toContain('Toastify__toast--error');
    act(() => toast.dismiss('refused'));
    await pause();
    expect(onScreen()).toHaveLength(0);
  });
});

describe('showResultToast', () => {
  it('replaces the game’s toast instead of stacking one per result', async () => {
    render(<ToastHost />);
    for (const [message, type] of [
      ['0.5x: 0.50 coins back', 'info'],
      ['You won 2.00 coins (2x)', 'success'],
      ['1x: your 1.00 coins back', 'info'],
    ] as const) {
      act(() => showResultToast('plinko', message, type));
      await pause();
    }
    await screen.findByText('1x: your 1.00 coins back');
    expect(onScreen()).toHaveLength(1);
    expect(onScreen()[0]!.textContent).toContain('1x: your 1.00 coins back');
    expect(onScreen()[0]!.classList).toContain('Toastify__toast--info');
  });

  it('shows the next result even when the last toast is already closing', async () => {
    render(<ToastHost />);
    act(() => showResultToast('plinko', 'You won 2.00 coins (2x)', 'success'));
    await pause();
    act(() => toast.dismiss()); // as when it times out: it plays its closing animation
    await pause();
    act(() => showResultToast('plinko', '0.5x: 0.50 coins back', 'info'));
    await pause();
    expect(onScreen().map((t) => t.textContent)).toEqual(['0.5x: 0.50 coins back']);
  });
});
