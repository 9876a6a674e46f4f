import { useSearchParams } from 'react-router';

// A console list's filters and page live in the URL (a link shares the view). `update` sets or
// clears names at once; any change but the page's own goes back to page 1.
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string>) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      for (const [name, value] of Object.entries(changes)) {
        if (value) p.set(name, value);
        else p.delete(name);
      }
      if (!('page' in changes)) p.delete('page');
      return p;
    });
  return { params, page: Math.max(1, Number(params.get('page')) || 1), update };
}
