import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, createPlayer } from '../../helpers/testApp.ts';
import { seedCatalog } from '../../helpers/boxes.ts';
import { createCrashApp } from '../../helpers/crashRounds.ts';
import { catalogItem } from '../games/upgrade/upgradeHelpers.ts';
import { crashMsToReach } from '../../../core/games/crash.ts';
import { minesBoard } from '../../../core/fair/index.ts';
import { activeSeedPair } from '../../helpers/queries.ts';

// Every answer that settles a bet for its player carries the bet's public id (docs/transparency.md,
// "Share"): the game page shares /bets/{public_id} on a big win. Each game's answer, through the
// routes, must open GET /api/bets/:id on that very bet: its game, stake and payout.

type Player = Awaited<ReturnType<typeof createPlayer>>;
let app: FastifyInstance;
let player: Player;

beforeAll(async () => {
  app = await createTestApp();
  await seedCatalog(app);
  player = await createPlayer(app, { balance: 1_000_000 });
});
afterAll(() => app?.close());

const post = (url: string, payload: object, on: FastifyInstance = app) => on.inject({ method: 'POST', url, headers: player.headers, payload });

/** The public page of `publicId` is the bet the answer settled: its game, stake and payout (coins). */
async function expectBetPage(publicId: unknown, bet: { game: string; stake: number; payout: number }, on: FastifyInstance = app) {
  expect(publicId).toMatch(/^[0-9a-f]{32}$/);
  const page = await on.inject({ method: 'GET', url: `/api/bets/${String(publicId)}` });
  expect(page.statusCode).toBe(200);
  expect(page.json().data).toMatchObject({ public_id: publicId, ...bet });
}

describe('the game answers link to their bet pages', () => {
  it('dice, limbo and plinko (the instant bets settled in one statement)', async () => {
    const dice = (await post('/api/dice/bet', { amount: 1, target: 50, direction: 'over' })).json().data;
    await expectBetPage(dice.public_id, { game: 'dice', stake: 1, payout: dice.payout });
    const limbo = (await post('/api/limbo/bet', { amount: 2, target: 1.5 })).json().data;
    await expectBetPage(limbo.public_id, { game: 'limbo', stake: 2, payout: limbo.payout });
    const plinko = (await post('/api/plinko/bet', { amount: 3, rows: 8, risk: 'low' })).json().data;
    await expectBetPage(plinko.public_id, { game: 'plinko', stake: 3, payout: plinko.payout });
    // Two bets, two pages.
    const again = (await post('/api/dice/bet', { amount: 1, target: 50, direction: 'over' })).json().data;
    expect(again.public_id).not.toBe(dice.public_id);
    await expectBetPage(again.public_id, { game: 'dice', stake: 1, payout: again.payout });
  });

  it('an upgrade (the wallet transaction)', async () => {
    const target = await catalogItem(app, 400);
    const upgrade = (await post('/api/upgrade', { inventory_ids: [], amount: 2, target_item_id: target })).json().data;
    await expectBetPage(upgrade.public_id, { game: 'upgrade', stake: 2, payout: upgrade.win ? 4 : 0 });
  });

  it('a Mines board once it has ended, lost or cashed out; none while it is open', async () => {
    const started = (await post('/api/mines/bet', { amount: 1, mines: 3 })).json().data;
    expect(started.public_id).toBeNull();
    const pair = await activeSeedPair(app.db, player.id);
    const mines = minesBoard(pair.server_seed, pair.client_seed, started.nonce, 3);
    const safe = Array.from({ length: 25 }, (_, t) => t).find((t) => !mines.includes(t))!;
    const turned = (await post('/api/mines/reveal', { tile: safe })).json().data;
    expect(turned.public_id).toBeNull();
    const cashed = (await post('/api/mines/cashout', {})).json().data;
    await expectBetPage(cashed.public_id, { game: 'mines', stake: 1, payout: cashed.payout });

    const next = (await post('/api/mines/bet', { amount: 1, mines: 3 })).json().data;
    const lost = (await post('/api/mines/reveal', { tile: minesBoard(pair.server_seed, pair.client_seed, next.nonce, 3)[0] })).json().data;
    expect(lost.status).toBe('lost');
    await expectBetPage(lost.public_id, { game: 'mines', stake: 1, payout: 0 });
  });

  it('each opening of a box, its own page', async () => {
    const opened = (await post('/api/boxes/gift-card-grab/open', { quantity: 2 })).json().data;
    expect(opened.openings).toHaveLength(2);
    const [first, second] = opened.openings;
    expect(first.public_id).not.toBe(second.public_id);
    for (const o of opened.openings) {
      const page = (await app.inject({ method: 'GET', url: `/api/bets/${o.public_id}` })).json().data;
      expect(page).toMatchObject({ public_id: o.public_id, game: 'box', payout: o.item.price });
      expect(page.replay).toMatchObject({ item_id: o.item.id });
    }
  });

  it("a crash cash-out's answer", async () => {
    const crash = await createCrashApp();
    try {
      const round = await crash.nextBettingRound((c) => c >= 1.5);
      const p = await createPlayer(crash.app, { balance: 10_000 });
      expect((await crash.app.inject({ method: 'POST', url: '/api/crash/bet', headers: p.headers, payload: { amount: 2 } })).statusCode).toBe(200);
      await crash.advanceTo(round.startsAt + crashMsToReach(120));
      const paid = (await crash.app.inject({ method: 'POST', url: '/api/crash/close-bet', headers: p.headers, payload: { multiplier: 1.13 } })).json().data;
      expect(paid).toMatchObject({ multiplier: 1.13, payout: 2.26 });
      await expectBetPage(paid.public_id, { game: 'crash', stake: 2, payout: 2.26 }, crash.app);
      await crash.finishRound(round);
    } finally {
      await crash.app.close();
    }
  });
});
