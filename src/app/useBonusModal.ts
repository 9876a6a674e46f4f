import { useEffect } from 'react';
import { useModals } from '../stores/modals.ts';

export const BONUS_MODAL_DELAY_MS = 4000;

/** About 4 s after start the daily bonus modal opens (spec §2), unless another modal is open then. */
export function useBonusModal(): void {
  useEffect(() => {
    const id = setTimeout(() => {
      const { modal, open } = useModals.getState();
      if (modal === null) open('bonus');
    }, BONUS_MODAL_DELAY_MS);
    return () => clearTimeout(id);
  }, []);
}
