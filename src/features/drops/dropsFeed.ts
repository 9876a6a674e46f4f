import { create } from 'zustand';
import type { Drop } from '../../../core/protocol/realtime.ts';
import { useAnimation } from '../../stores/animation.ts';
import { useSession } from '../../stores/session.ts';

// The live drops feed (docs/product.md §4, §9): at most 10 drops, newest first; a drop arriving on the
// socket is shown 3 seconds later (so the feed never spoils an opening that is still spinning on
// someone's screen); the player's own drop is held while an opening or animation runs and merged
// at once when it ends (it has already waited for the animation). The list is loaded again each time
// the socket's subscription is made (src/realtime/RealtimeBridge.tsx), so a drop published before the
// socket was there (a slow connection, a reconnection) is not lost; a drop is shown once, by its id,
// whichever way it came.

export const FEED_SIZE = 10;
export const FEED_DELAY_MS = 3000;

export interface FeedEntry {
  /** Local key for rendering: the same drop can appear twice (two openings of one item). */
  key: number;
  drop: Drop;
}

interface DropsFeedState {
  entries: FeedEntry[];
  /** Replaces the feed with a loaded list (newest first), e.g. GET /api/last-drops. */
  load(drops: Drop[]): void;
  /** Puts drops on top (given oldest first), keeping at most FEED_SIZE. */
  show(drops: Drop[]): void;
}

let nextKey = 1;

export const useDropsFeed = create<DropsFeedState>((set) => ({
  entries: [],
  // A drop already on screen keeps its key, so a list loaded again does not replay its row's entrance.
  // The list asked again once the socket is subscribed is most often the one on screen: a drop is
  // the same drop by its id, so the same ids in the same order change nothing and render nothing.
  load: (drops) =>
    set((s) => {
      const next = drops.slice(0, FEED_SIZE);
      if (next.length === s.entries.length && next.every((drop, i) => drop.id === s.entries[i]!.drop.id)) return s;
      const keys = new Map(s.entries.map((e) => [e.drop.id, e.key]));
      return { entries: next.map((drop) => ({ key: keys.get(drop.id) ?? nextKey++, drop })) };
    }),
  show: (drops) =>
    set((s) => {
      const shown = new Set(s.entries.map((e) => e.drop.id));
      const fresh = drops.filter((drop) => !shown.has(drop.id) && shown.add(drop.id));
      if (!fresh.length) return s;
      return { entries: [...fresh.map((drop) => ({ key: nextKey++, drop })).reverse(), ...s.entries].slice(0, FEED_SIZE) };
    }),
}));

/** The player's own drop waits while their opening or animation runs (it would spoil it). */
function heldBack(drop: Drop): boolean {
  return useSession.getState().user?.id === drop.user_id && useAnimation.getState().active;
}

/**
 * Starts routing live drops into the feed; returns `receive` (for lastDrop) and `stop`.
 * Pending delayed drops are dropped on stop (the feed is reloaded on the next start).
 */
export function startDropsFeed() {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const release = useAnimation.subscribe((state, previous) => {
    if (previous.active && !state.active) {
      const held = useAnimation.getState().takeHeldDrops();
      if (held.length) useDropsFeed.getState().show(held);
    }
  });
  return {
    /** A loaded list (newest first) replaces the feed; the player's own drops in it wait as a received one would. */
    load(drops: Drop[]) {
      const held = drops.filter(heldBack);
      // Held oldest first, as they arrive on the socket.
      for (let i = held.length - 1; i >= 0; i -= 1) useAnimation.getState().holdDrop(held[i]!);
      useDropsFeed.getState().load(held.length ? drops.filter((drop) => !held.includes(drop)) : drops);
    },
    receive(drop: Drop) {
      if (heldBack(drop)) {
        useAnimation.getState().holdDrop(drop);
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        useDropsFeed.getState().show([drop]);
      }, FEED_DELAY_MS);
      timers.add(timer);
    },
    stop() {
      release();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
