import { create } from 'zustand';
import type { Promocode } from '../../../core/protocol/deposit.ts';

// The deposit modal's state that outlives one form: the step (docs/product.md §4: 0 list on mobile, 1 card,
// 2 crypto, 3 gift cards, 4 skins; reset on close) and the applied promo code.
export type DepositStep = 0 | 1 | 2 | 3 | 4;

export interface DepositState {
  step: DepositStep | null;
  promo: Promocode | null;
  /** A code to apply when the modal opens (the bonus modal's winter35, ?promocode=). */
  pendingPromocode: string | null;
  /** The card amount to start with (the missing amount of a short balance), until the modal closes. */
  pendingAmount: string | null;
  setStep(step: DepositStep): void;
  setPromo(promo: Promocode | null): void;
  setPendingPromocode(code: string | null): void;
  setPendingAmount(amount: string | null): void;
  reset(): void;
}

export const useDeposit = create<DepositState>((set) => ({
  step: null,
  promo: null,
  pendingPromocode: null,
  pendingAmount: null,
  setStep: (step) => set({ step }),
  setPromo: (promo) => set({ promo }),
  setPendingPromocode: (pendingPromocode) => set({ pendingPromocode }),
  setPendingAmount: (pendingAmount) => set({ pendingAmount }),
  reset: () => set({ step: null, pendingAmount: null }),
}));
