import { create } from 'zustand';
import type { User } from '../../core/protocol/user.ts';
import { useBalance } from './balance.ts';

// Who is signed in. Tokens live in the cookies `token` and `refresh_token` (docs/product.md §6); this store
// holds the loaded profile. The accounts feature fills it (login, profile fetch, logout).
export interface SessionState {
  user: User | null;
  /** The profile; its balance is shown through the balance store (src/stores/balance.ts), not from here. */
  setUser(user: User | null): void;
}

export const useSession = create<SessionState>((set, get) => ({
  user: null,
  setUser: (user) => {
    // Another account's balances have versions of their own: forget the last one's (signed out, or
    // signed in as someone else). Its profile shows its balance until the store has one.
    if (get().user?.id !== user?.id) useBalance.getState().clear();
    set({ user });
  },
}));
