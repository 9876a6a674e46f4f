import { create } from 'zustand';

// The cart popper's open flag (docs/product.md §4) and a change counter that pages listing the inventory
// watch to reload after the cart sold something.
export interface CartState {
  open: boolean;
  version: number;
  toggle(): void;
  close(): void;
  changed(): void;
}

export const useCart = create<CartState>((set) => ({
  open: false,
  version: 0,
  toggle: () => set((s) => ({ open: !s.open })),
  close: () => set({ open: false }),
  changed: () => set((s) => ({ version: s.version + 1 })),
}));
