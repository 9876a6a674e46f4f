import { useModals } from '../stores/modals.ts';

// The one owner of "may a promotional modal open now" (docs/client-shell.md, "The daily bonus"): not
// while another modal or dialog is up (the shell's modals, the reality check, a confirm), not on the
// operator console, and not while the player is in the middle of a play (a battle in its rounds, a
// Mines board open, a crash bet waiting for its round or in the air, a wheel bet before its spin, an
// auto-bet session: a modal then covered the board, the Cash out or Stop button, or the result). A
// promotion that finds a dialog or the console in the way waits, and opens once nothing blocks it; one
// that finds a play live gives up for this page load: opening the moment the play ends would cover its
// result (with reduced motion no scene holds it back), and a player in the middle of a session is not
// interrupted between plays either.

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

/** How a promotion's wait ended: the way is open, a play was live (it gives up for this page load), or `signal` aborted. */
export type PromoWait = 'open' | 'live play' | 'aborted';

/** 'open' or 'live play' when `blocker` decides the wait, null while it should go on. */
function waitEnds(blocker: ReturnType<typeof promoModalBlocker>): PromoWait | null {
  if (blocker === null) return 'open';
  return blocker === 'live play' ? 'live play' : null;
}

/**
 * Resolves once nothing blocks a promotional modal (at once when nothing does), or once a play is
 * live, or when `signal` aborts. Every blocker shows in the document or the modal store, so their
 * changes wake it.
 */
export function whenPromoModalMayOpen(signal: AbortSignal): Promise<PromoWait> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve('aborted');
    const now = waitEnds(promoModalBlocker());
    if (now !== null) return resolve(now);
    const done = (end: PromoWait) => {
      observer.disconnect();
      unsubscribe();
      signal.removeEventListener('abort', aborted);
      resolve(end);
    };
    const check = () => {
      const end = waitEnds(promoModalBlocker());
      if (end !== null) done(end);
    };
    const aborted = () => done('aborted');
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['open', 'aria-modal', 'role', LIVE_PLAY_ATTRIBUTE] });
    const unsubscribe = useModals.subscribe(check);
    signal.addEventListener('abort', aborted);
  });
}
