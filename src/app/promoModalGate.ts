import { useModals } from '../stores/modals.ts';

// The one owner of "may a promotional modal open now" (docs/client-shell.md, "The daily bonus"): not
// while another modal or dialog is up (the shell's modals, the reality check, a confirm), not on the
// operator console, and not while the player is in the middle of a play (a battle in its rounds, a
// Mines board open, a crash bet waiting for its round or in the air, a wheel bet before its spin, an
// auto-bet session: a modal then covered the board, the Cash out or Stop button, or the result). A
// promotion that finds the way blocked waits, and opens once nothing blocks it.

/** On an element while a play is live on it (a running battle, an open Mines board, a crash or wheel bet in play, an auto-bet session). */
export const LIVE_PLAY_ATTRIBUTE = 'data-live-play';

/** The props that mark an element as a live play while `live` holds. */
export function livePlay(live: boolean): { [LIVE_PLAY_ATTRIBUTE]?: '' } {
  return live ? { [LIVE_PLAY_ATTRIBUTE]: '' } : {};
}

const DIALOGS = '[role="dialog"][aria-modal="true"], [role="alertdialog"], dialog[open]';

/** What keeps a promotional modal away now, or null when it may open. */
export function promoModalBlocker(): 'modal' | 'dialog' | 'console' | 'live play' | null {
  if (useModals.getState().modal !== null) return 'modal';
  if (document.querySelector(DIALOGS)) return 'dialog';
  if (/^\/admin(\/|$)/.test(window.location.pathname)) return 'console';
  if (document.querySelector(`[${LIVE_PLAY_ATTRIBUTE}]`)) return 'live play';
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
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['open', 'aria-modal', 'role', LIVE_PLAY_ATTRIBUTE] });
    const unsubscribe = useModals.subscribe(check);
    signal.addEventListener('abort', aborted);
  });
}
