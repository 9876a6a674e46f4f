import type { Db } from '../db/database.ts';
import { LruMap } from '../lruMap.ts';
import { versionItems, type BoxItemRow } from './boxVersions.ts';
import { ofKind, type BoxKind, type BoxRow } from './catalog.ts';

// The boxes this process opens, kept so that a paid opening reads nothing before it joins the one
// statement that settles it (server/boxes/openingEffects.ts). Two parts, kept differently:
// - a version's items and odds never change (box versions are immutable: boxVersions.ts), so they
//   are kept by version id for good (bounded, least recently used first out);
// - a box's row (its name, current version and price) changes when an operator edits or publishes,
//   possibly on another node, so what is kept of it is only a guess: the settling statement's gate
//   lets an opening through only while the box row still names the kept version at the kept price
//   and name, and an opening it refuses goes the long way with the row read afresh (`fresh`), which
//   also replaces the guess. A box's kind (shop, player-made, free loot) and creator never change.

/** What an opening uses of a box: its row (no opening count) and its current version's items in ticket order. */
export type OpenableBox = Pick<BoxRow, 'id' | 'slug' | 'name' | 'price' | 'creator_id' | 'version_id'> & { items: BoxItemRow[] };

/** Boxes and versions kept: far more than a shop's catalog, bounded for the player-made ones. */
const MAX_BOXES = 20_000;
const MAX_VERSIONS = 20_000;

export function createOpenableBoxes(db: Db) {
  const boxes = new LruMap<string, OpenableBox>(MAX_BOXES);
  const versions = new LruMap<number, BoxItemRow[]>(MAX_VERSIONS);
  const key = (kind: BoxKind, slug: string) => `${kind}:${slug}`;

  async function itemsOf(versionId: number | null): Promise<BoxItemRow[]> {
    if (versionId === null) return [];
    const kept = versions.get(versionId);
    if (kept) return kept;
    const items = await versionItems(db, versionId);
    versions.set(versionId, items);
    return items;
  }

  /** The box as its row is now (null when no box of this kind has the slug), kept for the next opening. */
  async function fresh(kind: BoxKind, slug: string): Promise<OpenableBox | null> {
    const q = ofKind(db, kind).select(['id', 'slug', 'name', 'price', 'creator_id', 'version_id']).where('slug', '=', slug);
    const row = await q.executeTakeFirst();
    if (!row) {
      boxes.delete(key(kind, slug));
      return null;
    }
    const box: OpenableBox = { ...row, items: await itemsOf(row.version_id) };
    boxes.set(key(kind, slug), box);
    return box;
  }

  return {
    fresh,
    /** The box as last read by this process (the settling statement checks it against the row), else read now. */
    async kept(kind: BoxKind, slug: string): Promise<OpenableBox | null> {
      return boxes.get(key(kind, slug)) ?? fresh(kind, slug);
    },
  };
}

export type OpenableBoxes = ReturnType<typeof createOpenableBoxes>;
