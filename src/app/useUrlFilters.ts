import { useSearchParams } from 'react-router';

/**
 * A list's filters and page, kept in the URL (so a reload or a link opens the same list: the
 * console's lists, the player's history): `values` holds each named filter ('' when unset);
 * `update` sets or clears several at once and `set` one; any change but the page's own goes back
 * to page 1.
 */
export function useUrlFilters<N extends string>(names: readonly N[] = []) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(names.map((n) => [n, params.get(n) ?? ''])) as Record<N, string>;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const update = (changes: Record<string, string>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });
  const set = (name: N | 'page', value: string) => update({ [name]: value });
  return { params, values, page, update, set };
}
