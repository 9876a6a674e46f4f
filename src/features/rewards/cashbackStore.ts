import { create } from 'zustand';
import type { CashbackState } from '../../../core/protocol/rewards.ts';
import { callResponse } from '../../api/call.ts';
import { cashback } from '../../../core/protocol/routes/shell.ts';

// The signed-in player's cashback (GET /api/cashback), shared by the banner, the sidebar link and
// /cashback. One request at a time; a failure keeps what was known (the banner then counts down
// to the local 21:00 as before).
interface CashbackStore {
  state: CashbackState | null;
  userId: number | null;
  load(userId: number): Promise<void>;
  set(state: CashbackState): void;
  clear(): void;
}

let inFlight: Promise<void> | null = null;

export const useCashback = create<CashbackStore>((set, get) => ({
  state: null,
  userId: null,
  load(userId) {
    if (get().userId !== userId) set({ state: null, userId });
    inFlight ??= callResponse(cashback, {})
      .then((res) => {
        if (get().userId === userId) set({ state: res.data.data });
      })
      .catch((error: unknown) => console.warn('cashback state failed', error))
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  },
  set: (state) => set({ state }),
  clear: () => set({ state: null, userId: null }),
}));
