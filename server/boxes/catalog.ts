import { sql, type Selectable } from 'kysely';
import { ticketRanges } from '../../core/fair/index.ts';
import { unitsToPercent } from '../../core/games/boxes.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import type { Db } from '../db/database.ts';
import type { Trx } from '../wallet/wallet.ts';
import { paged, type PageRequest } from './paging.ts';
import { openedCount } from './openCounts.ts';
import type { BoxesTables } from './schema.ts';
import { versionItems, type BoxItemRow } from './boxVersions.ts';
import { ART_PREFIX } from '../../core/apiPaths.ts';

// Reading the catalog: box lists with their filters, one box with its items, odds and ticket
// ranges, and the wire forms of both (coins, art URLs).

/** An item's picture: its operator's photo (AVIF or WebP as the browser takes it, cached for good: itemPhotos.ts) when it has one, else our drawing of it. */
export const itemImgUrl = (item: { id: number; photo: string | null }) => (item.photo ? `${ART_PREFIX}items/${item.id}/photos/${item.photo}` : `${ART_PREFIX}items/${item.id}.svg`);
export const boxImgUrl = (slug: string) => `${ART_PREFIX}boxes/${slug}.svg`;

import type { BoxKind } from '../../core/protocol/boxKinds.ts';
import type { BOX_SORTS } from '../../core/protocol/boxes.ts';
export type { BoxKind };

/** A box as the catalog reads it: its row and its opening count (openCounts.ts). */
export type BoxRow = Selectable<BoxesTables['boxes']> & { opened_count: number };

export type { BoxItemRow };

/** A box with the items and odds of one version (its current one, as findBox reads it). */
export interface BoxWithItems extends BoxRow {
  items: BoxItemRow[];
}

export type BoxSort = (typeof BOX_SORTS)[number];

export interface BoxFilter {
  kind: BoxKind;
  search?: string;
  category?: string;
  type?: 'standard' | 'unique' | 'custom';
  /** Cents. */
  priceFrom?: number;
  priceTo?: number;
  featured?: boolean;
  creatorId?: number;
  sort: BoxSort;
}

const boxColumns = ['boxes.id', 'boxes.slug', 'boxes.name', 'boxes.type', 'boxes.category', 'boxes.price', 'boxes.featured', 'boxes.free_level', 'boxes.creator_id', openedCount.as('opened_count'), 'boxes.created_at', 'boxes.version_id'] as const;

/** The boxes of one kind. The three kinds never mix: free loot boxes only under /api/free-boxes, player-made (custom) boxes only under /api/user-boxes, the shop's standard and unique boxes under /api/boxes. */
export function ofKind(db: Db, kind: BoxKind) {
  const q = db.selectFrom('boxes');
  if (kind === 'free') return q.where('boxes.free_level', 'is not', null);
  if (kind === 'user') return q.where('boxes.type', '=', 'custom');
  return q.where('boxes.free_level', 'is', null).where('boxes.type', '!=', 'custom');
}

function filtered(db: Db, f: BoxFilter) {
  let q = ofKind(db, f.kind);
  if (f.search) q = q.where(sql<boolean>`boxes.name ilike ${'%' + f.search.replace(/[\\%_]/g, (c) => `\\${c}`) + '%'}`);
  if (f.category) q = q.where('boxes.category', '=', f.category);
  if (f.type) q = q.where('boxes.type', '=', f.type);
  if (f.priceFrom !== undefined) q = q.where('boxes.price', '>=', f.priceFrom);
  if (f.priceTo !== undefined) q = q.where('boxes.price', '<=', f.priceTo);
  if (f.featured !== undefined) q = q.where('boxes.featured', '=', f.featured);
  if (f.creatorId !== undefined) q = q.where('boxes.creator_id', '=', f.creatorId);
  return q;
}

export async function listBoxes(db: Db, f: BoxFilter, page: PageRequest): Promise<{ rows: BoxRow[]; total: number }> {
  const { total } = await filtered(db, f).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let q = filtered(db, f).select(boxColumns);
  if (f.sort === 'popular') q = q.orderBy(openedCount, 'desc');
  else if (f.sort === 'new') q = q.orderBy('boxes.created_at', 'desc');
  else if (f.sort === 'price_asc') q = q.orderBy('boxes.price', 'asc');
  else if (f.sort === 'price_desc') q = q.orderBy('boxes.price', 'desc');
  else if (f.sort === 'name') q = q.orderBy('boxes.name', 'asc');
  if (f.kind === 'free') q = q.orderBy('boxes.free_level', 'asc');
  const rows = await q
    .orderBy('boxes.id', f.sort === 'new' ? 'desc' : 'asc')
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage)
    .execute();
  return { rows: rows as BoxRow[], total: Number(total) };
}

/** The items and odds of a box's current version. */
export async function boxItems(db: Db | Trx, boxId: number): Promise<BoxItemRow[]> {
  const box = await db.selectFrom('boxes').select('version_id').where('id', '=', boxId).executeTakeFirst();
  return box?.version_id ? versionItems(db, box.version_id) : [];
}

export async function findBox(db: Db | Trx, kind: BoxKind, slug: string): Promise<BoxWithItems | null> {
  const box = await filtered(db as Db, { kind, sort: 'popular' })
    .select(boxColumns)
    .where('boxes.slug', '=', slug)
    .executeTakeFirst();
  if (!box) return null;
  // The items of the version this very row names (immutable), not the box's current ones read a
  // moment later: a publish in between cannot pair one version's price with another's odds.
  return { ...(box as BoxRow), items: box.version_id === null ? [] : await versionItems(db, box.version_id) };
}

export function boxSummary(box: BoxRow, extra: { items_count?: number; creator?: { id: number; name: string } | null } = {}) {
  return {
    id: box.id,
    slug: box.slug,
    name: box.name,
    type: box.type,
    category: box.category,
    price: centsToCoins(box.price),
    img_url: boxImgUrl(box.slug),
    featured: box.featured,
    opened_count: box.opened_count,
    ...(box.free_level !== null ? { level: box.free_level } : {}),
    ...extra,
  };
}

export function itemSummary(item: { id: number; name: string; price: number; sale_price: number; rarity: string; photo: string | null; brand?: string; category?: string }) {
  return {
    id: item.id,
    name: item.name,
    ...(item.brand !== undefined ? { brand: item.brand } : {}),
    ...(item.category !== undefined ? { category: item.category } : {}),
    price: centsToCoins(item.price),
    sale_price: centsToCoins(item.sale_price),
    rarity: item.rarity,
    img_url: itemImgUrl(item),
  };
}

/** A box version's items as published: each with its odds and its ticket range. */
export function rangedItems(items: readonly BoxItemRow[]) {
  const ranges = ticketRanges(items.map((i) => i.odds_units));
  return items.map((item, k) => ({ ...itemSummary(item), odds: unitsToPercent(item.odds_units), odds_units: item.odds_units, ticket_from: ranges[k]!.from, ticket_to: ranges[k]!.to }));
}

export function boxDetail(box: BoxWithItems, extra: Record<string, unknown> = {}) {
  return { ...boxSummary(box), ...extra, items: rangedItems(box.items).map(({ odds_units: _units, ...item }) => item) };
}

export function pagedBoxes(rows: BoxRow[], total: number, page: PageRequest, path: string, query: Record<string, unknown>, extra?: (b: BoxRow) => Record<string, unknown>) {
  return paged(
    rows.map((b) => ({ ...boxSummary(b), ...(extra?.(b) ?? {}) })),
    total,
    page,
    path,
    query,
  );
}
