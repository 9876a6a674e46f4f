import { useEffect, useState } from 'react';
import { call } from '../../api/call.ts';
import type { Route } from '../../../core/protocol/route.ts';

// A `{data: T[]}` list of a round game's tables (recent rounds, recent bets, top payouts), fetched
// again whenever `refreshKey` changes (the page passes the last ended round). null while loading.

export function useApiList<T>(route: Route<'GET'>, params: Record<string, string | number>, refreshKey: unknown): T[] | null {
  const [rows, setRows] = useState<T[] | null>(null);
  const query = JSON.stringify(params);
  useEffect(() => {
    let live = true;
    // The page names T, its route's row (the table's types stop at Route here).
    call(route, { query: JSON.parse(query) as Record<string, string | number> } as never)
      .then((answer) => live && setRows((answer as unknown as { data: T[] }).data))
      .catch((error) => {
        console.warn(`${route.path} failed`, error);
        if (live) setRows([]);
      });
    return () => {
      live = false;
    };
  }, [route, query, refreshKey]);
  return rows;
}
