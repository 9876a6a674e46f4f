import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { useNow } from '../../src/app/useNow.ts';
import { RainBanner } from '../../src/features/chat/RainBanner.tsx';
import { CashbackBanner } from '../../src/app/layout/CashbackBanner.tsx';
import { useCashback } from '../../src/features/rewards/cashbackStore.ts';
import { scriptFetch } from './fakeApi.ts';

// The countdowns' clock (src/app/useNow.ts): every reader of one period reads the same moment on
// every tick, each renders alone (the page around them does not), the clock runs only while it is
// read, and a reader that comes after a pause reads the time of day, not the last tick.

afterEach(() => {
  vi.useRealTimers();
  useCashback.getState().clear();
});

function Reader({ name, active = true }: { name: string; active?: boolean }) {
  const now = useNow(active, 250);
  return <p data-testid={name}>{now}</p>;
}

const shown = (name: string) => Number(screen.getByTestId(name).textContent);

describe('useNow', () => {
  it('gives two countdowns of a page the same moment on every tick, rendering them and not the page', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    let pageRenders = 0;
    function Page() {
      pageRenders++;
      return (
        <>
          <Reader name="over" />
          <Reader name="under" />
        </>
      );
    }
    render(<Page />);
    expect(shown('over')).toBe(1_000_000);
    for (let tick = 1; tick <= 3; tick++) {
      await act(() => vi.advanceTimersByTimeAsync(250));
      expect(shown('over')).toBe(1_000_000 + tick * 250);
      expect(shown('under')).toBe(shown('over'));
    }
    expect(pageRenders).toBe(1);
  });

  it('gives a countdown that comes later the clock already running: it is never a tick behind', async () => {
    vi.useFakeTimers({ now: 4_000_000 });
    render(<Reader name="first" />);
    await act(() => vi.advanceTimersByTimeAsync(100));
    render(<Reader name="second" />);
    expect(shown('second')).toBe(shown('first'));
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(shown('first')).toBe(4_000_250);
    expect(shown('second')).toBe(4_000_250);
  });

  it('runs only while read, and a reader after a pause reads the time of day', async () => {
    vi.useFakeTimers({ now: 2_000_000 });
    const first = render(<Reader name="first" />);
    expect(vi.getTimerCount()).toBe(1);
    first.unmount();
    expect(vi.getTimerCount()).toBe(0);
    vi.setSystemTime(2_060_000); // a minute later, nothing ticking
    render(<Reader name="later" />);
    expect(shown('later')).toBe(2_060_000);
  });

  it('keeps no timer for a reader that is not active (a round between its betting windows)', () => {
    vi.useFakeTimers({ now: 3_000_000 });
    render(<Reader name="idle" active={false} />);
    expect(vi.getTimerCount()).toBe(0);
    expect(shown('idle')).toBe(3_000_000);
  });
});

// Its readers beside the rounds': the rain's seconds left and the cashback countdown (a guest's, to the
// local 21:00) tick on one shared timer, and neither keeps one while it shows nothing.
describe('the countdowns that read the clock', () => {
  const rainClosingIn = (seconds: number) =>
    scriptFetch(() => ({
      status: 200,
      data: { data: { open: { id: 1, pot: 12.5, closes_at: new Date(Date.now() + seconds * 1000).toISOString(), joined: 2, me: false }, pot: 0, rule: 'Split equally.' } },
    }));

  it('counts the rain down on the same timer as the cashback countdown beside it', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 11, 4, 12, 0, 0) });
    const restore = rainClosingIn(10);
    try {
      render(
        <MemoryRouter>
          <CashbackBanner placement="top" />
          <RainBanner refresh={0} signedIn={false} />
        </MemoryRouter>,
      );
      await vi.waitFor(() => expect(screen.getByText(/10 s left/)).toBeTruthy());
      expect(vi.getTimerCount()).toBe(1);
      await act(() => vi.advanceTimersByTimeAsync(3000));
      expect(screen.getByText(/7 s left/)).toBeTruthy();
    } finally {
      restore();
    }
  });

  it('runs no clock for a hidden cashback banner, and starts it when the banner shows again', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 11, 4, 20, 59, 50) });
    const state = { rate: 5, accrued: 0, claimable: 0, next_at: new Date(Date.UTC(2026, 11, 4, 21)).toISOString(), hidden: true };
    useCashback.setState({ state });
    render(
      <MemoryRouter>
        <CashbackBanner placement="top" />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('cashback-banner')).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
    act(() => useCashback.setState({ state: { ...state, hidden: false, accrued: 1 } }));
    expect(screen.getByTestId('cashback-banner').textContent).toContain('00:00:10');
    expect(vi.getTimerCount()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByTestId('cashback-banner').textContent).toContain('00:00:08');
  });
});
