import { sql } from 'kysely';
import { boxRtp } from '../../core/games/boxes.ts';
import type { Db } from '../db/database.ts';
import type { Trx } from '../wallet/wallet.ts';
import type { Selectable } from 'kysely';
import type { BoxesTables } from './schema.ts';

/** An item of a box version: the catalog item (without its timestamp) and its odds in the version. */
export type BoxItemRow = Omit<Selectable<BoxesTables['items']>, 'created_at' | 'size_kind' | 'art_kind'> & Pick<BoxesTables['box_items'], 'odds_units'>;

// Box versions (migration 1010, docs/operator-console.md "Catalog and boxes"): a box's price, items
// and odds are published as one immutable version and the box points at its current one. An
// opening and a battle round record the version they were played with, and every later reading of
// them (the battle's start, a verify link) reads that version's own rows, never the box's current
// ones. The seed, player-made boxes and the console all publish through `publishVersion`.

export interface VersionItemInput {
  itemId: number;
  /** Integer units out of ODDS_TOTAL. */
  oddsUnits: number;
}

export interface PublishedVersion {
  id: number;
  number: number;
}

/**
 * Publishes the next version of a box and makes it current, inside the caller's transaction. The
 * box row is locked first, so two publishes of one box take turns (numbers 1, 2, … without gaps)
 * and an opening reading the box sees either version whole. The items' prices are recorded as the
 * version's (its RTP is what it was published with). Rules are the caller's (seed, player-made box,
 * console): this only writes.
 */
export async function publishVersion(trx: Trx | Db, boxId: number, input: { price: number; items: readonly VersionItemInput[] }, createdBy: number | null): Promise<PublishedVersion> {
  await trx.selectFrom('boxes').select('id').where('id', '=', boxId).forUpdate().executeTakeFirstOrThrow();
  const last = await trx.selectFrom('box_versions').select((eb) => eb.fn.max('number').as('n')).where('box_id', '=', boxId).executeTakeFirst();
  const number = Number(last?.n ?? 0) + 1;
  const ids = input.items.map((i) => i.itemId);
  const prices = new Map(ids.length ? (await trx.selectFrom('items').select(['id', 'price']).where('id', 'in', ids).execute()).map((r) => [Number(r.id), Number(r.price)]) : []);
  const version = await trx.insertInto('box_versions').values({ box_id: boxId, number, price: input.price, created_by: createdBy }).returning('id').executeTakeFirstOrThrow();
  if (input.items.length) {
    await trx
      .insertInto('box_version_items')
      .values(input.items.map((item, position) => ({ version_id: version.id, position, item_id: item.itemId, odds_units: item.oddsUnits, item_price: prices.get(item.itemId)! })))
      .execute();
  }
  await trx.updateTable('boxes').set({ version_id: version.id, price: input.price }).where('id', '=', boxId).execute();
  return { id: Number(version.id), number };
}

/** The items and odds of one version, in its ticket order, with the items' catalog rows. */
export async function versionItems(db: Db | Trx, versionId: number): Promise<BoxItemRow[]> {
  return db
    .selectFrom('box_version_items as v')
    .innerJoin('items', 'items.id', 'v.item_id')
    .select(['items.id', 'items.slug', 'items.name', 'items.brand', 'items.category', 'items.price', 'items.sale_price', 'items.rarity', 'items.photo', 'v.odds_units'])
    .where('v.version_id', '=', versionId)
    .orderBy('v.position')
    .execute();
}

export interface VersionSummary {
  id: number;
  number: number;
  /** Cents. */
  price: number;
  items: Array<{ item_id: number; name: string; odds_units: number; item_price: number }>;
  /** The RTP the version was published with (its recorded item prices). */
  rtp: number;
  created_at: Date;
  /** The staff member who published it; null for the seed, a player-made box's creation or an ops command. */
  created_by: string | null;
  openings: number;
  current: boolean;
}

/** A box's versions, newest first, each with its items as published and how many openings used it. */
export async function listVersions(db: Db, boxId: number): Promise<VersionSummary[]> {
  const rows = await db
    .selectFrom('box_versions as bv')
    .innerJoin('boxes as b', 'b.id', 'bv.box_id')
    .leftJoin('users as u', 'u.id', 'bv.created_by')
    .select(['bv.id', 'bv.number', 'bv.price', 'bv.created_at', 'u.name as creator', sql<boolean>`b.version_id = bv.id`.as('current')])
    .select((eb) => eb.selectFrom('inventory_items as i').select((e) => e.fn.countAll<string>().as('n')).whereRef('i.box_version_id', '=', 'bv.id').as('openings'))
    .where('bv.box_id', '=', boxId)
    .orderBy('bv.number', 'desc')
    .execute();
  const ids = rows.map((r) => Number(r.id));
  const items = ids.length
    ? await db
        .selectFrom('box_version_items as v')
        .innerJoin('items', 'items.id', 'v.item_id')
        .select(['v.version_id', 'v.item_id', 'items.name', 'v.odds_units', 'v.item_price'])
        .where('v.version_id', 'in', ids)
        .orderBy('v.version_id')
        .orderBy('v.position')
        .execute()
    : [];
  return rows.map((r) => {
    const own = items.filter((i) => Number(i.version_id) === Number(r.id)).map((i) => ({ item_id: Number(i.item_id), name: i.name, odds_units: i.odds_units, item_price: Number(i.item_price) }));
    return {
      id: Number(r.id),
      number: r.number,
      price: Number(r.price),
      items: own,
      rtp: boxRtp(
        own.map((i) => ({ price: i.item_price, oddsUnits: i.odds_units })),
        Number(r.price),
      ),
      created_at: new Date(r.created_at),
      created_by: r.creator ?? null,
      openings: Number(r.openings ?? 0),
      current: Boolean(r.current),
    };
  });
}

/** One version with its box, for the fairness pages' verify links (public: every version was published). */
export async function findVersion(db: Db, versionId: number) {
  const row = await db
    .selectFrom('box_versions as bv')
    .innerJoin('boxes as b', 'b.id', 'bv.box_id')
    .select(['bv.id', 'bv.number', 'bv.price', 'bv.created_at', 'b.slug', 'b.name', 'b.type', 'b.version_id'])
    .where('bv.id', '=', versionId)
    .executeTakeFirst();
  if (!row) return null;
  return { ...row, id: Number(row.id), price: Number(row.price), current: Number(row.version_id) === Number(row.id), items: await versionItems(db, versionId) };
}
