import { create } from 'zustand';

// The shown balance's one owner. Every balance the server sends comes here with its version
// (core/protocol/balance.ts: one more with every change of the account): each answer's, read from
// its headers in one place (src/api/http.ts), and each realtime balanceUpdated
// (src/realtime/RealtimeBridge.tsx). Of two balances the higher version is the later commit, so
// they may arrive in any order.
//
// What the header shows follows the newest balance, except while a scene plays (the animation
// flag, src/stores/animation.ts, calls `setPlaying`): then it stays, so a win appears when its scene
// lands, not before. A page shows the balance its own request reached when its scene says so
// (`showUpTo` the answer's version, called only by src/features/scenes/sceneHold.ts: a stake leaving
// at once, a plinko ball landing), and when the last scene ends the newest balance is shown (unless
// it is zero: docs/product.md §4).

export interface VersionedBalance {
  /** Coins with two decimals. */
  coins: number;
  version: number;
}

export interface BalanceState {
  /** What the header, sidebar and bottom bar show; null before the first balance (signed out). */
  shown: VersionedBalance | null;
  /** The newest balance received. */
  newest: VersionedBalance | null;
  /** Balances received while a scene played and not shown yet, oldest version first. */
  held: VersionedBalance[];
  playing: boolean;
  /** A balance the server sent. Older than the shown one: ignored. */
  receive(balance: VersionedBalance): void;
  /** Shows the newest balance received up to `version` (a page's own answer), if newer than the shown one. */
  showUpTo(version: number): void;
  /** The animation flag: while up, what is shown stays; when it comes down, the newest is shown. */
  setPlaying(playing: boolean): void;
  /** Signed out. */
  clear(): void;
}

/** Enough for every answer of the scenes that can overlap (plinko's balls); older ones are of no use. */
const HELD_MAX = 200;

export const useBalance = create<BalanceState>((set, get) => ({
  shown: null,
  newest: null,
  held: [],
  playing: false,
  receive(balance) {
    const { shown, newest, held, playing } = get();
    if (shown && balance.version <= shown.version) return;
    const latest = !newest || balance.version > newest.version ? balance : newest;
    if (!playing) {
      set({ shown: latest, newest: latest, held: [] });
      return;
    }
    const next = [...held, balance].sort((a, b) => a.version - b.version).slice(-HELD_MAX);
    set({ newest: latest, held: next });
  },
  showUpTo(version) {
    const { shown, held } = get();
    const reached = held.filter((h) => h.version <= version).at(-1);
    if (!reached || (shown && reached.version <= shown.version)) return;
    set({ shown: reached, held: held.filter((h) => h.version > reached.version) });
  },
  setPlaying(playing) {
    if (playing) {
      set({ playing: true });
      return;
    }
    const { shown, newest } = get();
    // docs/product.md §4: the held balance is applied when the flag ends if it differs and is nonzero.
    const apply = newest !== null && (!shown || newest.version > shown.version) && newest.coins !== 0;
    set({ playing: false, held: [], shown: apply ? newest : shown });
  },
  clear: () => set({ shown: null, newest: null, held: [] }),
}));

/** The balance the player sees (coins), or null when there is none yet. */
export const useShownBalance = (): number | null => useBalance((s) => s.shown?.coins ?? null);
