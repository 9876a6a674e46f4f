import { describe, expect, it, vi, afterEach } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { levelBadgeGroup, LEVEL_BADGES, LEVEL_BADGE_GROUPS } from '../../src/app/layout/levelBadges.ts';
import { countdownText, nextCashbackAt } from '../../src/app/layout/cashbackCountdown.ts';
import { guardState } from '../../src/app/useRouteGuard.ts';
import { modalForQuery } from '../../src/app/useModalQuery.ts';
import { isChunkLoadError, reloadForChunk } from '../../src/app/chunkReload.ts';
import { activeRoute } from '../../src/app/routeHandle.ts';
import { trackDevice, useDevice, RESIZE_DEBOUNCE_MS } from '../../src/stores/device.ts';
import { formatCoins, formatDateTime } from '../../src/format/format.ts';
import { Header } from '../../src/app/layout/Header.tsx';
import { useSession } from '../../src/stores/session.ts';
import { useModals } from '../../src/stores/modals.ts';
import type { User } from '../../core/protocol/user.ts';

afterEach(() => {
  vi.useRealTimers();
  useSession.setState({ user: null });
  useModals.setState({ modal: null });
});

describe('level badge group', () => {
  it('is 1 below level 10, else the level rounded down to tens, capped at 110', () => {
    expect([0, 1, 9].map(levelBadgeGroup)).toEqual([1, 1, 1]);
    expect([10, 19, 20, 57, 99, 100, 110, 119, 250].map(levelBadgeGroup)).toEqual([10, 10, 20, 50, 90, 100, 110, 110, 110]);
  });

  it('has a badge with its own emblem and two colours for every group 1, 10, …, 110', () => {
    expect(LEVEL_BADGE_GROUPS).toEqual([1, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110]);
    const emblems = new Set(LEVEL_BADGE_GROUPS.map((g) => LEVEL_BADGES[g].emblem));
    expect(emblems.size).toBe(12);
    for (const g of LEVEL_BADGE_GROUPS) expect(LEVEL_BADGES[g].colours).toHaveLength(2);
  });
});

describe('cashback countdown', () => {
  it('targets 21:00 local time today, or tomorrow once passed', () => {
    expect(nextCashbackAt(new Date(2026, 0, 5, 20, 59, 59))).toEqual(new Date(2026, 0, 5, 21, 0, 0));
    expect(nextCashbackAt(new Date(2026, 0, 5, 21, 0, 0))).toEqual(new Date(2026, 0, 6, 21, 0, 0));
  });

  it('shows HH:MM:SS, prefixed 1 day / N days when more than a day remains', () => {
    const now = new Date(2026, 0, 5, 18, 30, 15);
    expect(countdownText(now, nextCashbackAt(now))).toBe('02:29:45');
    expect(countdownText(now, new Date(2026, 0, 6, 21, 0, 0))).toBe('1 day 02:29:45');
    expect(countdownText(now, new Date(2026, 0, 8, 21, 0, 0))).toBe('3 days 02:29:45');
    expect(countdownText(now, new Date(2026, 0, 1))).toBe('00:00:00');
  });
});

describe('route guard', () => {
  it('lets guests through public routes, waits while a token loads its user, bounces guests without a token', () => {
    expect(guardState(false, false, false)).toBe('allow');
    expect(guardState(true, true, true)).toBe('allow');
    expect(guardState(true, false, true)).toBe('wait');
    expect(guardState(true, false, false)).toBe('deny');
  });

  it('folds handles: a parent auth covers children; failed validation marks the route invalid', () => {
    const m = (handle: object, params: Record<string, string> = {}) => ({ id: '', pathname: '', params, data: undefined, loaderData: undefined, handle });
    expect(activeRoute([m({}), m({ auth: true }), m({ title: 'x' })])).toEqual({ auth: true, dark: false, valid: true });
    const validate = (p: Record<string, string | undefined>) => p.boxtype === 'standard';
    expect(activeRoute([m({ validate }, { boxtype: 'nope' })]).valid).toBe(false);
    expect(activeRoute([m({ validate, dark: true }, { boxtype: 'standard' })])).toEqual({ auth: false, dark: true, valid: true });
  });
});

describe('?modal= query', () => {
  it('opens login/register for guests, deposit for players, register for a guest asking for deposit', () => {
    expect(modalForQuery('login', false, false)).toBe('login');
    expect(modalForQuery('register', false, false)).toBe('register');
    expect(modalForQuery('deposit', false, false)).toBe('register');
    expect(modalForQuery('deposit', true, false)).toBe('deposit');
    expect(modalForQuery('login', true, false)).toBeNull();
    expect(modalForQuery('bonus', false, false)).toBeNull();
    expect(modalForQuery('deposit', false, true)).toBeNull();
  });
});

describe('chunk load failure', () => {
  it('recognises failed dynamic imports and reloads the target path once', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/DicePage-x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    const go = vi.fn();
    expect(reloadForChunk('/dice?x=1', sessionStorage, go)).toBe(true);
    expect(go).toHaveBeenCalledWith('/dice?x=1');
    expect(reloadForChunk('/dice?x=1', sessionStorage, go)).toBe(false);
    expect(go).toHaveBeenCalledTimes(1);
  });
});

describe('device store', () => {
  it('refreshes width, height and isMobile 50 ms after the last resize', () => {
    vi.useFakeTimers();
    const stop = trackDevice(window);
    vi.advanceTimersToNextFrame(); // its first measure
    Object.assign(window, { innerWidth: 390, innerHeight: 844 });
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 1);
    expect(useDevice.getState().width).not.toBe(390);
    vi.advanceTimersByTime(1);
    expect(useDevice.getState()).toEqual({ width: 390, height: 844, isMobile: true });
    stop();
  });

  it('catches a size that changed before it started on the next frame, not while it starts', () => {
    vi.useFakeTimers();
    Object.assign(window, { innerWidth: 1440, innerHeight: 900 });
    useDevice.setState({ width: 1024, height: 768, isMobile: false });
    const stop = trackDevice(window);
    expect(useDevice.getState().width).toBe(1024);
    vi.advanceTimersToNextFrame();
    expect(useDevice.getState()).toEqual({ width: 1440, height: 900, isMobile: false });
    stop();
  });
});

describe('formats', () => {
  it('make no date formatter until a date is shown (the entry evaluates this module on every page)', async () => {
    vi.resetModules();
    const Original = Intl.DateTimeFormat;
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      return new Original(...args);
    } as unknown as typeof Intl.DateTimeFormat);
    try {
      const format = await import('../../src/format/format.ts');
      expect(made).not.toHaveBeenCalled();
      expect(format.formatDate(new Date(2026, 10, 21))).toBe('21.11.26');
      expect(format.formatDate(new Date(2026, 10, 22))).toBe('22.11.26');
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      made.mockRestore();
    }
  });
  it('shows coins with 2 decimals and dates in German short form', () => {
    expect(formatCoins(33.7)).toBe('33.70');
    expect(formatCoins(5)).toBe('5.00');
    expect(formatDateTime(new Date(2026, 10, 21, 15, 53))).toBe('21.11.26, 15:53');
  });
});

describe('header', () => {
  const player: User = { id: 1, name: 'Mia', email: 'mia@example.com', avatar_url: null, verified: true, balance: 33.7, user_level: { level: 23, value: 0, from: 0, to: 1 }, streamer_mode: false };
  const renderHeader = () => render(<RouterProvider router={createMemoryRouter([{ path: '*', element: <Header /> }])} />);

  it('shows guests Sign up and Login, and Free loot opens the login modal', () => {
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(useModals.getState().modal).toBe('register');
    fireEvent.click(screen.getByRole('link', { name: /Free loot/ }));
    expect(useModals.getState().modal).toBe('login');
  });

  it('shows a player the balance with 2 decimals, the level badge group, and opens deposit from balance and plus', () => {
    useSession.setState({ user: player });
    renderHeader();
    expect(screen.getByRole('button', { name: 'Balance, deposit' }).textContent).toContain('33.70');
    expect(document.querySelector('.level-badge')?.getAttribute('data-group')).toBe('20');
    expect(screen.getByRole('link', { name: 'Delivery' }).getAttribute('href')).toBe('/profile/delivery');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Deposit' })));
    expect(useModals.getState().modal).toBe('deposit');
  });
});

describe('API base URL', () => {
  it('is this origin by default and the configured api_url otherwise', async () => {
    const { apiBaseUrl } = await import('../../src/app/apiBaseUrl.ts');
    expect(apiBaseUrl({ api_url: '' })).toBe('/');
    expect(apiBaseUrl({ api_url: 'https://api.example.com/' })).toBe('https://api.example.com/');
    expect(apiBaseUrl({ api_url: '/backend' })).toBe('/backend/');
  });
});

describe('locale', () => {
  it('keeps the single language en-US in the locale cookie', async () => {
    const { ensureLocale } = await import('../../src/i18n/locale.ts');
    document.cookie = 'locale=de-DE; path=/';
    expect(ensureLocale()).toBe('en-US');
    expect(document.cookie).toContain('locale=en-US');
  });
});
