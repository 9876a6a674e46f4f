import { create } from 'zustand';

// The spec's to_battle value: the battle the player is in (set on create and join), kept across
// reloads, cleared when that battle ends or is canceled. The header shows 'Back to Battle' while
// it is set and the player is elsewhere.

const KEY = 'to_battle';

function read(): number | null {
  const value = Number(localStorage.getItem(KEY));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

export const useToBattle = create<{ id: number | null; set(id: number): void; clear(id?: number): void }>((set, get) => ({
  id: typeof localStorage === 'undefined' ? null : read(),
  set(id) {
    localStorage.setItem(KEY, String(id));
    set({ id });
  },
  /** Clears it (only if it is still `id`, when given). */
  clear(id) {
    if (id !== undefined && get().id !== id) return;
    localStorage.removeItem(KEY);
    set({ id: null });
  },
}));
