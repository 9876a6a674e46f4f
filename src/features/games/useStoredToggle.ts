import { useCallback, useState } from 'react';

// A player's on/off setting of a game page (dice's Instant and Hotkeys), kept in localStorage so
// it survives reloads; off unless the player turned it on. Storage disabled: it lasts for the page.

export function useStoredToggle(key: string): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => {
    try {
      return globalThis.localStorage?.getItem(key) === '1';
    } catch {
      return false;
    }
  });
  const set = useCallback(
    (next: boolean) => {
      try {
        globalThis.localStorage?.setItem(key, next ? '1' : '0');
      } catch {
        // Kept for this page only.
      }
      setOn(next);
    },
    [key],
  );
  return [on, set];
}
