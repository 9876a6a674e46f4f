import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { boxRtp, CATALOG_BOX_LIMITS, formatRtp, salePriceCents } from '../../core/games/boxes.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import { DIGITAL_CATEGORIES, isShippable } from '../../core/protocol/shipping.ts';
import type { AdminItem, CatalogOptions, ItemInputSchema } from '../../core/protocol/adminCatalog.ts';
import type { z } from 'zod';
import { audit, type Actor } from '../admin/audit.ts';
import { fieldError, notFound } from '../http/errors.ts';
import type { Db } from '../db/database.ts';
import type { Trx } from '../wallet/wallet.ts';
import { SHAPES } from './art/productShapes.ts';
import { CATEGORIES, slugify } from './catalog/items.ts';
import { itemSummary } from './catalog.ts';

// Creating and editing catalog items from the operator console (docs/operator-console.md, "Catalog
// and boxes"). The sale price follows the price (SALE_SHARE, core/games/boxes.ts), digital or
// physical follows the category (DIGITAL_CATEGORIES, the shipping rule), the picture is one of our
// product drawings (art_kind) or the one its category and name give, unless an operator uploaded a
// photo of the product (setItemPhoto; the files: itemPhotos.ts).
//
// What players hold keeps its worth: the shop values an owned item at its catalog row when it is
// sold or staked (server/inventory/inventory.ts), so while any player holds the item (owned, or in a
// delivery on its way) its price, its digital or physical kind and its size list cannot change; the
// operator makes a new item instead. The check runs under a lock on the item row that every new
// inventory row of it waits for (its foreign key), so no opening slips in between.

export type ItemInputValues = z.output<typeof ItemInputSchema>;

export function catalogOptions(): CatalogOptions {
  return {
    categories: [...CATEGORIES],
    digital_categories: [...DIGITAL_CATEGORIES],
    art_kinds: Object.keys(SHAPES),
    box_categories: [...CATEGORIES, 'mixed'],
  };
}

// A reveal held for review ('in_review') may come back to 'owned': the item stays as the player won it.
const HELD_STATES = ['owned', 'withdrawn', 'in_review'] as const;

function itemsQuery(db: Db | Trx) {
  return db
    .selectFrom('items')
    .select(['items.id', 'items.slug', 'items.name', 'items.brand', 'items.category', 'items.price', 'items.sale_price', 'items.rarity', 'items.size_kind', 'items.art_kind', 'items.photo'])
    .select((eb) => [
      eb.selectFrom('inventory_items as i').select((e) => e.fn.countAll<string>().as('n')).whereRef('i.item_id', '=', 'items.id').where('i.state', 'in', HELD_STATES).as('held'),
      eb.selectFrom('box_items as bi').select((e) => e.fn.countAll<string>().as('n')).whereRef('bi.item_id', '=', 'items.id').as('boxes'),
    ]);
}

type ItemQueryRow = Awaited<ReturnType<ReturnType<typeof itemsQuery>['executeTakeFirstOrThrow']>>;

function toAdminItem(r: ItemQueryRow): AdminItem {
  return {
    ...itemSummary({ ...r, id: Number(r.id), price: Number(r.price), sale_price: Number(r.sale_price) }),
    slug: r.slug,
    brand: r.brand,
    category: r.category,
    size_kind: r.size_kind,
    art_kind: r.art_kind,
    photo: r.photo !== null,
    digital: !isShippable(r.category),
    held: Number(r.held ?? 0),
    boxes: Number(r.boxes ?? 0),
  };
}

const searchTerm = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listAdminItems(db: Db, search: string | undefined, page: { limit: number; offset: number }): Promise<{ rows: AdminItem[]; total: number }> {
  const where = search ? sql<boolean>`(items.name ilike ${searchTerm(search)} or items.brand ilike ${searchTerm(search)})` : sql<boolean>`true`;
  const { n } = await db.selectFrom('items').select((eb) => eb.fn.countAll<string>().as('n')).where(where).executeTakeFirstOrThrow();
  const rows = await itemsQuery(db).where(where).orderBy('items.id', 'desc').limit(page.limit).offset(page.offset).execute();
  return { rows: rows.map(toAdminItem), total: Number(n) };
}

export async function findAdminItem(db: Db | Trx, id: number): Promise<AdminItem | null> {
  const row = await itemsQuery(db).where('items.id', '=', id).executeTakeFirst();
  return row ? toAdminItem(row) : null;
}

/** The item's fields as the audit log keeps them. */
function audited(item: { name: string; brand: string; category: string; price: number; rarity: string; size_kind: string | null; art_kind: string | null }) {
  return { name: item.name, brand: item.brand, category: item.category, price: centsToCoins(item.price), rarity: item.rarity, size_kind: item.size_kind, art_kind: item.art_kind };
}

function checkInput(input: ItemInputValues): void {
  if (!(CATEGORIES as readonly string[]).includes(input.category)) throw fieldError('category', `The category is one of ${CATEGORIES.join(', ')}.`);
  if (input.art_kind !== null && !Object.hasOwn(SHAPES, input.art_kind)) throw fieldError('art_kind', 'Pick one of the listed pictures.');
  if (input.size_kind !== null && !isShippable(input.category)) throw fieldError('size_kind', 'A digital item is a code: it has no sizes.');
}

export async function createItem(db: Db, actor: Actor, input: ItemInputValues): Promise<AdminItem> {
  checkInput(input);
  return db.transaction().execute(async (trx) => {
    const base = slugify(`${input.brand} ${input.name}`).slice(0, 80) || 'item';
    const values = { name: input.name, brand: input.brand, category: input.category, price: input.price, sale_price: salePriceCents(input.price), rarity: input.rarity, size_kind: input.size_kind, art_kind: input.art_kind };
    // The name's slug, or (taken, even by a create at the same moment) the slug with a random tail.
    const insert = (slug: string) => trx.insertInto('items').values({ slug, ...values }).onConflict((oc) => oc.column('slug').doNothing()).returning('id').executeTakeFirst();
    const row = (await insert(base)) ?? (await insert(`${base}-${randomBytes(4).toString('hex')}`));
    if (!row) throw fieldError('name', 'Please try again.');
    await audit(trx, actor, { action: 'item.create', targetKind: 'item', targetId: Number(row.id), after: audited(input) });
    return (await findAdminItem(trx, Number(row.id)))!;
  });
}

export async function updateItem(db: Db, actor: Actor, id: number, input: ItemInputValues): Promise<AdminItem> {
  checkInput(input);
  return db.transaction().execute(async (trx) => {
    // FOR UPDATE waits for every transaction that is adding an inventory row or a box version of
    // this item (their foreign keys share-lock the row) and keeps new ones out until we commit.
    const before = await trx.selectFrom('items').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('No item has this id.');
    const priceChanges = Number(before.price) !== input.price;
    const worthChanges = priceChanges || isShippable(before.category) !== isShippable(input.category) || before.size_kind !== input.size_kind;
    if (worthChanges) {
      const held = await trx.selectFrom('inventory_items').select((eb) => eb.fn.countAll<string>().as('n')).where('item_id', '=', id).where('state', 'in', HELD_STATES).executeTakeFirstOrThrow();
      if (Number(held.n) > 0) {
        const field = priceChanges ? 'price' : before.size_kind !== input.size_kind ? 'size_kind' : 'category';
        throw fieldError(field, `Players hold ${held.n} of this item: its price, sizes and digital or physical kind stay as they are while they do. Create a new item instead.`);
      }
    }
    if (priceChanges) await refuseRtpAbove(trx, id, input.price);
    await trx
      .updateTable('items')
      .set({ name: input.name, brand: input.brand, category: input.category, price: input.price, sale_price: salePriceCents(input.price), rarity: input.rarity, size_kind: input.size_kind, art_kind: input.art_kind })
      .where('id', '=', id)
      .execute();
    await audit(trx, actor, { action: 'item.update', targetKind: 'item', targetId: id, before: audited({ ...before, price: Number(before.price) }), after: audited(input) });
    return (await findAdminItem(trx, id))!;
  });
}

/**
 * Shows the item with an uploaded photo (the hash its renditions are stored under, itemPhotos.ts),
 * or with its drawing again (null). Audited when it changes; the same photo again changes nothing.
 */
export async function setItemPhoto(db: Db, actor: Actor, id: number, photo: string | null): Promise<AdminItem> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('items').select('photo').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('No item has this id.');
    if (before.photo !== photo) {
      await trx.updateTable('items').set({ photo }).where('id', '=', id).execute();
      await audit(trx, actor, { action: photo ? 'item.photo' : 'item.photo_remove', targetKind: 'item', targetId: id, before: { photo: before.photo }, after: { photo } });
    }
    return (await findAdminItem(trx, id))!;
  });
}

/** A new price may not lift a box whose current version holds the item above the RTP limit. */
async function refuseRtpAbove(trx: Trx, itemId: number, price: number): Promise<void> {
  const rows = await trx
    .selectFrom('box_items as bi')
    .innerJoin('boxes as b', 'b.id', 'bi.box_id')
    .innerJoin('box_items as other', 'other.box_id', 'b.id')
    .innerJoin('items as it', 'it.id', 'other.item_id')
    .select(['b.id', 'b.name', 'b.price', 'other.item_id', 'other.odds_units', 'it.price as item_price'])
    .where('bi.item_id', '=', itemId)
    .execute();
  const byBox = new Map<number, { name: string; price: number; items: { price: number; oddsUnits: number }[] }>();
  for (const r of rows) {
    const box = byBox.get(Number(r.id)) ?? { name: r.name, price: Number(r.price), items: [] };
    box.items.push({ price: Number(r.item_id) === itemId ? price : Number(r.item_price), oddsUnits: r.odds_units });
    byBox.set(Number(r.id), box);
  }
  for (const box of byBox.values()) {
    const rtp = boxRtp(box.items, box.price);
    if (rtp > CATALOG_BOX_LIMITS.maxRtp) throw fieldError('price', `At this price the box ${box.name} would return ${formatRtp(rtp)} to players (at most ${formatRtp(CATALOG_BOX_LIMITS.maxRtp)}). Publish it at a higher price first.`);
  }
}
