import { useSyncExternalStore } from 'react';
import { INSTALL_OFFER_EVENT } from '../../../core/serviceWorkerBoot.ts';

// The browser's offer to install the shop as an app (docs/client-shell.md, "Installable app"): index.html's
// inline script (core/serviceWorkerBoot.ts) holds it on `window.shopInstall` from the page's first
// moment and says so with `shop:installable`. Only this hook is in the first load; the entry that
// shows it (src/features/install/InstallApp.tsx) loads once there is an offer.

/** The part of Chromium's `BeforeInstallPromptEvent` the entry uses. */
export interface InstallOffer {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

declare global {
  interface Window {
    shopInstall?: InstallOffer | null;
  }
}

const subscribe = (changed: () => void) => {
  window.addEventListener(INSTALL_OFFER_EVENT, changed);
  return () => window.removeEventListener(INSTALL_OFFER_EVENT, changed);
};

/** Whether the browser offers to install the app now. */
export const useInstallOffer = (): boolean => useSyncExternalStore(subscribe, () => Boolean(window.shopInstall), () => false);
