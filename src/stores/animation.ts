import { create } from 'zustand';
import type { Drop } from '../../core/protocol/realtime.ts';
import { useSession } from './session.ts';

// The game-animation flag (docs/scenes.md, docs/product.md §4): while any scene or opening runs, incoming
// balance updates and the player's own live drops are held and applied when it ends. A counter,
// not a boolean, so overlapping scenes (several plinko balls, two reels) keep the flag up until
// the last one ends.
//
// Balance rule (docs/product.md §4): a balanceUpdated applies at once; while the flag is active it is held
// (the newest wins), and when the flag ends the held balance is applied if it differs from the
// shown balance and is nonzero. The scene shows the win first, the header catches up after.
export interface AnimationState {
  active: boolean;
  /** Scenes or openings running now. */
  running: number;
  /** The newest balance (coins) that arrived while the flag was up. */
  heldBalance: number | null;
  /** The player's own drops that arrived while the flag was up, oldest first. */
  heldDrops: Drop[];
  begin(): void;
  end(): void;
  /** A balanceUpdated notification (coins). */
  receiveBalance(balance: number): void;
  holdDrop(drop: Drop): void;
  /** Hands the held drops to the feed (once) and forgets them. */
  takeHeldDrops(): Drop[];
}

export const useAnimation = create<AnimationState>((set, get) => ({
  active: false,
  running: 0,
  heldBalance: null,
  heldDrops: [],
  begin: () => set((s) => ({ running: s.running + 1, active: true })),
  end: () => {
    const running = Math.max(0, get().running - 1);
    if (running > 0) {
      set({ running });
      return;
    }
    const held = get().heldBalance;
    set({ running: 0, active: false, heldBalance: null });
    const shown = useSession.getState().user?.balance;
    if (held !== null && held !== 0 && held !== shown) useSession.getState().setBalance(held);
  },
  receiveBalance: (balance) => {
    if (get().active) set({ heldBalance: balance });
    else useSession.getState().setBalance(balance);
  },
  holdDrop: (drop) => set((s) => ({ heldDrops: [...s.heldDrops, drop] })),
  takeHeldDrops: () => {
    const drops = get().heldDrops;
    if (drops.length) set({ heldDrops: [] });
    return drops;
  },
}));
