import { create } from 'zustand';
import type { Drop } from '../../core/protocol/realtime.ts';
import { useBalance } from './balance.ts';

// The game-animation flag (docs/scenes.md, docs/product.md §4): while any scene or opening runs, incoming
// balance updates and the player's own live drops are held and applied when it ends. A counter,
// not a boolean, so overlapping scenes (several plinko balls, two reels) keep the flag up until
// the last one ends.
//
// Balance rule (docs/product.md §4): a balanceUpdated applies at once; while the flag is active what
// is shown stays, and when the flag ends the newest balance is shown (the balance store,
// src/stores/balance.ts, owns both). The scene shows the win first, the header catches up after.
export interface AnimationState {
  active: boolean;
  /** Scenes or openings running now. */
  running: number;
  /** The player's own drops that arrived while the flag was up, oldest first. */
  heldDrops: Drop[];
  begin(): void;
  end(): void;
  holdDrop(drop: Drop): void;
  /** Hands the held drops to the feed (once) and forgets them. */
  takeHeldDrops(): Drop[];
}

export const useAnimation = create<AnimationState>((set, get) => ({
  active: false,
  running: 0,
  heldDrops: [],
  begin: () => {
    set((s) => ({ running: s.running + 1, active: true }));
    useBalance.getState().setPlaying(true);
  },
  end: () => {
    const running = Math.max(0, get().running - 1);
    if (running > 0) {
      set({ running });
      return;
    }
    set({ running: 0, active: false });
    useBalance.getState().setPlaying(false);
  },
  holdDrop: (drop) => set((s) => ({ heldDrops: [...s.heldDrops, drop] })),
  takeHeldDrops: () => {
    const drops = get().heldDrops;
    if (drops.length) set({ heldDrops: [] });
    return drops;
  },
}));
