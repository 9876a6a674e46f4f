import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { betHour, windowFilter } from './hours.ts';
import { RTP_BAND_Z, RTP_MIN_BETS } from '../../core/protocol/adminReports.ts';
import { TRANSPARENCY_WINDOWS, type BoxDropRow, type BoxDrops, type TransparencyWindow } from '../../core/protocol/transparency.ts';

// Per box on the transparency page (docs/transparency.md, "Per box"): each box's odds table and how
// often each item dropped against how often its odds say it should have. Counted from the journal's
// settled box openings (free ones too: every opening draws by the odds), each against the odds of the
// box version it was played with. Cached per UTC hour in `box_drop_hours` (migration 2300), which the
// page's refresh (transparency.ts) recomputes for the same marked hours as `bet_hours`; the page
// reads the cache, the versions' odds (box_version_items, immutable) and the names.
//
// The band: an item of odds p over n openings drops a binomial count, mean n·p, standard deviation
// √(n·p·(1 − p)) (summed over versions when the box was republished); as for the games, a count is
// flagged outside ± RTP_BAND_Z of them and only on at least RTP_MIN_BETS openings. Each item is its
// own test: a box of ten fair items leaves a band about 3 times in 100 (ten tests at 3 in 1000).

/**
 * The statement that recomputes the drops of the marked hours `hours`: per hour, that hour's box rows
 * by the journal's (game, time) index. `offset 0` keeps the per-hour subquery as it is written (a
 * planner that pulled it up could read every box row and filter the hours after).
 */
export function boxDropsRecomputeQuery(hours: readonly string[]) {
  return sql`insert into box_drop_hours (hour, version_id, item_id, drops)
    select ${betHour}, i.box_version_id, i.item_id, count(*)::int
    from unnest(${sql.val([...hours])}::timestamp[]) h(hour)
    cross join lateral (select placed_at, ref_id from bets where game = 'box' and status = 'settled'
      and placed_at >= h.hour at time zone 'UTC' and placed_at < (h.hour + interval '1 hour') at time zone 'UTC' offset 0) b
    join inventory_items i on i.id = b.ref_id
    where i.box_version_id is not null
    group by 1, 2, 3`;
}

export interface VersionDrops {
  span: TransparencyWindow;
  version_id: number;
  item_id: number;
  drops: number;
}

/** Each window's drops per version and item, from the cache alone. */
export function boxDropsWindowsQuery(now: Date) {
  const sums = (w: TransparencyWindow) =>
    sql`select ${w}::text as span, version_id::int as version_id, item_id::int as item_id, sum(drops)::int as drops from box_drop_hours where ${windowFilter(w, now)} group by version_id, item_id`;
  return sql<VersionDrops>`${sql.join(TRANSPARENCY_WINDOWS.map(sums), sql` union all `)}`;
}

export interface VersionOdds {
  version_id: number;
  box_id: number;
  item_id: number;
  odds_units: number;
}

export interface Names {
  boxes: ReadonlyMap<number, { slug: string; name: string }>;
  items: ReadonlyMap<number, string>;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** One window's boxes from its drops and the odds of the versions played: pure, so the arithmetic is tested alone. */
export function boxDropRows(drops: readonly Omit<VersionDrops, 'span'>[], odds: readonly VersionOdds[], names: Names): BoxDrops[] {
  const versionBox = new Map(odds.map((o) => [o.version_id, o.box_id]));
  const totals = new Map<number, number>();
  for (const o of odds) totals.set(o.version_id, (totals.get(o.version_id) ?? 0) + o.odds_units);
  const openings = new Map<number, number>();
  for (const d of drops) openings.set(d.version_id, (openings.get(d.version_id) ?? 0) + d.drops);

  type Tally = { drops: number; expected: number; variance: number };
  const boxes = new Map<number, { openings: number; items: Map<number, Tally> }>();
  const boxOf = (boxId: number) => boxes.get(boxId) ?? boxes.set(boxId, { openings: 0, items: new Map() }).get(boxId)!;
  const tallyOf = (items: Map<number, Tally>, itemId: number) => items.get(itemId) ?? items.set(itemId, { drops: 0, expected: 0, variance: 0 }).get(itemId)!;
  for (const [versionId, n] of openings) {
    const boxId = versionBox.get(versionId);
    if (boxId !== undefined) boxOf(boxId).openings += n;
  }
  for (const o of odds) {
    const n = openings.get(o.version_id) ?? 0;
    if (n === 0) continue;
    const p = o.odds_units / totals.get(o.version_id)!;
    const t = tallyOf(boxOf(o.box_id).items, o.item_id);
    t.expected += n * p;
    t.variance += n * p * (1 - p);
  }
  // A drop of an item its version does not list (never, unless the odds served were not the ones published) expects 0.
  for (const d of drops) {
    const boxId = versionBox.get(d.version_id);
    if (boxId !== undefined) tallyOf(boxOf(boxId).items, d.item_id).drops += d.drops;
  }

  return [...boxes]
    .filter(([, b]) => b.openings > 0)
    .map(([boxId, b]) => {
      const items: BoxDropRow[] = [...b.items]
        .map(([itemId, t]) => {
          const band = Math.ceil(RTP_BAND_Z * Math.sqrt(t.variance) * 100) / 100;
          const drift = t.drops - t.expected;
          return {
            item_id: itemId,
            name: names.items.get(itemId) ?? `Item ${itemId}`,
            odds: round((t.expected / b.openings) * 100, 3),
            drops: t.drops,
            expected: round(t.expected, 2),
            drift: round(drift, 2),
            band,
            flagged: b.openings >= RTP_MIN_BETS && Math.abs(drift) > band,
          };
        })
        .sort((x, y) => y.odds - x.odds || x.name.localeCompare(y.name));
      const box = names.boxes.get(boxId) ?? { slug: String(boxId), name: `Box ${boxId}` };
      return { box_id: boxId, slug: box.slug, name: box.name, openings: b.openings, flagged: items.some((i) => i.flagged), items };
    })
    .sort((x, y) => y.openings - x.openings || x.name.localeCompare(y.name));
}

/** Every window's boxes as of `now`, from the cache (brought up to date by the caller's refresh). */
export async function boxDropsByWindow(db: Db, now: Date): Promise<Record<TransparencyWindow, BoxDrops[]>> {
  const { rows } = await boxDropsWindowsQuery(now).execute(db);
  const versionIds = [...new Set(rows.map((r) => r.version_id))];
  const odds =
    versionIds.length === 0
      ? []
      : await db
          .selectFrom('box_version_items as vi')
          .innerJoin('box_versions as v', 'v.id', 'vi.version_id')
          .select(['vi.version_id', 'v.box_id', 'vi.item_id', 'vi.odds_units'])
          .where('vi.version_id', 'in', versionIds)
          .execute();
  const boxIds = [...new Set(odds.map((o) => Number(o.box_id)))];
  const itemIds = [...new Set([...odds.map((o) => Number(o.item_id)), ...rows.map((r) => r.item_id)])];
  const [boxes, items] = await Promise.all([
    boxIds.length === 0 ? [] : db.selectFrom('boxes').select(['id', 'slug', 'name']).where('id', 'in', boxIds).execute(),
    itemIds.length === 0 ? [] : db.selectFrom('items').select(['id', 'name']).where('id', 'in', itemIds).execute(),
  ]);
  const names: Names = { boxes: new Map(boxes.map((b) => [Number(b.id), { slug: b.slug, name: b.name }])), items: new Map(items.map((i) => [Number(i.id), i.name])) };
  const versionOdds = odds.map((o) => ({ version_id: Number(o.version_id), box_id: Number(o.box_id), item_id: Number(o.item_id), odds_units: o.odds_units }));
  return Object.fromEntries(TRANSPARENCY_WINDOWS.map((w) => [w, boxDropRows(rows.filter((r) => r.span === w), versionOdds, names)])) as Record<TransparencyWindow, BoxDrops[]>;
}
