import { useModals } from '../stores/modals.ts';

// The one owner of "may a promotional modal open now" (docs/client-shell.md, "The daily bonus"): not
// while another modal or dialog is up (the shell's modals, the reality check, a confirm), not on the
// operator console, and not while a live countdown runs (a battle about to start or in its rounds).
// A promotion that finds the way blocked waits, and opens once nothing blocks it.

/** On an element showing a live countdown (the battle page while its battle runs). */
export const LIVE_COUNTDOWN_ATTRIBUTE = 'data-live-countdown';

const DIALOGS = '[role="dialog"][aria-modal="true"], [role="alertdialog"], dialog[open]';

/** What keeps a promotional modal away now, or null when it may open. */
export function promoModalBlocker(): 'modal' | 'dialog' | 'console' | 'countdown' | null {
  if (useModals.getState().modal !== null) return 'modal';
  if (document.querySelector(DIALOGS)) return 'dialog';
  if (/^\/admin(\/|$)/.test(window.location.pathname)) return 'console';
  if (document.querySelector(`[${LIVE_COUNTDOWN_ATTRIBUTE}]`)) return 'countdown';
  return null;
}

/**
 * Resolves once nothing blocks a promotional modal (at once when nothing does); false when `signal`
 * aborts first. Every blocker shows in the document or the modal store, so their changes wake it.
 */
export function whenPromoModalMayOpen(signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    if (promoModalBlocker() === null) return resolve(true);
    const done = (open: boolean) => {
      observer.disconnect();
      unsubscribe();
      signal.removeEventListener('abort', aborted);
      resolve(open);
    };
    const check = () => {
      if (promoModalBlocker() === null) done(true);
    };
    const aborted = () => done(false);
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['open', 'aria-modal', 'role', LIVE_COUNTDOWN_ATTRIBUTE] });
    const unsubscribe = useModals.subscribe(check);
    signal.addEventListener('abort', aborted);
  });
}
