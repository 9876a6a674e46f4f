import { sql } from 'kysely';
import { boxRtp, catalogBoxProblem } from '../../core/games/boxes.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import type { AdminBox, AdminBoxDetail, BoxCreateInputSchema, BoxDetailsInputSchema, BoxVersionInputSchema } from '../../core/protocol/adminCatalog.ts';
import type { z } from 'zod';
import { audit, type Actor } from '../admin/audit.ts';
import { fieldError, notFound } from '../http/errors.ts';
import type { Db } from '../db/database.ts';
import type { Trx } from '../wallet/wallet.ts';
import { boxImgUrl } from './catalog.ts';
import { slugify } from './catalog/items.ts';
import { catalogOptions, findAdminItem } from './itemEditor.ts';
import { listVersions, publishVersion } from './boxVersions.ts';
import { openedCount } from './openCounts.ts';

// The shop's boxes in the operator console (docs/operator-console.md, "Catalog and boxes"): a new
// box with its first version, its details (name, category, featured: nothing a player plays
// with), and new versions of its price, items and odds. A version is refused unless its odds sum
// to exactly 100 % and its RTP is within the limit (core/games/boxes.ts catalogBoxProblem, the
// rule the editor shows live). Player-made boxes are their creators' and are not edited here.

export type BoxVersionValues = z.output<typeof BoxVersionInputSchema>;
export type BoxDetailsValues = z.output<typeof BoxDetailsInputSchema>;
export type BoxCreateValues = z.output<typeof BoxCreateInputSchema>;

const searchTerm = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function shopBoxes(db: Db | Trx, search?: string) {
  let q = db.selectFrom('boxes').where('boxes.type', '!=', 'custom');
  if (search) q = q.where(sql<boolean>`boxes.name ilike ${searchTerm(search)}`);
  return q;
}

function boxesQuery(db: Db | Trx, search?: string) {
  return shopBoxes(db, search)
    .leftJoin('box_versions as v', 'v.id', 'boxes.version_id')
    .select(['boxes.id', 'boxes.slug', 'boxes.name', 'boxes.type', 'boxes.category', 'boxes.featured', 'boxes.free_level', 'boxes.price', openedCount.as('opened_count'), 'v.id as version_id', 'v.number as version_number'])
    .select((eb) => [
      eb.selectFrom('box_items as bi').select((e) => e.fn.countAll<string>().as('n')).whereRef('bi.box_id', '=', 'boxes.id').as('items_count'),
      // The expected value of one opening at today's item prices, in cents.
      eb.selectFrom('box_items as bi').innerJoin('items as it', 'it.id', 'bi.item_id').select(sql<string>`coalesce(sum(it.price * bi.odds_units), 0)`.as('ev')).whereRef('bi.box_id', '=', 'boxes.id').as('weighted'),
    ]);
}

type BoxQueryRow = Awaited<ReturnType<ReturnType<typeof boxesQuery>['executeTakeFirstOrThrow']>>;

function toAdminBox(r: BoxQueryRow): AdminBox {
  const price = Number(r.price);
  return {
    id: Number(r.id),
    slug: r.slug,
    name: r.name,
    type: r.type,
    category: r.category,
    featured: r.featured,
    free_level: r.free_level,
    price: centsToCoins(price),
    img_url: boxImgUrl(r.slug),
    opened_count: Number(r.opened_count),
    version: r.version_id === null ? null : { id: Number(r.version_id), number: Number(r.version_number) },
    items_count: Number(r.items_count ?? 0),
    // Σ price × units over ODDS_TOTAL, as boxRtp computes it from one weighted sum.
    rtp: boxRtp([{ price: Number(r.weighted ?? 0), oddsUnits: 1 }], price),
  };
}

export async function listAdminBoxes(db: Db, search: string | undefined, page: { limit: number; offset: number }): Promise<{ rows: AdminBox[]; total: number }> {
  const { n } = await shopBoxes(db, search).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await boxesQuery(db, search).orderBy('boxes.id', 'desc').limit(page.limit).offset(page.offset).execute();
  return { rows: rows.map(toAdminBox), total: Number(n) };
}

export async function findAdminBox(db: Db | Trx, id: number): Promise<AdminBoxDetail | null> {
  const row = await boxesQuery(db).where('boxes.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const lines = await db.selectFrom('box_items').select(['item_id', 'odds_units']).where('box_id', '=', id).orderBy('position').execute();
  const items = [];
  for (const line of lines) items.push({ ...(await findAdminItem(db, Number(line.item_id)))!, odds_units: line.odds_units });
  const versions = await listVersions(db as Db, id);
  return {
    ...toAdminBox(row),
    items,
    versions: versions.map((v) => ({ ...v, price: centsToCoins(v.price), created_at: v.created_at.toISOString(), items: v.items.map((i) => ({ ...i, item_price: centsToCoins(i.item_price) })) })),
  };
}

/** A version's fields as the audit log keeps them. */
function auditedVersion(v: { number: number; price: number; items: readonly { item_id: number; odds_units: number }[] }) {
  return { version: v.number, price: centsToCoins(v.price), items: v.items.map((i) => ({ item_id: i.item_id, odds_units: i.odds_units })) };
}

/** Checks a version against the items' prices as they are now (share-locked until commit, so no price edit slips in). */
async function checkVersion(trx: Trx, input: BoxVersionValues): Promise<void> {
  const ids = input.items.map((i) => i.item_id);
  if (new Set(ids).size !== ids.length) throw fieldError('items', 'Each item may appear only once.');
  const found = ids.length ? await trx.selectFrom('items').select(['id', 'price']).where('id', 'in', ids).forShare().execute() : [];
  if (found.length !== ids.length) throw fieldError('items', 'Some of the chosen items do not exist.');
  const price = new Map(found.map((f) => [Number(f.id), Number(f.price)]));
  const problem = catalogBoxProblem(
    input.items.map((i) => ({ price: price.get(i.item_id)!, oddsUnits: i.odds_units })),
    input.price,
  );
  if (problem) throw fieldError('items', problem);
}

async function publishChecked(trx: Trx, actor: Actor, boxId: number, input: BoxVersionValues) {
  await checkVersion(trx, input);
  return publishVersion(trx, boxId, { price: input.price, items: input.items.map((i) => ({ itemId: i.item_id, oddsUnits: i.odds_units })) }, actor.userId);
}

function checkCategory(category: string): void {
  const { box_categories: allowed } = catalogOptions();
  if (!allowed.includes(category)) throw fieldError('category', `The category is one of ${allowed.join(', ')}.`);
}

export async function createBox(db: Db, actor: Actor, input: BoxCreateValues): Promise<number> {
  checkCategory(input.category);
  const slug = slugify(input.name).slice(0, 60);
  if (!slug) throw fieldError('name', 'The name needs letters or digits (it makes the box’s address).');
  return db.transaction().execute(async (trx) => {
    // A taken address (even by a create at the same moment) is the operator's to change.
    const box = await trx
      .insertInto('boxes')
      .values({ slug, name: input.name, type: input.type, category: input.category, price: input.price, featured: input.featured, free_level: null, creator_id: null })
      .onConflict((oc) => oc.column('slug').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!box) throw fieldError('name', `A box already has the address /boxes/${slug}: choose another name.`);
    const version = await publishChecked(trx, actor, Number(box.id), input);
    await audit(trx, actor, {
      action: 'box.create',
      targetKind: 'box',
      targetId: Number(box.id),
      after: { slug, name: input.name, type: input.type, category: input.category, featured: input.featured, ...auditedVersion({ number: version.number, price: input.price, items: input.items }) },
    });
    return Number(box.id);
  });
}

async function lockShopBox(trx: Trx, id: number) {
  const box = await trx.selectFrom('boxes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!box) throw notFound('No box has this id.');
  if (box.type === 'custom') throw fieldError('box', 'A player-made box is its creator’s: it is not edited here.');
  return box;
}

export async function updateBoxDetails(db: Db, actor: Actor, id: number, input: BoxDetailsValues): Promise<void> {
  checkCategory(input.category);
  await db.transaction().execute(async (trx) => {
    const box = await lockShopBox(trx, id);
    await trx.updateTable('boxes').set({ name: input.name, category: input.category, featured: input.featured }).where('id', '=', id).execute();
    await audit(trx, actor, { action: 'box.update', targetKind: 'box', targetId: id, before: { name: box.name, category: box.category, featured: box.featured }, after: input });
  });
}

/** Publishes a new version of a shop box; answers its number. Openings and battles from before keep theirs. */
export async function publishBoxVersion(db: Db, actor: Actor, id: number, input: BoxVersionValues): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const box = await lockShopBox(trx, id);
    const before = box.version_id === null ? null : await trx.selectFrom('box_versions').select(['number', 'price']).where('id', '=', box.version_id).executeTakeFirstOrThrow();
    const beforeItems = await trx.selectFrom('box_items').select(['item_id', 'odds_units']).where('box_id', '=', id).orderBy('position').execute();
    const version = await publishChecked(trx, actor, id, input);
    await audit(trx, actor, {
      action: 'box.publish',
      targetKind: 'box',
      targetId: id,
      before: before && auditedVersion({ number: before.number, price: Number(before.price), items: beforeItems.map((i) => ({ item_id: Number(i.item_id), odds_units: i.odds_units })) }),
      after: auditedVersion({ number: version.number, price: input.price, items: input.items }),
    });
    return version.number;
  });
}
