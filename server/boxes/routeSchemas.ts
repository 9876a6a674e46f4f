import { z } from 'zod';
import { MAX_OPEN_QUANTITY } from '../../core/games/boxes.ts';
import { BOX_SORTS, listBoxes, pagedBoxes } from './catalog.ts';
import type { Db } from '../db/database.ts';
import { coinAmount } from '../../core/protocol/amount.ts';

// Query and body schemas shared by the three box routes (shop, free loot, player-made).

export const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(24),
};

// Price filters arrive as coins in the query; the routes filter in cents.
const coins = coinAmount({ coerce: true, max: 1_000_000_000 });

export const boxListQuery = z.object({
  ...pageQuery,
  search: z.string().trim().max(100).optional(),
  category: z.string().trim().max(40).optional(),
  type: z.enum(['standard', 'unique', 'custom']).optional(),
  price_from: coins.optional(),
  price_to: coins.optional(),
  featured: z.enum(['0', '1', 'true', 'false']).optional(),
  sort: z.enum(BOX_SORTS).default('popular'),
});
export type BoxListQuery = z.infer<typeof boxListQuery>;

export const slugParams = z.object({ slug: z.string().min(1).max(100) });

export const openBody = z.object({
  quantity: z
    .number({ error: `The quantity must be a whole number from 1 to ${MAX_OPEN_QUANTITY}.` })
    .int(`The quantity must be a whole number from 1 to ${MAX_OPEN_QUANTITY}.`)
    .min(1, `The quantity must be a whole number from 1 to ${MAX_OPEN_QUANTITY}.`)
    .max(MAX_OPEN_QUANTITY, `The quantity must be a whole number from 1 to ${MAX_OPEN_QUANTITY}.`)
    .default(1),
});

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
