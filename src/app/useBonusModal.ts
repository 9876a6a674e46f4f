import { useEffect } from 'react';
import { DAILY_BONUS_PROMOCODE } from '../../core/protocol/depositRules.ts';
import { useModals } from '../stores/modals.ts';
import { useRunningScenes } from '../stores/runningScenes.ts';
import { cookies, TOKEN_COOKIE } from '../api/cookies.ts';
import { ApiError } from '../api/http.ts';
import { BONUS_SHOWN_KEY, localDay, mayOfferDailyBonus } from './dailyBonusOffer.ts';
import { whenPromoModalMayOpen } from './promoModalGate.ts';
import { call } from '../api/call.ts';
import { promocodeCheck } from '../../core/protocol/routes/shell.ts';

export const BONUS_MODAL_DELAY_MS = 4000;

/**
 * On <html> once the timer has decided, `offered` or `declined`, and `waiting` while an offer waits
 * for another dialog or the console to go: a test checks that the bonus did not open once it says
 * `declined`, instead of waiting for a modal that may still come.
 */
export const BONUS_DECISION_ATTRIBUTE = 'data-daily-bonus';

function storedDay(): string | null {
  try {
    return localStorage.getItem(BONUS_SHOWN_KEY);
  } catch {
    return null;
  }
}

function offerState() {
  return { shownOn: storedDay(), today: localDay(new Date()), scenesRunning: useRunningScenes.getState().running };
}

/**
 * A player who has used the code up is not offered it again (the server's own check). Who is signed
 * in is the token cookie's to say, as for the route guard: after a reload the profile comes by a
 * call of its own, which the timer can beat, and a player whose profile has not arrived yet is still
 * asked about. A token the server no longer takes (a 401 once the refresh has had its say, which
 * signs the visitor out) is a guest's, and a guest may claim it.
 */
async function codeStillUsable(): Promise<boolean> {
  if (!cookies.get(TOKEN_COOKIE)) return true;
  try {
    // The quiet check (200 either way): no failed request in the console once the code is used.
    return (await call(promocodeCheck, { query: { promocode: DAILY_BONUS_PROMOCODE } })).data.usable;
  } catch (error) {
    return error instanceof ApiError && error.response.status === 401;
  }
}

/**
 * About 4 s after start the daily bonus modal opens (docs/product.md §2), unless a scene runs, a play
 * is live (a battle, a Mines board, a crash or wheel bet, an auto-bet), it already opened today on
 * this device, or the player used its code; while another dialog or the operator console is up it
 * waits, then opens (promoModalGate.ts). Declined for a scene or a play, the day is not used up: a
 * later load offers it.
 */
export function useBonusModal(): void {
  useEffect(() => {
    const stop = new AbortController();
    const decide = (decision: 'offered' | 'declined' | 'waiting') => document.documentElement.setAttribute(BONUS_DECISION_ATTRIBUTE, decision);
    const id = setTimeout(async () => {
      const offer = mayOfferDailyBonus(offerState()) && (await codeStillUsable());
      if (stop.signal.aborted) return;
      if (!offer) return decide('declined');
      decide('waiting');
      const wait = await whenPromoModalMayOpen(stop.signal);
      if (wait === 'aborted') return;
      if (wait === 'live play') return decide('declined');
      // Checked again now: a scene may have started, or another tab used the day, meanwhile.
      if (!mayOfferDailyBonus(offerState())) return decide('declined');
      decide('offered');
      try {
        localStorage.setItem(BONUS_SHOWN_KEY, localDay(new Date()));
      } catch {
        // Storage refused: it may show again on the next load, which is the old behaviour.
      }
      useModals.getState().open('bonus');
    }, BONUS_MODAL_DELAY_MS);
    return () => {
      stop.abort();
      clearTimeout(id);
    };
  }, []);
}
