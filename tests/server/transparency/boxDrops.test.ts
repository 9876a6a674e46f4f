import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createPlayer } from '../../helpers/testApp.ts';
import { catalogAppForFile } from '../../helpers/boxes.ts';
import { computeTransparency } from '../../../server/transparency/transparency.ts';
import type { BoxDrops, TransparencyAnswer } from '../../../core/protocol/transparency.ts';

// Per box on /transparency (docs/transparency.md, "Per box"): real openings of a shop box through its
// API, some of them moved three days back. Each window lists the box with exactly the openings and
// per-item drops the inventory holds for it, each item's expected count = openings × its published
// odds. Then the box's stored odds are tampered (its version's odds no longer the ones the openings
// were drawn with): the item that dropped most is now published as nearly never dropping, and the
// page flags it outside its band. An opening's public page also carries its replay's inputs.

const fixture = catalogAppForFile();
const SLUG = 'gift-card-grab';
const OPENINGS = 120; // above RTP_MIN_BETS (100): a drift can be flagged

/** The inventory's own count of the box's openings per item placed after `since`. */
async function inventoryCounts(since: string) {
  const { rows } = await sql<{ item_id: number; n: number }>`select i.item_id::int as item_id, count(*)::int as n from bets b join inventory_items i on i.id = b.ref_id
    join boxes x on x.id = i.box_id where b.game = 'box' and b.status = 'settled' and x.slug = ${SLUG} and b.placed_at >= ${since}::timestamptz group by i.item_id`.execute(fixture.app.db);
  return new Map(rows.map((r) => [r.item_id, r.n]));
}

const boxIn = (data: TransparencyAnswer['data'], window: string): BoxDrops | undefined => data.windows.find((w) => w.window === window)!.boxes.find((b) => b.slug === SLUG);

describe('per box drops on the transparency page', () => {
  it('counts each item exactly against openings × odds per window, and flags a box whose odds were tampered', async () => {
    const { app } = fixture;
    const player = await createPlayer(app, { balance: 100_000_000 });
    for (let n = 0; n < OPENINGS / 5; n += 1) {
      const opened = await app.inject({ method: 'POST', url: `/api/boxes/${SLUG}/open`, headers: player.headers, payload: { quantity: 5 } });
      expect(opened.statusCode, opened.body).toBe(200);
    }
    // An opening's public page carries its replay's inputs: the version it was played with and the item it gave.
    const first = (await sql<{ public_id: string; item_id: number; version: number }>`select b.public_id, i.item_id::int as item_id, i.box_version_id::int as version
      from bets b join inventory_items i on i.id = b.ref_id where b.game = 'box' order by b.id limit 1`.execute(app.db)).rows[0]!;
    const page = await app.inject({ method: 'GET', url: `/api/bets/${first.public_id}` });
    expect(page.json().data.replay).toEqual({ game: 'box', box_version: first.version, item_id: first.item_id });

    // Ten openings three days back: in "7 days", not in "24 hours".
    await sql`update bets set placed_at = now() - interval '3 days' where id in (select id from bets where game = 'box' order by id limit 10)`.execute(app.db);

    const res = await app.inject({ method: 'GET', url: '/api/transparency' });
    expect(res.statusCode, res.body).toBe(200);
    const data = (res.json() as TransparencyAnswer).data;
    const odds = await sql<{ item_id: number; odds_units: number }>`select item_id::int as item_id, odds_units from box_items bi join boxes b on b.id = bi.box_id where b.slug = ${SLUG}`.execute(app.db);
    const dayStart = (await sql<{ t: string }>`select (date_trunc('hour', now() at time zone 'UTC') at time zone 'UTC' - interval '23 hours')::text as t`.execute(app.db)).rows[0]!.t;
    for (const [window, since, openings] of [['24h', dayStart, OPENINGS - 10], ['7d', '-infinity', OPENINGS], ['all', '-infinity', OPENINGS]] as const) {
      const box = boxIn(data, window)!;
      expect(box, window).toBeDefined();
      expect(box.openings, window).toBe(openings);
      const counts = await inventoryCounts(since);
      expect(box.items.map((i) => i.item_id).sort()).toEqual(odds.rows.map((o) => o.item_id).sort());
      for (const item of box.items) {
        const units = odds.rows.find((o) => o.item_id === item.item_id)!.odds_units;
        expect({ window, item: item.item_id, drops: item.drops, expected: item.expected, odds: item.odds }).toEqual({
          window,
          item: item.item_id,
          drops: counts.get(item.item_id) ?? 0,
          expected: Math.round(openings * (units / 100_000) * 100) / 100,
          odds: units / 1000,
        });
      }
      expect(box.items.reduce((sum, i) => sum + i.drops, 0)).toBe(openings);
    }

    // The tamper: the version's stored odds changed under the openings (the immutable trigger set aside, as only a
    // tamperer would): the most dropped item now says 0.001 %, its odds moved to the least dropped one.
    const all = boxIn(data, 'all')!;
    const most = all.items.reduce((a, b) => (b.drops > a.drops ? b : a));
    const least = all.items.reduce((a, b) => (b.drops < a.drops ? b : a));
    await sql`alter table box_version_items disable trigger box_version_items_immutable`.execute(app.db);
    await sql`update box_version_items vi set odds_units = case when vi.item_id = ${most.item_id} then 1 else vi.odds_units + ${Math.round(most.odds * 1000) - 1} end
      from boxes b where b.slug = ${SLUG} and vi.version_id = b.version_id and vi.item_id in (${most.item_id}, ${least.item_id})`.execute(app.db);
    await sql`alter table box_version_items enable trigger box_version_items_immutable`.execute(app.db);
    const tampered = boxIn(await computeTransparency(app.db, new Date()), 'all')!;
    expect(tampered.flagged).toBe(true);
    const flagged = tampered.items.find((i) => i.item_id === most.item_id)!;
    expect(flagged).toMatchObject({ drops: most.drops, odds: 0.001, flagged: true });
    expect(Math.abs(flagged.drift)).toBeGreaterThan(flagged.band);
  });
});
