import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ModalName } from '../../stores/modals.ts';

// Which component renders each modal. Features register their modal here (lazy, so a modal's
// code loads when it first opens). The component renders the modal's content inside the shared
// <Modal> frame itself (it chooses title and theme).
export type ModalComponent = LazyExoticComponent<ComponentType>;

// One component for both auth tabs, so switching Sign Up ↔ Login keeps the same modal mounted.
const AuthModal = lazy(() => import('../../features/auth/AuthModal.tsx'));

export const modalRegistry: Partial<Record<ModalName, ModalComponent>> = {
  deposit: lazy(() => import('../../features/deposit/DepositModal.tsx')),
  bonus: lazy(() => import('../../features/deposit/BonusModal.tsx')),
  // deposit / bonus: src/features/deposit
  login: AuthModal,
  register: AuthModal,
  forgot: lazy(() => import('../../features/auth/ForgotPasswordModal.tsx')),
};

export { lazy };
