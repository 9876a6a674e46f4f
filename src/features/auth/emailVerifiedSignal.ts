import { useEffect } from 'react';
import { loadProfile } from './authSession.ts';

// The verification link usually opens in another tab (from the mail). That tab's page tells the
// others through localStorage (their `storage` event), and a tab that comes back into focus asks
// too: a notice asking to verify then goes without a reload (docs/accounts.md).
const KEY = 'email.verifiedAt';

/** Called by the page the mailed link lands on. */
export function announceEmailVerified(): void {
  try {
    localStorage.setItem(KEY, String(Date.now()));
  } catch {
    // Storage refused: the other tabs still ask again when they come back into focus.
  }
}

/** While `waiting`, reloads the profile when another tab verified the email or this one regains focus. */
export function useEmailVerifiedElsewhere(waiting: boolean): void {
  useEffect(() => {
    if (!waiting) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key === KEY) void loadProfile();
    };
    const onFocus = () => void loadProfile();
    window.addEventListener('storage', onStorage);
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('focus', onFocus);
    };
  }, [waiting]);
}
