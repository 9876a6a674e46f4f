import { useState } from 'react';
import { X } from 'lucide-react';
import { INSTALL_OFFER_EVENT } from '../../../core/serviceWorkerBoot.ts';
import './install.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// "Install the app" on phones (docs/client-shell.md, "Installable app"): shown while the browser offers
// to install the shop (src/app/layout/installOffer.ts), above the bottom bar beside the chat button.
// Install asks the browser's own install dialog; "Not now", or that dialog declined, hides it for good
// on this device (the browser's menu still installs the app).

export const INSTALL_DISMISSED_KEY = 'app.installDismissed';

function dismissedHere(): boolean {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberDismissed(): void {
  try {
    localStorage.setItem(INSTALL_DISMISSED_KEY, '1');
  } catch {
    // Storage disabled: hidden for this page only.
  }
}

export default function InstallApp() {
  const [hidden, setHidden] = useState(dismissedHere);
  const [busy, setBusy] = useState(false);
  if (hidden) return null;
  const dismiss = () => {
    rememberDismissed();
    setHidden(true);
  };
  const install = async () => {
    const offer = window.shopInstall;
    if (!offer) return;
    setBusy(true);
    try {
      await offer.prompt();
      const { outcome } = await offer.userChoice;
      if (outcome === 'dismissed') rememberDismissed();
    } finally {
      // An offer answers one prompt: the browser makes a new one if it offers again.
      window.shopInstall = null;
      window.dispatchEvent(new Event(INSTALL_OFFER_EVENT));
      setHidden(true);
    }
  };
  return (
    <aside className="install-app" aria-label={t('installApp')}>
      <img src="/icons/icon-192.png" alt="" width={32} height={32} />
      <button type="button" className="btn btn--primary btn--small install-app__install" disabled={busy} onClick={() => void install()}>
        {t('installApp')}
      </button>
      <button type="button" className="icon-button install-app__dismiss" aria-label={t('notNow')} onClick={dismiss}>
        <X size={18} aria-hidden />
      </button>
    </aside>
  );
}
