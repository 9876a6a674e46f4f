import { Suspense } from 'react';
import { useModals } from '../../stores/modals.ts';
import { modalRegistry } from './modalRegistry.ts';

// Renders the open modal, if its feature has registered one.
export function ModalRoot() {
  const name = useModals((s) => s.modal);
  const Component = name ? modalRegistry[name] : undefined;
  if (!Component) return null;
  return (
    <Suspense fallback={null}>
      <Component />
    </Suspense>
  );
}
