import { useEffect, type RefObject } from 'react';

/**
 * A header popper (the cart, the notifications) closes on Escape and on a press outside it: not on
 * its own toggle button (marked with `toggleAttribute`, which toggles it itself), nor on a toast or a
 * modal opened over the page (the popper stays under it).
 */
export function usePopperDismiss(open: boolean, panel: RefObject<HTMLElement | null>, toggleAttribute: string, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (!target || panel.current?.contains(target) || target.closest(`[${toggleAttribute}]`)) return;
      if (target.closest('.Toastify, .modal-backdrop')) return;
      close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, panel, toggleAttribute, close]);
}
