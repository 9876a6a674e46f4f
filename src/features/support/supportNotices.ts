import { create } from 'zustand';

// Bumped by the realtime bridge when an operator answers a ticket; the support pages reload on it.
interface SupportNotices {
  version: number;
  bump(): void;
}

export const useSupportNotices = create<SupportNotices>((set) => ({
  version: 0,
  bump: () => set((s) => ({ version: s.version + 1 })),
}));
