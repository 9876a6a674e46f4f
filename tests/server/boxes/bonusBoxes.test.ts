import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createPostgresTestApp, createTestApp, hasPostgres } from '../../helpers/testApp.ts';
import { seedCatalog, ownedCount, expectLedgerBalanced } from '../../helpers/boxes.ts';
import { BONUS_BOX_MSG } from '../../../server/routes/api/bonusBoxes.ts';

// GET /api/free-boxes/bonus and POST /api/free-boxes/bonus/{id}/open: the free box a promotion
// (winter35) granted with a deposit opens once, for free, only for its owner (docs/community.md).

async function grant(app: FastifyInstance, userId: number): Promise<number> {
  const row = await app.db.insertInto('entitlements').values({ user_id: userId, kind: 'free_box', source: 'promo:winter35', reference: 'invoice:1' }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

describe('bonus boxes', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    await seedCatalog(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists the unopened bonus box, opens it once at no charge, and hides it afterwards', async () => {
    const p = await createPlayer(app, { deposited: 500 });
    const id = await grant(app, p.id);
    const list = await app.inject({ method: 'GET', url: '/api/free-boxes/bonus', headers: p.headers });
    expect(list.json().data).toEqual([expect.objectContaining({ id, source: 'winter35' })]);
    const open = await app.inject({ method: 'POST', url: `/api/free-boxes/bonus/${id}/open`, headers: p.headers });
    expect(open.statusCode).toBe(200);
    expect(open.json().data.openings).toHaveLength(1);
    expect(open.json().data.balance).toBe(5);
    expect(await ownedCount(app, p.id)).toBe(1);
    const again = await app.inject({ method: 'POST', url: `/api/free-boxes/bonus/${id}/open`, headers: p.headers });
    expect(again.statusCode).toBe(422);
    expect(again.json().msg).toBe(BONUS_BOX_MSG.opened);
    expect((await app.inject({ method: 'GET', url: '/api/free-boxes/bonus', headers: p.headers })).json().data).toEqual([]);
    await expectLedgerBalanced(app);
  });

  it('another player\'s bonus box is 404; an unverified player is asked to verify first', async () => {
    const owner = await createPlayer(app, { deposited: 500, verified: false });
    const other = await createPlayer(app, { deposited: 500 });
    const id = await grant(app, owner.id);
    expect((await app.inject({ method: 'POST', url: `/api/free-boxes/bonus/${id}/open`, headers: other.headers })).statusCode).toBe(404);
    const unverified = await app.inject({ method: 'POST', url: `/api/free-boxes/bonus/${id}/open`, headers: owner.headers });
    expect(unverified.statusCode).toBe(422);
    expect(unverified.json().msg).toBe('Please verify your email address to open free boxes.');
  });
});

describe.runIf(hasPostgres)('bonus boxes on PostgreSQL', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createPostgresTestApp();
    await seedCatalog(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('ten parallel openings of one bonus box open it once', async () => {
    const p = await createPlayer(app, { deposited: 500 });
    const id = await grant(app, p.id);
    const results = await Promise.all(Array.from({ length: 10 }, () => app.inject({ method: 'POST', url: `/api/free-boxes/bonus/${id}/open`, headers: p.headers })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(9);
    expect(await ownedCount(app, p.id)).toBe(1);
  });
});
