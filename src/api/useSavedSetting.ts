import { useEffect, useState } from 'react';
import { apiErrorText } from './http.ts';

/**
 * A player's setting kept on the server: read once, then each change shown at once, sent, and
 * replaced by the server's answer (or put back, with the reason, when refused). Null until read.
 */
export function useSavedSetting<T>(load: () => Promise<T>, save: (next: T) => Promise<T>): { value: T | null; error: string | null; change: (next: T) => void } {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    load()
      .then((v) => live && setValue(v))
      .catch((e: unknown) => live && setError(apiErrorText(e)));
    return () => {
      live = false;
    };
    // Read once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const change = (next: T) => {
    const before = value;
    setValue(next);
    save(next)
      .then(setValue)
      .catch((e: unknown) => {
        setValue(before);
        setError(apiErrorText(e));
      });
  };
  return { value, error, change };
}
