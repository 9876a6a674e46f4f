import { create } from 'zustand';
import type { User } from '../../core/protocol/user.ts';

// Who is signed in. Tokens live in the cookies `token` and `refresh_token` (docs/product.md §6); this store
// holds the loaded profile. The accounts feature fills it (login, profile fetch, logout).
export interface SessionState {
  user: User | null;
  setUser(user: User | null): void;
  /** Sets only the balance (realtime balanceUpdated, after bets). */
  setBalance(balance: number): void;
}

export const useSession = create<SessionState>((set) => ({
  user: null,
  setUser: (user) => set({ user }),
  setBalance: (balance) => set((s) => (s.user ? { user: { ...s.user, balance } } : s)),
}));
