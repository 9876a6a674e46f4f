import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { down, up } from '../../../server/db/migrations/0540_drop_names.ts';
import { createPlayer, createTestApp } from '../../helpers/testApp.ts';

// Drops recorded before the feed carried names get them from migration 0540: the player's name,
// the box's name, or the box's slug when the box is gone.

/** A migration takes the database untyped (it runs against any schema version). */
const untyped = (a: FastifyInstance) => a.db as unknown as Kysely<unknown>;

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('migration 0540 (drop names)', () => {
  it("fills the player's and the box's names of older drops", async () => {
    const player = await createPlayer(app, { name: 'Early Bird' });
    await down(untyped(app));
    await sql`insert into boxes (slug, name, type, category, price) values ('kept-box', 'Kept Box', 'standard', 'tech', 500)`.execute(app.db);
    for (const slug of ['kept-box', 'gone-box']) {
      await sql`insert into drops (user_id, box_slug, box_kind, box_img_url, item_name, item_rarity, item_img_url, item_price, item_sale_price)
        values (${player.id}, ${slug}, 'box', '/b.svg', 'Cap', 'common', '/i.svg', 100, 90)`.execute(app.db);
    }
    await up(untyped(app));
    const rows = await app.db.selectFrom('drops').select(['user_name', 'box_name']).orderBy('id').execute();
    expect(rows).toEqual([
      { user_name: 'Early Bird', box_name: 'Kept Box' },
      { user_name: 'Early Bird', box_name: 'gone-box' },
    ]);
  });
});
