import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../../../server/app.ts';
import { testConfig } from '../../../helpers/testConfig.ts';
import { createBattleRounds } from '../../../../server/games/battles/battleRounds.ts';
import { BATTLE_REFUSALS } from '../../../../server/games/battles/battles.ts';
import { publishVersion } from '../../../../server/boxes/boxVersions.ts';
import { expectLedgerBalanced } from '../../../helpers/ledger.ts';
import { createPlayer, createPostgresTestApp, hasPostgres, hasRedis } from '../../../helpers/testApp.ts';
import { createScratchDatabase } from '../../../helpers/scratchDatabase.ts';
import { coinsToCents } from '../../../../core/money/cents.ts';
import { connected, listen, pusherClient, subscribed } from '../../../helpers/realtimeClients.ts';
import { seedCatalog } from '../../../helpers/boxes.ts';
import { detailOf, expectBattleReDerives, FAST_BATTLES, shopBoxes, waitForStatus } from '../../../helpers/battles.ts';

// Battles under concurrency on real PostgreSQL (PGlite is one connection and cannot race):
// the last seat goes to exactly one of ten players and only its stake moves; a join racing the
// creator's cancel ends one way or the other with every cent accounted for; the books balance.
describe.runIf(hasPostgres)('battles on PostgreSQL under concurrency', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createPostgresTestApp(FAST_BATTLES);
    await seedCatalog(app);
  });
  afterAll(async () => {
    await app.close();
  });
  const post = (url: string, headers: Record<string, string>, payload: unknown = {}) => app.inject({ method: 'POST', url, headers, payload: payload as object });

  it('ten players race for the last seat: exactly one gets it, only its stake moves (5 rounds)', async () => {
    const [box] = await shopBoxes(app, 1);
    for (let round = 0; round < 5; round++) {
      const creator = await createPlayer(app, { balance: box!.price });
      const id = (await post('/api/battles/create', creator.headers, { boxes: [{ slug: box!.slug, quantity: 1 }], mode: '1v1' })).json().data.id;
      const racers = await Promise.all(Array.from({ length: 10 }, () => createPlayer(app, { balance: box!.price })));
      const answers = await Promise.all(racers.map((p) => post(`/api/battles/${id}/join`, p.headers)));
      const won = answers.flatMap((a, i) => (a.statusCode === 200 ? [i] : []));
      expect(won, answers.map((a) => a.body).join('\n')).toHaveLength(1);
      for (const [i, a] of answers.entries()) if (i !== won[0]) expect([BATTLE_REFUSALS.full, BATTLE_REFUSALS.started]).toContain(a.json().data.msg);
      const balances = await Promise.all(racers.map((p) => app.wallet.balance(p.id)));
      expect(balances.filter((b) => b === 0)).toHaveLength(1);
      expect(balances[won[0]!]).toBe(0);
      const d = await detailOf(app, id);
      expect(d.seats.map((s) => s.user?.id)).toEqual([creator.id, racers[won[0]!]!.id]);
      // Started: its one 300 ms round may already be over on a loaded machine.
      expect(['running', 'ended']).toContain(d.status);
    }
    await expectLedgerBalanced(app);
  });

  it('join ∥ cancel of the last seat: either wins, and every cent is accounted for (20 rounds)', async () => {
    const [box] = await shopBoxes(app, 1);
    const outcomes = { joined: 0, canceled: 0 };
    for (let round = 0; round < 20; round++) {
      const creator = await createPlayer(app, { balance: box!.price });
      const second = await createPlayer(app, { balance: box!.price });
      const last = await createPlayer(app, { balance: box!.price });
      const id = (await post('/api/battles/create', creator.headers, { boxes: [{ slug: box!.slug, quantity: 1 }], mode: '1v1v1' })).json().data.id;
      await post(`/api/battles/${id}/join`, second.headers);
      const [join, cancel] = await Promise.all([post(`/api/battles/${id}/join`, last.headers), post(`/api/battles/${id}/cancel`, creator.headers)]);
      const players = [creator, second, last];
      const balances = await Promise.all(players.map((p) => app.wallet.balance(p.id)));
      const status = (await detailOf(app, id)).status;
      if (join.statusCode === 200) {
        outcomes.joined += 1;
        expect(cancel.json().data.msg).toBe(BATTLE_REFUSALS.started);
        expect(['running', 'ended']).toContain(status);
        expect(balances).toEqual([0, 0, 0]);
      } else {
        outcomes.canceled += 1;
        expect(cancel.statusCode).toBe(200);
        expect(join.json().data.msg).toBe(BATTLE_REFUSALS.canceled);
        expect(status).toBe('canceled');
        expect(balances).toEqual([box!.price, box!.price, box!.price]);
      }
      // The stakes the ledger holds for this battle equal the seats that stayed paid.
      const held = await sql<{ s: string | null }>`select sum(amount)::text as s from ledger_entries l join accounts a on a.id = l.account_id where a.kind = 'user' and l.reference = ${`battle:${id}`}`.execute(app.db);
      expect(0 - Number(held.rows[0]!.s) || 0).toBe(join.statusCode === 200 ? 3 * box!.price : 0);
    }
    expect(outcomes.joined + outcomes.canceled).toBe(20);
    await expectLedgerBalanced(app);
  });

  it('join ∥ expiry and join ∥ a new version of the box: the battle starts or is refunded, never both (10 rounds each)', async () => {
    const [box] = await shopBoxes(app, 1);
    const current = async () => {
      const b = await app.db.selectFrom('boxes').select(['price', 'version_id']).where('id', '=', box!.id).executeTakeFirstOrThrow();
      const items = await app.db.selectFrom('box_version_items').select(['item_id', 'odds_units']).where('version_id', '=', b.version_id!).orderBy('position').execute();
      return { price: Number(b.price), items: items.map((i) => ({ itemId: Number(i.item_id), oddsUnits: i.odds_units })) };
    };
    for (let round = 0; round < 20; round++) {
      const creator = await createPlayer(app, { balance: box!.price });
      const last = await createPlayer(app, { balance: box!.price });
      const id = (await post('/api/battles/create', creator.headers, { boxes: [{ slug: box!.slug, quantity: 1 }], mode: '1v1' })).json().data.id as number;
      const byExpiry = round % 2 === 0;
      if (byExpiry) await app.db.updateTable('battles').set({ expires_at: new Date(app.clock.now()) }).where('id', '=', id).execute();
      // The other half: the same odds published again as a new version (the box plays on unchanged for the other tests).
      const refund = byExpiry ? () => app.battles.sweepWaiting(app.clock.now()) : async () => publishVersion(app.db, box!.id, await current(), null);
      const [join] = await Promise.all([post(`/api/battles/${id}/join`, last.headers), refund()]);
      const status = (await detailOf(app, id)).status;
      const balances = await Promise.all([creator, last].map((p) => app.wallet.balance(p.id)));
      if (join.statusCode === 200) {
        expect(['running', 'ended']).toContain(status);
        expect(balances).toEqual([0, 0]);
      } else {
        expect(join.json().data.msg).toBe(byExpiry ? BATTLE_REFUSALS.expired : BATTLE_REFUSALS.boxChanged);
        // Refused only once canceled: by the sweep, or by the join itself finding the new version.
        expect(await detailOf(app, id)).toMatchObject({ status: 'canceled', canceled_reason: byExpiry ? 'expired' : 'box_changed' });
        expect(await Promise.all([creator, last].map((p) => app.wallet.balance(p.id)))).toEqual([box!.price, box!.price]);
      }
      const held = await sql<{ s: string | null }>`select sum(amount)::text as s from ledger_entries l join accounts a on a.id = l.account_id where a.kind = 'user' and l.reference = ${`battle:${id}`}`.execute(app.db);
      expect(0 - Number(held.rows[0]!.s) || 0).toBe(join.statusCode === 200 ? 2 * box!.price : 0);
    }
    await expectLedgerBalanced(app);
  });

  it('a finished battle re-derives from its revealed seeds; the ledger sums to every balance', async () => {
    const boxes = await shopBoxes(app, 2);
    const p = await createPlayer(app, { balance: 10_000_000 });
    const id = (await post('/api/battles/create', p.headers, { boxes: boxes.map((b) => ({ slug: b.slug, quantity: 2 })), mode: '3v3' })).json().data.id;
    await post(`/api/battles/${id}/add-bots`, p.headers, { bots: 5 });
    const d = await waitForStatus(app, id, 'ended');
    await expectBattleReDerives(app, d);
    await expectLedgerBalanced(app);
  });

  it('60 3v3 battles of one player with five bots each re-derive through core’s rule; the player does not take the best item in every team win', { timeout: 120_000 }, async () => {
    // The attack of hardening 2: with ties in the split going to the lowest seat the creator always
    // took the battle's best item when its team won, and these battles returned 148 % of the stakes.
    // What a seat returns is core's rule (battleOutcome, the tie-break, splitPrize in the seeds' split
    // order), measured over 25,000 simulated battles per box and mode in
    // tests/core/games/battleReturns.test.ts; here every battle the app played must re-derive through
    // that same rule from its revealed seeds (expectBattleReDerives), so an app that paid otherwise
    // fails, and the old rule shows as the creator taking the best item in every team win.
    const BATTLES = 60;
    const box = await app.db.selectFrom('boxes').select(['slug', 'price']).where('slug', '=', 'budget-bonanza').executeTakeFirstOrThrow();
    const p = await createPlayer(app, { balance: BATTLES * Number(box.price) });
    const ids: number[] = [];
    for (let i = 0; i < BATTLES; i += 20) {
      ids.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(20, BATTLES - i) }, async () => {
            const id = (await post('/api/battles/create', p.headers, { boxes: [{ slug: box.slug, quantity: 1 }], mode: '3v3' })).json().data.id as number;
            expect((await post(`/api/battles/${id}/add-bots`, p.headers, { bots: 5 })).statusCode).toBe(200);
            return id;
          }),
        )),
      );
    }
    // Team wins whose best item was one seat's alone, and how many of those the creator took.
    let uniqueBestWins = 0;
    let creatorTookBest = 0;
    for (const id of ids) {
      const d = await waitForStatus(app, id, 'ended', 120_000);
      await expectBattleReDerives(app, d);
      if (d.winner!.team !== 0) continue;
      const results = d.rounds[0]!.results;
      const best = results.reduce((a, b) => (coinsToCents(b.item.price)! > coinsToCents(a.item.price)! ? b : a));
      if (!results.every((r) => r.seat === best.seat || r.item.price < best.item.price)) continue;
      uniqueBestWins += 1;
      if (d.winner!.awards.find((a) => a.seat === best.seat)!.to_seat === 0) creatorTookBest += 1;
    }
    // About 25 such wins (half the battles are the creator's team's, 83 % of them with a unique best
    // item): the fair rule gives the creator a third of them, the old rule all. All of n by chance is
    // 3⁻ⁿ: under 1 in 6,500 even at the floor of 8, which itself is 4.5 standard deviations below 25.
    expect(uniqueBestWins, 'team wins with a unique best item').toBeGreaterThanOrEqual(8);
    expect(creatorTookBest, `${creatorTookBest} of ${uniqueBestWins}`).toBeLessThan(uniqueBestWins);
    await expectLedgerBalanced(app);
  });
});

// Two nodes on one database and one Redis, each running the round loop whenever it leads: a
// battle's steps are announced once and it ends exactly once, also when the leader stops mid-battle
// and the other node resumes it; even two loops forced to run at once announce each step once.
describe.runIf(hasPostgres && hasRedis)('battles on two nodes', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  const nodes: FastifyInstance[] = [];
  const ports: number[] = [];

  beforeAll(async () => {
    database = await createScratchDatabase('shop_battles');
    const env = { DATABASE_URL: database.url.toString(), REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_PREFIX: `test-${randomUUID()}:`, LEADER_POLL_MS: '100', ...FAST_BATTLES, BATTLE_ROUND_MS: '600', BATTLE_SPIN_MS: '400', BATTLE_START_DELAY_MS: '300' };
    // The start delay (3 s in production) lets the joining node's playerJoined and battleStarted
    // reach Redis before the leader's first round: without it the viewer's order is a race.
    for (let i = 0; i < 2; i += 1) {
      const node = await buildApp(testConfig(env), { seed: false });
      nodes.push(node);
      ports.push(await listen(node));
    }
    await seedCatalog(nodes[0]!);
  }, 60_000);

  afterAll(async () => {
    for (const node of nodes) await node.close().catch(() => {});
    await database.drop();
  });

  it('events reach a viewer on the other node once each; the leader stops mid-battle, the other node ends it exactly once', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    const [box] = await shopBoxes(a, 1);
    const p = await createPlayer(a, { balance: 100 * box!.price });
    const id = (await a.inject({ method: 'POST', url: '/api/battles/create', headers: p.headers, payload: { boxes: [{ slug: box!.slug, quantity: 6 }], mode: '1v1' } })).json().data.id as number;
    const leader = a.realtime.leader.isLeader() ? a : b;
    const follower = leader === a ? b : a;
    const viewer = pusherClient(ports[nodes.indexOf(follower)]!);
    const seen: string[] = [];
    try {
      await connected(viewer);
      const channel = viewer.subscribe(`battle-${id}`);
      expect(await subscribed(channel)).toEqual({ result: 'ok' });
      channel.bind_global((event: string, data: { round?: { round: number } | number }) => {
        // battleCreated was published before this subscription; through Redis it may still arrive after it.
        if (event.startsWith('pusher:') || event === 'battleCreated') return;
        const round = typeof data.round === 'number' ? data.round : data.round?.round;
        seen.push(round === undefined ? event : `${event}:${round}`);
      });
      await a.inject({ method: 'POST', url: `/api/battles/${id}/add-bots`, headers: p.headers, payload: { bots: 1 } });
      // Let two rounds play, then stop the leader: the other node takes the lock and resumes.
      await new Promise((r) => setTimeout(r, 1300));
      await leader.close();
      const d = await waitForStatus(follower, id, 'ended', 30_000);
      await expectBattleReDerives(follower, d);
      await new Promise((r) => setTimeout(r, 300));
      const expected = ['playerJoined', 'battleStarted', ...Array.from({ length: 6 }, (_, i) => [`battleRoundStarted:${i + 1}`, `battleRoundEnded:${i + 1}`]).flat(), 'battleEnded'];
      expect(seen).toEqual(expected);
      const awarded = await follower.db.selectFrom('battle_rolls').select(['inventory_item_id']).where('battle_id', '=', id).execute();
      const awardedIds = awarded.flatMap((r) => (r.inventory_item_id ? [r.inventory_item_id] : []));
      // A bot that wins takes no inventory rows: then there is nothing to look up.
      const inventory = awardedIds.length ? await follower.db.selectFrom('inventory_items').select('id').where('id', 'in', awardedIds).execute() : [];
      expect(inventory.length).toBe(awarded.filter((r) => r.inventory_item_id !== null).length);
      await expectLedgerBalanced(follower);
    } finally {
      viewer.disconnect();
    }
  }, 60_000);

  it('two loops forced to run at once still claim every step and the end once', async () => {
    const node = nodes[1]!;
    const [box] = await shopBoxes(node, 1);
    const p = await createPlayer(node, { balance: 100 * box!.price });
    const id = (await node.inject({ method: 'POST', url: '/api/battles/create', headers: p.headers, payload: { boxes: [{ slug: box!.slug, quantity: 3 }], mode: '1v1' } })).json().data.id as number;
    // Listen before the battle starts: this node may lead, and its own loop can announce round 1
    // as soon as the last seat fills.
    const events: string[] = [];
    const off = node.bus.subscribe((m) => {
      if (m.channel === `battle-${id}`) events.push(m.event);
    });
    await node.inject({ method: 'POST', url: `/api/battles/${id}/add-bots`, headers: p.headers, payload: { bots: 1 } });
    const loops = [createBattleRounds(node), createBattleRounds(node), createBattleRounds(node)];
    const ends: boolean[] = [];
    const far = Date.now() + 60_000;
    // This node leads, so its own loop competes for the steps too; a forced loop stops at a step
    // another loop claimed, so they go round until the battle has ended.
    for (let i = 0; i < 20 && (await detailOf(node, id)).status !== 'ended'; i++) await Promise.all(loops.map((l) => l.advance(far)));
    ends.push(...(await Promise.all(loops.map((l) => l.end(id)))));
    await new Promise((r) => setTimeout(r, 500)); // a step is published just after its claim
    off();
    expect(ends.filter(Boolean).length).toBeLessThanOrEqual(1);
    expect((await detailOf(node, id)).status).toBe('ended');
    const counts = (e: string) => events.filter((x) => x === e).length;
    expect([counts('battleRoundStarted'), counts('battleRoundEnded'), counts('battleEnded')]).toEqual([3, 3, 1]);
  });
});
