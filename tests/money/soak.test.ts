import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { WHEEL_COLORS } from '../../core/games/wheel.ts';
import { PLINKO_RISKS, PLINKO_ROWS } from '../../core/games/plinko.ts';
import { createPlayer, createPostgresTestApp, hasPostgres } from '../helpers/testApp.ts';
import { seedCatalog } from '../helpers/boxes.ts';
import { FAST_BATTLES, shopBoxes } from '../helpers/battles.ts';
import { seededRandom, type SeededRandom } from '../helpers/seededRandom.ts';
import { invariantViolations } from './invariants.ts';

// The seeded soak (docs/security.md): players act at random, each in its own lane and all lanes at
// once, across every game and money path: sandbox deposits, box openings, dice, plinko, upgrades,
// crash bets and cash-outs, wheel bets and cancels, sells, battles with bots and joins, crypto
// withdrawals and their cancels, free loot. The invariant check (tests/money/invariants.ts) runs
// every CHECK_EVERY operations while they go on and at the end; then every acknowledged bet,
// opening and deposit must be in the books exactly once.
//
// SOAK_SEED replays a run: it fixes every lane's operations, amounts and choices (each lane has its
// own generator, so the interleaving of lanes does not change them). Outcomes still come from fresh
// server seeds, as in production. SOAK_OPS sets the size (CI: 3,000; long mode: SOAK_OPS=100000),
// SOAK_PLAYERS the lanes (8).

const SEED = process.env.SOAK_SEED ? Number(process.env.SOAK_SEED) : randomInt(2 ** 31);
const OPS = Number(process.env.SOAK_OPS ?? 3000);
const PLAYERS = Number(process.env.SOAK_PLAYERS ?? 8);
const CHECK_EVERY = Math.max(500, Math.round(OPS / 10));
// About a minute at CI size on two busy cores; the long mode gets what it needs.
const TIME_LIMIT = Math.max(300_000, OPS * 60);

const WALLET = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const address = { first_name: 'Soak', last_name: 'Player', email: 'soak@example.com', phone: '+44 20 7946 0000', country: 'Germany', country_state: 'Berlin', city: 'Berlin', postal_code: '10115', street_address: 'Main 1' };

const WEIGHTS = {
  deposit: 4,
  dice: 20,
  plinko: 14,
  open: 10,
  sell: 8,
  upgrade: 5,
  crashBet: 5,
  crashCashOut: 3,
  wheelBet: 5,
  wheelCancel: 2,
  battle: 2,
  joinBattle: 2,
  withdraw: 2,
  cancelWithdrawal: 1,
  freeLoot: 1,
} as const;
type Operation = keyof typeof WEIGHTS;

/** Answers every operation may get: done, or refused with the spec's shapes (409 state, 422 input or balance, 404 gone). */
const ACCEPTABLE = new Set([200, 201, 404, 409, 422]);

interface Item {
  id: number;
  price: number;
}

describe.runIf(hasPostgres)(`seeded soak: ${OPS} operations, seed ${SEED}`, () => {
  let app: FastifyInstance;
  let boxSlugs: string[];
  let battleSlug: string;
  let targets: number[];
  const acknowledged = { dice: 0, plinko: 0, upgrade: 0, crash: 0, wheel: 0, items: 0, deposits: 0 };
  const unexpected: string[] = [];
  const counts = new Map<Operation, Map<number, number>>();

  beforeAll(async () => {
    console.log(`soak seed ${SEED}: replay with SOAK_SEED=${SEED} SOAK_OPS=${OPS} SOAK_PLAYERS=${PLAYERS}`);
    app = await createPostgresTestApp({
      ...FAST_BATTLES,
      CRASH_ENABLED: 'true',
      // A crash round flies about 17 s on average (a long tail of high points): a long betting
      // window lets the players' crash bets land in the few rounds a run sees.
      CRASH_BETTING_MS: '5000',
      CRASH_PENDING_MS: '50',
      CRASH_PAUSE_MS: '100',
      WHEEL_ENABLED: 'true',
      WHEEL_BETTING_MS: '1000',
      WHEEL_PENDING_MS: '50',
      WHEEL_SPIN_MS: '200',
      WHEEL_PAUSE_MS: '100',
      FAIR_CHAIN_LENGTH: '20000',
      LEADER_POLL_MS: '200',
    });
    await seedCatalog(app);
    const boxes = await shopBoxes(app, 4);
    boxSlugs = boxes.map((b) => b.slug);
    battleSlug = boxes[0]!.slug;
    targets = (await app.db.selectFrom('items').select('id').orderBy('price').limit(60).execute()).map((i) => i.id);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  }, 60_000);

  type Player = Awaited<ReturnType<typeof createPlayer>>;

  /** One player's lane: its own generator, its own items, bets and withdrawals. */
  async function lane(index: number, player: Player, ops: number, tick: () => Promise<void>) {
    // The plan draws two numbers per operation (its kind, its own seed) whatever the outcomes, so a
    // seed replays the same operations even where an earlier answer differs.
    const plan = seededRandom((SEED ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
    let rnd: SeededRandom = plan;
    const items: Item[] = [];
    const wheelBets: number[] = [];
    const withdrawals: number[] = [];
    const coins = (minCents: number, maxCents: number) => rnd.int(minCents, maxCents) / 100;
    const send = async (operation: Operation, method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await app.inject({ method, url, headers: player.headers, ...(payload ? { payload } : {}) });
      const perStatus = counts.get(operation) ?? new Map<number, number>();
      perStatus.set(res.statusCode, (perStatus.get(res.statusCode) ?? 0) + 1);
      counts.set(operation, perStatus);
      if (!ACCEPTABLE.has(res.statusCode)) unexpected.push(`${operation} ${method} ${url} ${JSON.stringify(payload)} → ${res.statusCode} ${res.body}`);
      return res;
    };
    const ok = (res: { statusCode: number }) => res.statusCode === 200 || res.statusCode === 201;

    const run: Record<Operation, () => Promise<void>> = {
      async deposit() {
        const redirect = await send('deposit', 'POST', '/api/deposit/zen/redirect', { amount: rnd.int(5, 60) });
        if (!ok(redirect)) return;
        const id = Number(/\/sandbox\/checkout\/(\d+)$/.exec(redirect.json().redirect_url)![1]);
        if (ok(await send('deposit', 'POST', `/api/sandbox/checkout/${id}/complete`, { status: 'paid' }))) acknowledged.deposits += 1;
      },
      async dice() {
        const direction = rnd.pick(['under', 'over'] as const);
        const target = rnd.int(200, 9700) / 100;
        if (ok(await send('dice', 'POST', '/api/dice/bet', { amount: coins(1, 300), target, direction }))) acknowledged.dice += 1;
      },
      async plinko() {
        if (ok(await send('plinko', 'POST', '/api/plinko/bet', { amount: coins(1, 300), rows: rnd.pick(PLINKO_ROWS), risk: rnd.pick(PLINKO_RISKS) }))) acknowledged.plinko += 1;
      },
      async open() {
        const res = await send('open', 'POST', `/api/boxes/${rnd.pick(boxSlugs)}/open`, { quantity: rnd.int(1, 2) });
        if (!ok(res)) return;
        for (const o of res.json().data.openings as Array<{ inventory_id: number; item: { price: number } }>) items.push({ id: o.inventory_id, price: o.item.price });
        acknowledged.items += res.json().data.openings.length;
      },
      async sell() {
        if (!items.length) return;
        const [item] = items.splice(rnd.int(0, items.length - 1), 1);
        await send('sell', 'POST', `/api/profile/inventory/${item!.id}/sell`);
      },
      async upgrade() {
        const useItem = items.length > 0 && rnd.next() < 0.5;
        const item = useItem ? items.splice(rnd.int(0, items.length - 1), 1)[0]! : null;
        const res = await send('upgrade', 'POST', '/api/upgrade', { inventory_ids: item ? [item.id] : [], amount: item ? 0 : coins(50, 400), target_item_id: rnd.pick(targets) });
        if (ok(res)) acknowledged.upgrade += 1;
        else if (item) items.push(item); // refused: the item is still the player's
      },
      async crashBet() {
        const auto = rnd.next() < 0.6 ? rnd.int(101, 300) / 100 : null;
        if (ok(await send('crashBet', 'POST', '/api/crash/bet', { amount: coins(10, 200), auto_cashout: auto }))) acknowledged.crash += 1;
      },
      async crashCashOut() {
        await send('crashCashOut', 'POST', '/api/crash/close-bet', {});
      },
      async wheelBet() {
        const res = await send('wheelBet', 'POST', '/api/wheel/bet', { amount: coins(10, 200), color: rnd.pick(WHEEL_COLORS) });
        if (!ok(res)) return;
        acknowledged.wheel += 1;
        wheelBets.push(res.json().data.bet.id);
      },
      async wheelCancel() {
        const id = wheelBets.pop();
        if (id !== undefined) await send('wheelCancel', 'POST', `/api/wheel/bet/${id}/cancel`, {});
      },
      async battle() {
        const res = await send('battle', 'POST', '/api/battles/create', { boxes: [{ slug: battleSlug, quantity: rnd.int(1, 2) }], mode: '1v1' });
        // Half are left open for other lanes to join; the rest are filled with a bot at once.
        if (ok(res) && rnd.next() < 0.5) await send('battle', 'POST', `/api/battles/${res.json().data.id}/add-bots`, { bots: 1 });
      },
      async joinBattle() {
        const list = await send('joinBattle', 'GET', '/api/battles?status=waiting&per_page=10');
        const open = (list.json().data as Array<{ id: number }>) ?? [];
        if (open.length) await send('joinBattle', 'POST', `/api/battles/${rnd.pick(open).id}/join`);
      },
      async withdraw() {
        const res = await send('withdraw', 'POST', '/api/profile/withdrawals', { type: 'crypto', amount: rnd.int(20, 30), currency: 'BTC', address: WALLET });
        if (ok(res)) withdrawals.push(res.json().data.id);
      },
      async cancelWithdrawal() {
        const id = withdrawals.pop();
        if (id !== undefined) await send('cancelWithdrawal', 'POST', `/api/profile/withdrawals/${id}/cancel`);
      },
      async freeLoot() {
        await send('freeLoot', 'POST', '/api/free-boxes/free-level-1/open');
      },
    };

    await send('deposit', 'POST', '/api/profile/shipping-address', address);
    for (let i = 0; i < ops; i++) {
      const operation = plan.weighted(WEIGHTS);
      rnd = seededRandom(plan.int(0, 0xffffffff));
      await run[operation]();
      await tick();
    }
  }

  it('random operations keep the books: every balance its ledger, the ledger zero, no reused nonce, no item in two states', async () => {
    const players = await Promise.all(Array.from({ length: PLAYERS }, (_, i) => createPlayer(app, { deposited: 200_00, name: `Soak${i}` })));
    let done = 0;
    const checks: string[][] = [];
    // The check runs beside the lanes: each of its statements sees committed transactions only.
    const tick = async () => {
      done += 1;
      if (done % CHECK_EVERY === 0) checks.push(await invariantViolations(app));
    };
    const started = Date.now();
    await Promise.all(players.map((p, i) => lane(i, p, Math.ceil(OPS / PLAYERS), tick)));
    const summary = [...counts].map(([op, perStatus]) => `${op} ${[...perStatus].map(([s, n]) => `${s}×${n}`).join(' ')}`).join('; ');
    console.log(`soak seed ${SEED}: ${done} operations in ${Math.round((Date.now() - started) / 1000)} s; ${summary}`);

    expect(unexpected, `seed ${SEED}`).toEqual([]);
    expect(checks.flat(), `seed ${SEED}`).toEqual([]);
    expect(await invariantViolations(app), `seed ${SEED}`).toEqual([]);

    // Every acknowledged operation is in the books exactly once.
    const bets = await sql<{ game: string; n: number }>`select game, count(*)::int as n from game_bets group by game`.execute(app.db);
    const betsOf = (game: string) => bets.rows.find((r) => r.game === game)?.n ?? 0;
    expect({ dice: betsOf('dice'), plinko: betsOf('plinko'), upgrade: betsOf('upgrade') }).toEqual({ dice: acknowledged.dice, plinko: acknowledged.plinko, upgrade: acknowledged.upgrade });
    const roundBets = await sql<{ game: string; n: number }>`select game, count(*)::int as n from round_bets group by game`.execute(app.db);
    const roundBetsOf = (game: string) => roundBets.rows.find((r) => r.game === game)?.n ?? 0;
    expect({ crash: roundBetsOf('crash'), wheel: roundBetsOf('wheel') }).toEqual({ crash: acknowledged.crash, wheel: acknowledged.wheel });
    const opened = await sql<{ n: number }>`select count(*)::int as n from inventory_items i join boxes b on b.id = i.box_id where b.slug = any(${boxSlugs}) and i.seed_pair_id is not null`.execute(app.db);
    expect(opened.rows[0]!.n).toBe(acknowledged.items);
    const paid = await sql<{ n: number }>`select count(*)::int as n from invoices where status = 'paid'`.execute(app.db);
    expect(paid.rows[0]!.n).toBe(acknowledged.deposits);
    expect(acknowledged.dice + acknowledged.plinko, 'the soak played').toBeGreaterThan(OPS / 10);
  }, TIME_LIMIT);
});
