import { useEffect } from 'react';
import { DAILY_BONUS_PROMOCODE } from '../../core/protocol/depositRules.ts';
import { api } from '../api/http.ts';
import { useModals } from '../stores/modals.ts';
import { useRunningScenes } from '../stores/runningScenes.ts';
import { useSession } from '../stores/session.ts';
import { BONUS_SHOWN_KEY, localDay, mayOfferDailyBonus } from './dailyBonusOffer.ts';

export const BONUS_MODAL_DELAY_MS = 4000;

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
      if (!mayOfferDailyBonus(offerState()) || !(await codeStillUsable())) return;
      // Checked again after the call: a scene may have started or a modal opened meanwhile.
      if (!live || !mayOfferDailyBonus(offerState())) return;
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
