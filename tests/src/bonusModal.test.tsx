import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import BonusModal from '../../src/features/deposit/BonusModal.tsx';
import { useDeposit } from '../../src/features/deposit/depositStore.ts';
import { useSession } from '../../src/stores/session.ts';
import { DAILY_BONUS_PROMOCODE } from '../../core/protocol/deposit.ts';
import { BONUS_DECISION_ATTRIBUTE, BONUS_MODAL_DELAY_MS, useBonusModal } from '../../src/app/useBonusModal.ts';
import { BONUS_SHOWN_KEY, localDay } from '../../src/app/dailyBonusOffer.ts';
import { useModals } from '../../src/stores/modals.ts';
import { useRunningScenes } from '../../src/stores/runningScenes.ts';
import { LIVE_PLAY_ATTRIBUTE } from '../../src/app/promoModalGate.ts';
import { cookies, TOKEN_COOKIE } from '../../src/api/cookies.ts';
import { scriptFetch, type SentCall } from './fakeApi.ts';

// The daily bonus timer, the decision it leaves on <html> for the end-to-end checks that it did not
// open, the code check of a player with a token (at the network's edge; the whole journey with a
// real deposit is tests/e2e/dailyBonus.spec.ts), and the modal's button: a guest signs up, a player
// deposits.
function Probe() {
  useBonusModal();
  return null;
}

afterEach(() => {
  vi.useRealTimers();
  useModals.setState({ modal: null });
  useRunningScenes.setState({ running: 0 });
  localStorage.clear();
  document.documentElement.removeAttribute(BONUS_DECISION_ATTRIBUTE);
  for (const live of document.querySelectorAll(`[${LIVE_PLAY_ATTRIBUTE}]`)) live.remove();
});

const decision = () => document.documentElement.getAttribute(BONUS_DECISION_ATTRIBUTE);

/** Runs the timer and the promise its callback awaits. */
async function wait(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
}

describe('bonus modal timer', () => {
  it('opens the bonus modal 4000 ms after start and remembers the day', async () => {
    vi.useFakeTimers();
    render(<Probe />);
    await wait(BONUS_MODAL_DELAY_MS - 1);
    expect(useModals.getState().modal).toBeNull();
    expect(decision()).toBeNull();
    await wait(1);
    expect(useModals.getState().modal).toBe('bonus');
    expect(decision()).toBe('offered');
    expect(localStorage.getItem(BONUS_SHOWN_KEY)).toBe(localDay(new Date()));
  });

  it('waits behind a modal the visitor already has open, and opens once it closes', async () => {
    vi.useFakeTimers();
    useModals.setState({ modal: 'login' });
    render(<Probe />);
    await wait(BONUS_MODAL_DELAY_MS);
    expect(useModals.getState().modal).toBe('login');
    expect(decision()).toBe('waiting');
    act(() => useModals.getState().close());
    await vi.waitFor(() => expect(useModals.getState().modal).toBe('bonus'));
    expect(decision()).toBe('offered');
  });

  it('waits behind a dialog of its own (the reality check) and on the operator console', async () => {
    vi.useFakeTimers();
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    document.body.append(dialog);
    window.history.pushState(null, '', '/admin/players');
    render(<Probe />);
    await wait(BONUS_MODAL_DELAY_MS * 2);
    dialog.remove();
    await vi.waitFor(() => expect(decision()).toBe('waiting'));
    await wait(BONUS_MODAL_DELAY_MS);
    expect(useModals.getState().modal).toBeNull();
    // Leaving the console changes the page: the offer opens then.
    window.history.pushState(null, '', '/');
    act(() => document.body.append(document.createElement('main')));
    await vi.waitFor(() => expect(useModals.getState().modal).toBe('bonus'));
  });

  it('gives up for this load when a play is live at the delay (a battle in its rounds, an open Mines board, a crash bet), the day not used up', async () => {
    vi.useFakeTimers();
    const board = document.createElement('div');
    board.setAttribute(LIVE_PLAY_ATTRIBUTE, '');
    document.body.append(board);
    render(<Probe />);
    await wait(BONUS_MODAL_DELAY_MS);
    expect(decision()).toBe('declined');
    // The play ends: the offer does not come over its result.
    act(() => board.removeAttribute(LIVE_PLAY_ATTRIBUTE));
    await wait(BONUS_MODAL_DELAY_MS);
    expect(useModals.getState().modal).toBeNull();
    expect(localStorage.getItem(BONUS_SHOWN_KEY)).toBeNull();
  });

  it('gives up when a play starts while it waits behind another modal', async () => {
    vi.useFakeTimers();
    useModals.setState({ modal: 'login' });
    render(<Probe />);
    await wait(BONUS_MODAL_DELAY_MS);
    expect(decision()).toBe('waiting');
    const board = document.createElement('div');
    act(() => {
      board.setAttribute(LIVE_PLAY_ATTRIBUTE, '');
      document.body.append(board);
      useModals.getState().close();
    });
    await vi.waitFor(() => expect(decision()).toBe('declined'));
    act(() => board.remove());
    await wait(BONUS_MODAL_DELAY_MS);
    expect(useModals.getState().modal).toBeNull();
  });

  it('opens at most once a day on this device', async () => {
    vi.useFakeTimers();
    localStorage.setItem(BONUS_SHOWN_KEY, localDay(new Date()));
    render(<Probe />);
    await wait(BONUS_MODAL_DELAY_MS * 2);
    expect(useModals.getState().modal).toBeNull();
    expect(decision()).toBe('declined');
  });

  it('opens again on a new day', async () => {
    vi.useFakeTimers();
    localStorage.setItem(BONUS_SHOWN_KEY, '2000-01-01');
    render(<Probe />);
    await wait(BONUS_MODAL_DELAY_MS);
    expect(useModals.getState().modal).toBe('bonus');
  });

  it('never opens over a running scene (and the day is not used up)', async () => {
    vi.useFakeTimers();
    useRunningScenes.getState().started();
    render(<Probe />);
    await wait(BONUS_MODAL_DELAY_MS * 2);
    expect(useModals.getState().modal).toBeNull();
    expect(decision()).toBe('declined');
    expect(localStorage.getItem(BONUS_SHOWN_KEY)).toBeNull();
  });
});

describe('the code check of a player with a token', () => {
  let calls: SentCall[];
  let restoreFetch = () => {};
  afterEach(() => {
    restoreFetch();
    cookies.remove(TOKEN_COOKIE);
  });

  /** A token in its cookie, no profile loaded yet (a reload: the profile's own call has not answered). */
  function serverAnswersCodeCheck(answer: 'usable' | 'used' | 401) {
    calls = [];
    cookies.set(TOKEN_COOKIE, 'player-token');
    useSession.setState({ user: null });
    restoreFetch = scriptFetch((call) => {
      calls.push(call);
      if (answer === 401) return { status: 401, data: { message: 'Unauthenticated.' } };
      const promocode = { code: DAILY_BONUS_PROMOCODE, value: 35, is_fixed_value: false };
      // The check answers 200 either way (GET /api/deposit/promocode/check): no failed request.
      return { status: 200, data: { data: answer === 'usable' ? { usable: true, promocode, msg: null } : { usable: false, promocode: null, msg: 'You have already used this promo code' } } };
    });
  }

  it('asks the server before the profile has loaded, and does not offer a code the player used up', async () => {
    vi.useFakeTimers();
    serverAnswersCodeCheck('used');
    render(<Probe />);
    await wait(BONUS_MODAL_DELAY_MS);
    await vi.waitFor(() => expect(decision()).toBe('declined'));
    expect(calls.map((call) => [call.method, call.url, call.query.get('promocode'), call.headers.get('Authorization')])).toEqual([
      ['GET', '/api/deposit/promocode/check', DAILY_BONUS_PROMOCODE, 'Bearer player-token'],
    ]);
    expect(useModals.getState().modal).toBeNull();
    expect(localStorage.getItem(BONUS_SHOWN_KEY)).toBeNull();
  });

  it('offers it when the server takes the code', async () => {
    vi.useFakeTimers();
    serverAnswersCodeCheck('usable');
    render(<Probe />);
    await wait(BONUS_MODAL_DELAY_MS);
    await vi.waitFor(() => expect(useModals.getState().modal).toBe('bonus'));
    expect(calls).toHaveLength(1);
  });

  it('offers it to a visitor whose token the server no longer takes (a guest)', async () => {
    vi.useFakeTimers();
    serverAnswersCodeCheck(401);
    render(<Probe />);
    await wait(BONUS_MODAL_DELAY_MS);
    await vi.waitFor(() => expect(useModals.getState().modal).toBe('bonus'));
  });
});

describe('bonus modal button', () => {
  afterEach(() => useSession.setState({ user: null }));

  it('asks a guest to sign up (a deposit needs an account) and keeps the code for the deposit after', async () => {
    const user = userEvent.setup();
    render(<BonusModal />);
    await user.click(screen.getByRole('button', { name: 'Sign up to claim' }));
    expect(useModals.getState().modal).toBe('register');
    expect(useDeposit.getState().pendingPromocode).toBe(DAILY_BONUS_PROMOCODE);
  });

  it('offers a signed-in player the deposit', async () => {
    const user = userEvent.setup();
    useSession.setState({ user: { id: 1 } as never });
    render(<BonusModal />);
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(useModals.getState().modal).toBe('deposit');
  });
});
