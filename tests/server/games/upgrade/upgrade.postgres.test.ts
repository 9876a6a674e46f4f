import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { expectLedgerBalanced } from '../../../helpers/ledger.ts';
import { createPlayer, createPostgresTestApp, hasPostgres } from '../../../helpers/testApp.ts';
import { catalogItem, giveItem, inventoryOf } from './upgradeHelpers.ts';
import { betsOf } from '../../../helpers/queries.ts';

// Races on real PostgreSQL (PGlite is one connection and cannot race): upgrades of one player
// sent at the same moment. An inventory item is consumed by exactly one of them, the others get
// the documented 422 on inventory_ids and change nothing; balance-only upgrades never spend more
// than the balance. Every accepted upgrade has its own nonce; at most one target item per win.
describe.runIf(hasPostgres)('upgrade on PostgreSQL under concurrency', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createPostgresTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  function upgrade(headers: Record<string, string>, payload: { inventory_ids: number[]; amount: number; target_item_id: number }) {
    return app.inject({ method: 'POST', url: '/api/upgrade', headers, payload });
  }

  type Player = Awaited<ReturnType<typeof createPlayer>>;
  type Accepted = { win: boolean; nonce: number; item?: { id: number } };

  /** The books, the bets and the inventory agree with the accepted upgrades. */
  async function expectConsistent(userId: number, startCents: number, targetId: number, accepted: Accepted[]) {
    const bets = await betsOf(app.db, userId, 'upgrade');
    expect(bets).toHaveLength(accepted.length);
    expect(new Set(bets.map((b) => b.nonce)).size).toBe(bets.length);
    const debited = bets.reduce((sum, b) => sum + Number((b.params as { amount: number }).amount), 0);
    expect(await app.wallet.balance(userId)).toBe(startCents - debited);
    const targets = (await inventoryOf(app, userId)).filter((r) => r.item_id === targetId);
    expect(targets.map((r) => r.id).sort()).toEqual(accepted.filter((a) => a.win).map((a) => a.item!.id).sort());
    await expectLedgerBalanced(app);
  }

  /** Rounds of racing upgrades of one player (10-coin inputs, one target); each round answers the upgrade that passed. */
  async function raceRounds(o: { balance: number; targetCents: number; rounds: number }, round: (p: Player, newInput: () => Promise<number>, target: number) => Promise<Accepted>) {
    const p = await createPlayer(app, { balance: o.balance });
    const input = await catalogItem(app, 1_000);
    const target = await catalogItem(app, o.targetCents);
    const accepted = [];
    for (let i = 0; i < o.rounds; i++) accepted.push(await round(p, () => giveItem(app, p.id, input), target));
    await expectConsistent(p.id, o.balance, target, accepted);
  }

  it('two upgrades of the same item at once: one consumes it, the other is a 422 and changes nothing (30 rounds)', async () => {
    await raceRounds({ balance: 100_000, targetCents: 3_000, rounds: 30 }, async (p, newInput, target) => {
      const shared = await newInput();
      // Each also puts in a little balance, so a loser that had debited would show in the books.
      const results = await Promise.all([upgrade(p.headers, { inventory_ids: [shared], amount: 1, target_item_id: target }), upgrade(p.headers, { inventory_ids: [shared], amount: 2, target_item_id: target })]);
      const ok = results.filter((r) => r.statusCode === 200);
      const refused = results.filter((r) => r.statusCode !== 200);
      expect(ok, results.map((r) => r.body).join('\n')).toHaveLength(1);
      expect(refused[0]!.statusCode).toBe(422);
      expect(refused[0]!.json()).toEqual({ message: 'This item is no longer in your inventory.', errors: { inventory_ids: ['This item is no longer in your inventory.'] } });
      expect((await inventoryOf(app, p.id)).find((r) => r.id === shared)!.state).toBe('consumed');
      const bets = (await betsOf(app.db, p.id, 'upgrade')).filter((b) => (b.params as { inventory_ids: number[] }).inventory_ids.includes(shared));
      expect(bets).toHaveLength(1);
      return ok[0]!.json().data;
    });
  });

  it('overlapping multi-item upgrades in opposite orders: one wins the items, none deadlocks (20 rounds)', async () => {
    await raceRounds({ balance: 0, targetCents: 4_000, rounds: 20 }, async (p, newInput, target) => {
      const a = await newInput();
      const b = await newInput();
      const results = await Promise.all([upgrade(p.headers, { inventory_ids: [a, b], amount: 0, target_item_id: target }), upgrade(p.headers, { inventory_ids: [b, a], amount: 0, target_item_id: target })]);
      expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([200, 422]);
      expect(results.find((r) => r.statusCode === 422)!.json().errors.inventory_ids).toEqual(['Some of these items are no longer in your inventory.']);
      const states = (await inventoryOf(app, p.id)).filter((r) => r.id === a || r.id === b).map((r) => r.state);
      expect(states).toEqual(['consumed', 'consumed']);
      return results.find((r) => r.statusCode === 200)!.json().data;
    });
  });

  it('20 balance-only upgrades of 3 coins at once on a 10-coin balance: exactly 3 pass, the rest are 422 on amount', async () => {
    const p = await createPlayer(app, { balance: 1_000 });
    const target = await catalogItem(app, 1_000); // 3 / 10 × 0.95 = 28.5 %
    const results = await Promise.all(Array.from({ length: 20 }, () => upgrade(p.headers, { inventory_ids: [], amount: 3, target_item_id: target })));
    const ok = results.filter((r) => r.statusCode === 200).map((r) => r.json().data);
    expect(ok).toHaveLength(3);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(422);
      expect(r.json()).toEqual({ message: 'Insufficient balance', errors: { amount: ['Insufficient balance'] } });
    }
    expect(await app.wallet.balance(p.id)).toBe(100);
    await expectConsistent(p.id, 1_000, target, ok);
  });
});
