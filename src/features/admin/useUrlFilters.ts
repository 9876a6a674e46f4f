import { useSearchParams } from 'react-router';

/**
 * A console list's filters and page, kept in the URL (so a link opens the same list): `values`
 * holds each named filter ('' when unset), `set` changes one and goes back to page 1 unless it
 * is the page itself.
 */
export function useUrlFilters<N extends string>(names: readonly N[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(names.map((n) => [n, params.get(n) ?? ''])) as Record<N, string>;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = (name: N | 'page', value: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(name, value);
      else next.delete(name);
      if (name !== 'page') next.delete('page');
      return next;
    });
  return { values, page, set };
}
