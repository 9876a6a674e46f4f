import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ModalName } from '../../stores/modals.ts';

// Which component renders each modal. Features register their modal here (lazy, so a modal's
// code loads when it first opens). The component renders the modal's content inside the shared
// <Modal> frame itself (it chooses title and theme).
export type ModalComponent = LazyExoticComponent<ComponentType>;

export const modalRegistry: Partial<Record<ModalName, ModalComponent>> = {
  deposit: lazy(() => import('../../features/deposit/DepositModal.tsx')),
  bonus: lazy(() => import('../../features/deposit/BonusModal.tsx')),
  // login / register / forgot: src/features/auth; deposit / bonus: src/features/deposit
};

export { lazy };
