import { listBoxes, pagedBoxes } from './catalog.ts';
import type { Db } from '../db/database.ts';
import type { BoxListQuery } from '../../core/protocol/boxes.ts';

// What the box routes share besides their contract (core/protocol/boxes.ts: the list query and the
// open body): the slug in the path, the list query as the catalog's filter, and the shop's page.


export function toFilter(q: BoxListQuery) {
  return {
    search: q.search || undefined,
    category: q.category || undefined,
    type: q.type,
    priceFrom: q.price_from,
    priceTo: q.price_to,
    featured: q.featured === undefined ? undefined : q.featured === '1' || q.featured === 'true',
    sort: q.sort,
  };
}

/** The shop's list as GET /api/boxes answers a parsed query (also the /boxes page's fill, server/boxes/pageFills.ts). */
export async function shopBoxesPage(db: Db, q: BoxListQuery) {
  const { rows, total } = await listBoxes(db, { kind: 'box', ...toFilter(q) }, { page: q.page, perPage: q.per_page });
  return pagedBoxes(rows, total, { page: q.page, perPage: q.per_page }, '/api/boxes', q);
}
