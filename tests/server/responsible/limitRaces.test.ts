import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createPlayer, createPostgresTestApp, createTestApp, hasPostgres } from '../../helpers/testApp.ts';
import { seedCatalog } from '../../helpers/boxes.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';

// Nothing crosses a limit under 50 parallel requests: each player's stakes (and deposits) lock their
// responsible_gaming row, so the checks run one after another and each sees the ones before it.
// On PGlite (one connection: transactions serialized) and on PostgreSQL (real concurrency).

const N = 50;
type Player = Awaited<ReturnType<typeof createPlayer>>;

const backends = [
  { name: 'PGlite', run: true, make: async () => createTestApp() },
  { name: 'PostgreSQL', run: hasPostgres, make: async () => createPostgresTestApp() },
];

for (const backend of backends) {
  describe.runIf(backend.run)(`limits under ${N} parallel requests on ${backend.name}`, () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await backend.make();
      await seedCatalog(app);
    });
    afterAll(async () => {
      if (app) await expectLedgerBalanced(app);
      await app?.close();
    });
    const send = (player: Player, method: 'POST' | 'PUT', url: string, payload: object) => app.inject({ method, url, headers: player.headers, payload });
    const parallel = (count: number, request: (i: number) => Promise<{ statusCode: number }>) => Promise.all(Array.from({ length: count }, (_, i) => request(i)));
    /** The player's stakes less refunds, and wins, from the ledger (cents). */
    async function played(userId: number) {
      const { rows } = await sql<{ staked: string; won: string }>`
        select coalesce(-sum(e.amount) filter (where e.reason like '%\\_bet' or e.reason in ('box_open', 'user_box_open', 'battle_stake')), 0) as staked,
               coalesce(sum(e.amount) filter (where e.reason like '%\\_win'), 0) as won
        from ledger_entries e join accounts a on a.id = e.account_id where a.user_id = ${userId}`.execute(app.db);
      return { staked: Number(rows[0]!.staked), won: Number(rows[0]!.won) };
    }

    it('a wager limit of 10 coins lets exactly ten 1-coin dice and plinko bets through', async () => {
      const player = await createPlayer(app, { balance: 1000_00 });
      expect((await send(player, 'PUT', '/api/profile/responsible-gaming/limits', { kind: 'wager', period: 'day', amount: 10 })).statusCode).toBe(200);
      const answers = await parallel(N, (i) => (i % 2 ? send(player, 'POST', '/api/dice/bet', { amount: 1, target: 50, direction: 'under' }) : send(player, 'POST', '/api/plinko/bet', { amount: 1, rows: 8, risk: 'low' })));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
      expect(answers.every((a) => [200, 422].includes(a.statusCode))).toBe(true);
      expect((await played(player.id)).staked).toBe(10_00);
    });

    it('a loss limit of 5 coins: stakes less wins never pass it, whatever the order of wins and losses', async () => {
      const player = await createPlayer(app, { balance: 1000_00 });
      await send(player, 'PUT', '/api/profile/responsible-gaming/limits', { kind: 'loss', period: 'day', amount: 5 });
      const answers = await parallel(N, (i) => send(player, 'POST', '/api/dice/bet', { amount: 1, target: i % 3 ? 50 : 90, direction: 'under' }));
      expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(5);
      const { staked, won } = await played(player.id);
      expect(staked - won).toBeLessThanOrEqual(5_00);
      // The worst case of each bet let through was losing its stake: the last accepted bet fitted.
      expect(await app.wallet.balance(player.id)).toBeGreaterThanOrEqual(1000_00 - 5_00);
    });

    it('a deposit limit of 50 coins lets exactly ten 5-coin checkouts open (card and skins)', async () => {
      const player = await createPlayer(app);
      await send(player, 'PUT', '/api/profile/responsible-gaming/limits', { kind: 'deposit', period: 'week', amount: 50 });
      const answers = await parallel(N, (i) => send(player, 'POST', i % 2 ? '/api/deposit/zen/redirect' : '/api/deposit/skinsback/redirect', { amount: 5 }));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
      const invoices = await app.db.selectFrom('invoices').select('amount').where('user_id', '=', player.id).execute();
      expect(invoices.reduce((sum, i) => sum + Number(i.amount), 0)).toBe(50_00);
    });

    it('box openings against a wager limit and a cool-off taken in the middle of them: nothing after it', async () => {
      const player = await createPlayer(app, { balance: 1000_00 });
      const box = await app.db.selectFrom('boxes').select(['slug', 'price']).where('free_level', 'is', null).where('creator_id', 'is', null).orderBy('price').executeTakeFirstOrThrow();
      await send(player, 'PUT', '/api/profile/responsible-gaming/limits', { kind: 'wager', period: 'month', amount: (box.price * 3) / 100 });
      const answers = await parallel(N, (i) => (i === N / 2 ? send(player, 'POST', '/api/profile/responsible-gaming/exclusion', { choice: 'cool_off_7d' }) : send(player, 'POST', `/api/boxes/${box.slug}/open`, { quantity: 1 })));
      const opened = answers.filter((a, i) => i !== N / 2 && a.statusCode === 200).length;
      expect(opened).toBeLessThanOrEqual(3);
      expect((await played(player.id)).staked).toBe(opened * box.price);
      const after = await send(player, 'POST', `/api/boxes/${box.slug}/open`, { quantity: 1 });
      expect(after.statusCode).toBe(422);
    });
  });
}
