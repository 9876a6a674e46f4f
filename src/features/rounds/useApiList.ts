import { useEffect, useState } from 'react';
import { api } from '../../api/http.ts';

// A `{data: T[]}` list of a round game's tables (recent rounds, recent bets, top payouts), fetched
// again whenever `refreshKey` changes (the page passes the last ended round). null while loading.

export function useApiList<T>(url: string, params: Record<string, string | number>, refreshKey: unknown): T[] | null {
  const [rows, setRows] = useState<T[] | null>(null);
  const query = JSON.stringify(params);
  useEffect(() => {
    let live = true;
    api
      .get<{ data: T[] }>(url, { params: JSON.parse(query) as Record<string, string | number> })
      .then((res) => live && setRows(res.data.data))
      .catch((error) => {
        console.warn(`${url} failed`, error);
        if (live) setRows([]);
      });
    return () => {
      live = false;
    };
  }, [url, query, refreshKey]);
  return rows;
}
