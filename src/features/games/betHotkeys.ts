import { useEffect, useRef } from 'react';

// Keyboard play on the bet pages (docs/games.md, "Hotkeys"). A key acts only when the player is not
// typing (a field, a slider, an editable area), holds no modifier and no dialog is open, so a
// shortcut never eats a character or a browser's own shortcut.

/** True when the key goes to something the player is typing into or moving (a range is an input too). */
export function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** A key the page may take: no modifier, not typing, no dialog in front of the page. */
export function isPageKey(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return false;
  if (isTyping(event.target)) return false;
  return !(event.target instanceof Element && event.target.closest('[role="dialog"], dialog'));
}

/**
 * Calls the action bound to a key's `code` ("Space", "KeyS"…) while `enabled`. The default action
 * is prevented (Space would scroll the page or press the focused button a second time); a held
 * key's repeats are ignored, so one press is one bet.
 */
export function useBetHotkeys(enabled: boolean, keys: Record<string, () => void>): void {
  const keysRef = useRef(keys);
  keysRef.current = keys;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      const action = keysRef.current[event.code];
      if (!action || event.repeat || !isPageKey(event)) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
