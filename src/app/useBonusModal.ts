import { useEffect } from 'react';
import { DAILY_BONUS_PROMOCODE } from '../../core/protocol/depositRules.ts';
import { api } from '../api/http.ts';
import { useModals } from '../stores/modals.ts';
import { useRunningScenes } from '../stores/runningScenes.ts';
import { useSession } from '../stores/session.ts';
import { BONUS_SHOWN_KEY, localDay, mayOfferDailyBonus } from './dailyBonusOffer.ts';

export const BONUS_MODAL_DELAY_MS = 4000;

/**
 * On <html> once the timer has decided, `offered` or `declined`: a test checks that the bonus did not
 * open once it says `declined`, instead of waiting for a modal that may still come.
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
  return { shownOn: storedDay(), today: localDay(new Date()), scenesRunning: useRunningScenes.getState().running, modalOpen: useModals.getState().modal !== null };
}

/** A signed-in player who has used the code up is not offered it again (the server's own check). */
async function codeStillUsable(): Promise<boolean> {
  if (!useSession.getState().user) return true;
  try {
    await api.post('/api/deposit/promocode/validate', { promocode: DAILY_BONUS_PROMOCODE });
    return true;
  } catch {
    return false;
  }
}

/**
 * About 4 s after start the daily bonus modal opens (docs/product.md §2), unless another modal is
 * open, a scene runs, it already opened today on this device, or the player used its code.
 */
export function useBonusModal(): void {
  useEffect(() => {
    let live = true;
    const id = setTimeout(async () => {
      // Checked again after the call: a scene may have started or a modal opened meanwhile.
      const offer = mayOfferDailyBonus(offerState()) && (await codeStillUsable()) && live && mayOfferDailyBonus(offerState());
      if (!live) return;
      document.documentElement.setAttribute(BONUS_DECISION_ATTRIBUTE, offer ? 'offered' : 'declined');
      if (!offer) return;
      try {
        localStorage.setItem(BONUS_SHOWN_KEY, localDay(new Date()));
      } catch {
        // Storage refused: it may show again on the next load, which is the old behaviour.
      }
      useModals.getState().open('bonus');
    }, BONUS_MODAL_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(id);
    };
  }, []);
}
