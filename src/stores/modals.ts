import { create } from 'zustand';

// The one open modal. `?modal=login|register|deposit` opens one on any page (docs/product.md §2).
export type ModalName = 'login' | 'register' | 'forgot' | 'deposit' | 'bonus';

export interface ModalsState {
  modal: ModalName | null;
  open(name: ModalName): void;
  close(): void;
}

export const useModals = create<ModalsState>((set) => ({
  modal: null,
  open: (modal) => set({ modal }),
  close: () => set({ modal: null }),
}));
