import { create } from 'zustand';

// The spec's to_battle value: the battle the player is in (set on create and join), kept across
// reloads, cleared when that battle ends or is canceled. The header shows 'Back to Battle' while
// it is set and the player is elsewhere. A private battle's link key is kept with it, since its
// page, answers and channel need the key (docs/battles.md). Stored as `id` or `id:key`.

const KEY = 'to_battle';

interface Saved {
  id: number | null;
  key: string | null;
}

function read(): Saved {
  const [idText = '', key = ''] = (localStorage.getItem(KEY) ?? '').split(':');
  const id = Number(idText);
  return Number.isSafeInteger(id) && id > 0 ? { id, key: /^[0-9a-f]{32}$/.test(key) ? key : null } : { id: null, key: null };
}

export const useToBattle = create<Saved & { set(id: number, key?: string | null): void; clear(id?: number): void }>((set, get) => ({
  ...(typeof localStorage === 'undefined' ? { id: null, key: null } : read()),
  set(id, key = null) {
    localStorage.setItem(KEY, key ? `${id}:${key}` : String(id));
    set({ id, key });
  },
  /** Clears it (only if it is still `id`, when given). */
  clear(id) {
    if (id !== undefined && get().id !== id) return;
    localStorage.removeItem(KEY);
    set({ id: null, key: null });
  },
}));
