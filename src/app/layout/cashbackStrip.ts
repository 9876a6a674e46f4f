import { create } from 'zustand';

// Whether the player folded the cashback countdown strip under the header (phones and tablets, where
// it would otherwise take a 44 px row of every page). Remembered on this device only: a phone and a
// desktop of one player may well want it differently.
const KEY = 'cashback-strip-folded';

function stored(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

interface CashbackStripState {
  folded: boolean;
  setFolded(folded: boolean): void;
}

export const useCashbackStrip = create<CashbackStripState>((set) => ({
  folded: typeof window === 'undefined' ? false : stored(),
  setFolded(folded) {
    try {
      if (folded) localStorage.setItem(KEY, '1');
      else localStorage.removeItem(KEY);
    } catch {
      // Storage refused (private mode): folded for this visit only.
    }
    set({ folded });
  },
}));
