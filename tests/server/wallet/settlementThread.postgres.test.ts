import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createSettlementThread, SETTLEMENT_APPLICATION } from '../../../server/wallet/settlementThread.ts';
import { createScratchDatabase } from '../../helpers/scratchDatabase.ts';
import { createPlayer, createPostgresTestApp, hasPostgres } from '../../helpers/testApp.ts';
import { instantBetSettlement } from '../../../server/games/bets.ts';
import { ECHO_STATEMENT, echoSettlement, type Echoed } from './fixtures/echoSettlement.ts';

// The settlement thread (server/wallet/settlementThread.ts) as the wallet uses it, with a settlement
// that touches no table (fixtures/echoSettlement.ts): each item answered from its batch, refusals as
// null, a failed statement's error for its items, a thread that stops failing only what it held and
// replaced at the next item, a lost connection replaced, close() answering everything sent. Then the
// shop's own thread: its connections, one per batched settlement, named in pg_stat_activity.

const ENTRY = new URL('./fixtures/echoSettlementWorker.ts', import.meta.url);

describe.runIf(hasPostgres)('the settlement thread', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let admin: pg.Client;
  const batches: number[] = [];

  const start = () => {
    const thread = createSettlementThread({ url: database.url.toString(), entry: ENTRY });
    const lane = thread.lane(echoSettlement, ECHO_STATEMENT, async () => 1, (size) => batches.push(size));
    return { thread, send: (userId: number) => lane.send({ userId, row: userId }) as Promise<Echoed | null>, sizes: () => lane.sizes() };
  };
  const sessions = async (application: string) =>
    (await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and application_name = $2', [database.url.pathname.slice(1), application])).rows.map((r) => r.pid);

  beforeAll(async () => {
    database = await createScratchDatabase('shop_thread');
    admin = new pg.Client({ connectionString: database.url.toString() });
    await admin.connect();
  });

  afterAll(async () => {
    await admin?.end();
    await database?.drop();
  });

  it('answers each item from its batch, in batches of the items that arrive together, one per player', async () => {
    const { thread, send, sizes } = start();
    await thread.warm();
    // Ready means prepared: the lane's connection is open, named after its settlement.
    expect(await sessions(`${SETTLEMENT_APPLICATION}: echo`)).toHaveLength(1);
    sizes();
    const players = Array.from({ length: 30 }, (_, i) => i + 1);
    const answers = await Promise.all([...players.map(send), send(0), send(7)]);
    expect(answers.slice(0, 30)).toEqual(players.map((p) => ({ balance: p * 10, version: 1, planMode: 'force_generic_plan' })));
    // Refused by the statement (missing from its answer): null, the long way for the wallet.
    expect(answers[30]).toBeNull();
    expect(answers[31]).toEqual({ balance: 70, version: 1, planMode: 'force_generic_plan' });
    const taken = sizes();
    expect(taken.items).toBe(32);
    // Together, yet player 7's second item never shares a batch with its first.
    expect(taken.batches).toBeGreaterThanOrEqual(2);
    expect(taken.batches).toBeLessThan(32);
    expect(batches.slice(-taken.batches).reduce((a, b) => a + b, 0)).toBe(32);
    await thread.close();
  });

  it('fails the items of a failed statement with its error, and goes on', async () => {
    const { thread, send } = start();
    await expect(send(-2)).rejects.toMatchObject({ code: '22012' });
    expect(await send(3)).toMatchObject({ balance: 30 });
    await thread.close();
  });

  it('fails what a stopped thread held, and starts another at the next item', async () => {
    const { thread, send } = start();
    await thread.warm();
    await expect(send(-1)).rejects.toThrow('the settlement thread stopped (exit code 3)');
    expect(await send(4)).toMatchObject({ balance: 40 });
    await thread.close();
  });

  it('opens another connection when its connection was lost', async () => {
    const { thread, send } = start();
    await thread.warm();
    const [before] = await sessions(`${SETTLEMENT_APPLICATION}: echo`).then((pids) => pids.slice(-1));
    const lost = await admin.query<{ done: boolean }>('select pg_terminate_backend(pid) as done from pg_stat_activity where datname = $1 and application_name = $2', [database.url.pathname.slice(1), `${SETTLEMENT_APPLICATION}: echo`]);
    expect(lost.rows.every((r) => r.done)).toBe(true);
    // The item that finds the connection broken may fail with it; the one after it settles on a new one.
    await send(5).catch(() => null);
    expect(await send(6)).toMatchObject({ balance: 60 });
    const after = await sessions(`${SETTLEMENT_APPLICATION}: echo`);
    expect(after).not.toContain(before);
    await thread.close();
  });

  it('answers every item sent before close(), then refuses', async () => {
    const { thread, send } = start();
    const players = Array.from({ length: 20 }, (_, i) => i + 1);
    const answers = Promise.all(players.map(send));
    // Sent once the thread has started (send awaits the house account first).
    await new Promise((resolve) => setImmediate(resolve));
    await thread.close();
    expect((await answers).map((a) => a?.balance)).toEqual(players.map((p) => p * 10));
    await expect(send(1)).rejects.toThrow('the settlement thread is closed');
    // Its connection ended with it (and every thread above was closed).
    await expect.poll(() => sessions(`${SETTLEMENT_APPLICATION}: echo`)).toEqual([]);
  });

  it('fails warm() with the connection error when its database cannot be reached', async () => {
    const thread = createSettlementThread({ url: 'postgres://postgres@127.0.0.1:1/nowhere', entry: ENTRY });
    const lane = thread.lane(echoSettlement, ECHO_STATEMENT, async () => 1);
    await expect(thread.warm()).rejects.toThrow(/ECONNREFUSED/);
    await expect(lane.send({ userId: 1, row: 1 })).rejects.toThrow(/ECONNREFUSED|stopped/);
    await thread.close();
  });

  it('in the shop on PostgreSQL: one connection per batched settlement, ready before it plays', async () => {
    const app = await createPostgresTestApp();
    const name = app.config.database.kind === 'postgres' ? new URL(app.config.database.url).pathname.slice(1) : '';
    const named = async () =>
      (await admin.query<{ application_name: string }>('select application_name from pg_stat_activity where datname = $1 and application_name like $2 order by 1', [name, `${SETTLEMENT_APPLICATION}%`])).rows.map((r) => r.application_name);
    try {
      expect(await named()).toEqual([`${SETTLEMENT_APPLICATION}: box openings`, `${SETTLEMENT_APPLICATION}: instant bets`]);
      const player = await createPlayer(app, { balance: 10_000 });
      expect((await app.inject({ url: '/api/fair/seeds', headers: player.headers })).statusCode).toBe(200);
      const bet = await app.inject({ method: 'POST', url: '/api/dice/bet', headers: player.headers, payload: { amount: 1, target: 50, direction: 'under' } });
      expect(bet.statusCode, bet.body).toBe(200);
      expect(app.wallet.batchSizes(instantBetSettlement).items).toBe(1);
    } finally {
      await app.close();
    }
  });
});
