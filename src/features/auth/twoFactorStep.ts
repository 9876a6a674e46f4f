import { create } from 'zustand';

// The sign-in waiting for its two-factor code: the challenge token the password or social grant
// answered (docs/account-safety.md). While it is set, the login modal shows the code step.
export interface TwoFactorStepState {
  token: string | null;
  ask(token: string): void;
  clear(): void;
}

export const useTwoFactorStep = create<TwoFactorStepState>((set) => ({
  token: null,
  ask: (token) => set({ token }),
  clear: () => set({ token: null }),
}));
