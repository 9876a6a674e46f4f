import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SELECTABLE_CRYPTO } from '../../../core/protocol/deposit.ts';
import { mintCodes } from '../../../server/promo/giftCodes.ts';
import { buildTestApp, createPlayer } from '../../helpers/testApp.ts';
import { testConfig } from '../../helpers/testConfig.ts';
import { manualClock } from '../../helpers/manualClock.ts';
import { roundDriver } from '../../helpers/crashRounds.ts';
import { seedCatalog } from '../../helpers/boxes.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { playRole } from '../../../core/games/playReasons.ts';
import { grantBonus } from '../../../server/bonuses/grants.ts';

// Every way a player stakes or deposits, over HTTP, refused by a limit and by a break with the
// message naming it, and nothing moved: one table of paths, so a new stake path is one row here.

type Player = Awaited<ReturnType<typeof createPlayer>>;
let app: FastifyInstance;
let clock: ReturnType<typeof manualClock>;
let crash: ReturnType<typeof roundDriver>;
let wheel: ReturnType<typeof roundDriver>;
/** A user box, a waiting battle and a box slug everyone can use. */
const fixtures = { userBox: '', battle: 0, box: '', freeBox: '', target: 0 };

beforeAll(async () => {
  clock = manualClock(Date.now());
  app = await buildTestApp(testConfig({ CRASH_ENABLED: 'true', WHEEL_ENABLED: 'true', FAIR_CHAIN_LENGTH: '20000' }), { seed: false, clock });
  crash = roundDriver(app, clock, 'crash');
  wheel = roundDriver(app, clock, 'wheel');
  await seedCatalog(app);
  const boxes = await app.db.selectFrom('boxes').select(['slug', 'price', 'free_level']).orderBy('price').execute();
  fixtures.box = boxes.find((b) => b.free_level === null && b.price >= 2_00)!.slug;
  fixtures.freeBox = boxes.find((b) => b.free_level !== null)!.slug;
  const items = await app.db.selectFrom('items').select(['id']).orderBy('price', 'asc').limit(2).execute();
  fixtures.target = (await app.db.selectFrom('items').select('id').orderBy('price', 'desc').executeTakeFirstOrThrow()).id;
  const creator = await createPlayer(app, { deposited: 1000_00 });
  const created = await post(creator, '/api/user-boxes', { name: 'Gate Box', items: [{ id: items[0]!.id, odds: 90 }, { id: items[1]!.id, odds: 10 }] });
  expect(created.statusCode, created.body).toBe(201);
  fixtures.userBox = created.json().data.slug;
  const battle = await post(creator, '/api/battles/create', { boxes: [{ slug: fixtures.box, quantity: 1 }], mode: '1v1' });
  expect(battle.statusCode, battle.body).toBe(200);
  fixtures.battle = battle.json().data.id;
});
afterAll(async () => {
  await app?.close();
});

function post(player: Player, url: string, payload?: object) {
  return app.inject({ method: 'POST', url, headers: player.headers, ...(payload ? { payload } : {}) });
}
function put(player: Player, url: string, payload: object) {
  return app.inject({ method: 'PUT', url, headers: player.headers, payload });
}

/** An item the player owns (opened before the limit or break): upgrade's item stake. */
async function ownedItem(player: Player): Promise<number> {
  const opened = await post(player, `/api/boxes/${fixtures.box}/open`, { quantity: 1 });
  expect(opened.statusCode, opened.body).toBe(200);
  return opened.json().data.openings[0].inventory_id;
}

interface StakePath {
  name: string;
  /** Coins staked: a limit of 1 coin refuses it. 0: play without coins (a break refuses it, a limit does not). */
  coins: boolean;
  send(player: Player, item: number): Promise<{ statusCode: number; body: string; json(): { message: string } }>;
}

const stakePaths: StakePath[] = [
  { name: 'dice', coins: true, send: (p) => post(p, '/api/dice/bet', { amount: 2, target: 50, direction: 'under' }) },
  { name: 'plinko', coins: true, send: (p) => post(p, '/api/plinko/bet', { amount: 2, rows: 8, risk: 'low' }) },
  { name: 'box', coins: true, send: (p) => post(p, `/api/boxes/${fixtures.box}/open`, { quantity: 1 }) },
  { name: 'user box', coins: true, send: (p) => post(p, `/api/user-boxes/${fixtures.userBox}/open`, { quantity: 1 }) },
  { name: 'battle create', coins: true, send: (p) => post(p, '/api/battles/create', { boxes: [{ slug: fixtures.box, quantity: 1 }], mode: '1v1' }) },
  { name: 'battle join', coins: true, send: (p) => post(p, `/api/battles/${fixtures.battle}/join`, {}) },
  { name: 'upgrade (coins)', coins: true, send: (p) => post(p, '/api/upgrade', { inventory_ids: [], amount: 2, target_item_id: fixtures.target }) },
  { name: 'upgrade (items)', coins: false, send: (p, item) => post(p, '/api/upgrade', { inventory_ids: [item], amount: 0, target_item_id: fixtures.target }) },
  {
    name: 'crash',
    coins: true,
    async send(p) {
      await crash.nextBettingRound();
      return post(p, '/api/crash/bet', { amount: 2 });
    },
  },
  {
    name: 'wheel',
    coins: true,
    async send(p) {
      await wheel.nextBettingRound();
      return post(p, '/api/wheel/bet', { amount: 2, color: 'grey' });
    },
  },
  { name: 'free box', coins: false, send: (p) => post(p, `/api/free-boxes/${fixtures.freeBox}/open`) },
];

const depositPaths: { name: string; send(player: Player): Promise<{ statusCode: number; body: string; json(): { message: string } }> }[] = [
  { name: 'card', send: (p) => post(p, '/api/deposit/zen/redirect', { amount: 20 }) },
  { name: 'skins', send: (p) => post(p, '/api/deposit/skinsback/redirect', { amount: 20 }) },
  { name: 'crypto address', send: (p) => post(p, '/api/deposit/alphapo/deposit-address', { currency: SELECTABLE_CRYPTO[0]!.currency }) },
  {
    name: 'gift code',
    async send(p) {
      const [code] = await mintCodes(app.db, 'gift', 5_00, 1);
      return post(p, '/api/deposit/gift-code/redeem', { code });
    },
  },
];

async function expectNothingMoved(player: Player, before: number, answer: { statusCode: number; body: string; json(): { message: string } }, words: RegExp, name: string) {
  expect(answer.statusCode, `${name}: ${answer.body}`).toBe(422);
  expect(answer.json().message, name).toMatch(words);
  expect(await app.wallet.balance(player.id), name).toBe(before);
}

describe('every stake path obeys limits and breaks', () => {
  it('a daily wager limit 1 coin above the stakes of the day refuses every coin stake of 2 coins, naming the limit and its reset', async () => {
    const player = await createPlayer(app, { deposited: 500_00 });
    const item = await ownedItem(player);
    // The box opened for the item counts: the day's stakes are what the limit has used.
    const staked = await app.wallet.balance(player.id);
    const limit = (500_00 - staked) / 100 + 1;
    const limited = await put(player, '/api/profile/responsible-gaming/limits', { kind: 'wager', period: 'day', amount: limit });
    expect(limited.statusCode, limited.body).toBe(200);
    expect(limited.json().data.limits.find((l: { kind: string; period: string }) => l.kind === 'wager' && l.period === 'day')).toMatchObject({ amount: limit, used: limit - 1 });
    const before = await app.wallet.balance(player.id);
    for (const path of stakePaths.filter((p) => p.coins)) {
      await expectNothingMoved(player, before, await path.send(player, item), new RegExp(`daily wager limit of ${limit.toFixed(2).replace('.', '\\.')} coins\\. It resets at \\d\\d\\.\\d\\d\\.\\d\\d, 00:00 UTC`), path.name);
    }
    // A bet within the limit still goes through, on the checked path.
    const small = await post(player, '/api/dice/bet', { amount: 0.5, target: 50, direction: 'under' });
    expect(small.statusCode, small.body).toBe(200);
  });

  it('a cool-off refuses every stake (coins, items, free boxes) and every deposit, naming the break and its end', async () => {
    const player = await createPlayer(app, { deposited: 500_00 });
    const item = await ownedItem(player);
    const taken = await post(player, '/api/profile/responsible-gaming/exclusion', { choice: 'cool_off_24h' });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data.exclusion).toMatchObject({ kind: 'cool_off' });
    const before = await app.wallet.balance(player.id);
    for (const path of stakePaths) await expectNothingMoved(player, before, await path.send(player, item), /You are on a cool-off until .* UTC/, path.name);
    for (const path of depositPaths) await expectNothingMoved(player, before, await path.send(player), /You are on a cool-off until/, path.name);
    expect(await app.db.selectFrom('invoices').select('id').where('user_id', '=', player.id).execute()).toEqual([]);
    // Selling stays open during a break.
    const sold = await post(player, `/api/profile/inventory/${item}/sell`);
    expect(sold.statusCode, sold.body).toBe(200);
    // A break is never shortened, and no route ends it.
    const shorter = await post(player, '/api/profile/responsible-gaming/exclusion', { choice: 'cool_off_24h' });
    expect(shorter.statusCode).toBe(422);
    await expectLedgerBalanced(app);
  });

  it('a withdrawal canceled four times gives no stake back: wager and loss limits keep what they used and refuse at the limit', async () => {
    const player = await createPlayer(app, { deposited: 500_00 });
    for (const kind of ['wager', 'loss']) expect((await put(player, '/api/profile/responsible-gaming/limits', { kind, period: 'day', amount: 10 })).statusCode).toBe(200);
    expect((await post(player, '/api/dice/bet', { amount: 6, target: 50, direction: 'under' })).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) {
      const created = await post(player, '/api/profile/withdrawals', { type: 'crypto', amount: 50, currency: 'BTC', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' });
      expect(created.statusCode, created.body).toBe(201);
      expect((await post(player, `/api/profile/withdrawals/${created.json().data.id}/cancel`)).statusCode).toBe(200);
    }
    const state = (await app.inject({ url: '/api/profile/responsible-gaming', headers: player.headers })).json().data;
    expect(state.limits.find((l: { kind: string }) => l.kind === 'wager')).toMatchObject({ amount: 10, used: 6 });
    const before = await app.wallet.balance(player.id);
    await expectNothingMoved(player, before, await post(player, '/api/dice/bet', { amount: 5, target: 50, direction: 'under' }), /daily (wager|loss) limit of 10\.00 coins/, 'dice past the limit');
    expect((await post(player, '/api/dice/bet', { amount: 4, target: 50, direction: 'under' })).statusCode).toBe(200);
    await expectLedgerBalanced(app);
  });

  it('a daily deposit limit counts open invoices: 20 of 30 then 15 is refused, 10 goes', async () => {
    const player = await createPlayer(app);
    await put(player, '/api/profile/responsible-gaming/limits', { kind: 'deposit', period: 'day', amount: 30 });
    expect((await post(player, '/api/deposit/zen/redirect', { amount: 20 })).statusCode).toBe(200);
    const over = await post(player, '/api/deposit/skinsback/redirect', { amount: 15 });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toMatch(/daily deposit limit of 30\.00 coins/);
    expect((await post(player, '/api/deposit/zen/redirect', { amount: 10 })).statusCode).toBe(200);
    const state = (await app.inject({ url: '/api/profile/responsible-gaming', headers: player.headers })).json().data;
    expect(state.limits.find((l: { kind: string; period: string }) => l.kind === 'deposit' && l.period === 'day')).toMatchObject({ amount: 30, used: 30, pending: null });
  });
  const MAX_BET_REFUSAL = /^The maximum bet while your bonus is active is 1\.00 coins: bet less, or forfeit the bonus\.$/;
  it('an active bonus with a maximum bet of 1 coin refuses every coin stake of 2 coins naming the limit; 1 coin goes, and the met wager lifts it', async () => {
    const player = await createPlayer(app, { deposited: 500_00 });
    // A bonus of 1.00 asking 1× itself, bets up to 1.00 coin while active (docs/bonuses.md, "Maximum bet").
    await app.wallet.transaction((tx) =>
      grantBonus(tx, { userId: player.id, amount: 1_00, deposit: 0, source: 'promo', reference: 'test:max-bet', promoCodeId: null, terms: { multiple: 1, base: 'bonus', days: 7, maxBet: 1_00, weights: null } }),
    );
    const before = await app.wallet.balance(player.id);
    const journal = async () => (await app.db.selectFrom('bets').select('id').where('user_id', '=', player.id).execute()).length;
    const bets = await journal();
    for (const path of stakePaths.filter((p) => p.coins)) {
      await expectNothingMoved(player, before, await path.send(player, 0), MAX_BET_REFUSAL, path.name);
    }
    // Mines (not in the table: an open board holds the player's next board back) obeys it too.
    await expectNothingMoved(player, before, await post(player, '/api/mines/bet', { amount: 2, mines: 3 }), MAX_BET_REFUSAL, 'mines');
    expect(await journal()).toBe(bets);
    // At the limit a bet goes; it meets the wager (dice counts 100 %), and the limit lifts before the grant is settled.
    const atLimit = await post(player, '/api/dice/bet', { amount: 1, target: 50, direction: 'under' });
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    expect((await post(player, '/api/dice/bet', { amount: 2, target: 50, direction: 'under' })).statusCode).toBe(200);
    await expectLedgerBalanced(app);
  });
  // Last: it joins the fixture battle, which the refusals above need waiting.
  it('every coin stake adds its stake to XP (users.wagered) exactly once, whichever path settles it; a canceled wheel bet takes it back off', async () => {
    const player = await createPlayer(app, { deposited: 500_00 });
    const item = await ownedItem(player);
    const wagered = async () => Number((await app.db.selectFrom('users').select('wagered').where('id', '=', player.id).executeTakeFirstOrThrow()).wagered);
    /** The stakes debited since ledger row `after` (cents), read from the ledger by the one table of what a stake is. */
    const stakedSince = async (after: number) => {
      const rows = await app.db.selectFrom('ledger_entries as e').innerJoin('accounts as a', 'a.id', 'e.account_id').select(['e.reason', 'e.amount']).where('a.user_id', '=', player.id).where('e.id', '>', after).execute();
      return rows.filter((r) => playRole(r.reason) === 'stake').reduce((sum, r) => sum - Number(r.amount), 0);
    };
    const lastEntry = async () => Number((await app.db.selectFrom('ledger_entries').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id);
    // Items put into an upgrade are staked at their value: XP counts it as the coins of every other path.
    const itemValue = Number((await app.db.selectFrom('inventory_items as i').innerJoin('items', 'items.id', 'i.item_id').select('items.price').where('i.id', '=', item).executeTakeFirstOrThrow()).price);
    // An upgrade target each upgrade path reaches (chance between about 1 % and 50 %; the limit tests above aim at the dearest item).
    const reachable = async (stake: number) => (await app.db.selectFrom('items').select('id').where('price', '>=', stake * 2).where('price', '<=', stake * 90).orderBy('price').executeTakeFirstOrThrow()).id;
    for (const path of [...stakePaths.filter((p) => p.coins), stakePaths.find((p) => p.name === 'upgrade (items)')!]) {
      if (path.name.startsWith('upgrade')) fixtures.target = await reachable(path.coins ? 2_00 : itemValue);
      const [before, from] = [await wagered(), await lastEntry()];
      const answer = await path.send(player, item);
      expect(answer.statusCode, `${path.name}: ${answer.body}`).toBe(200);
      const staked = path.coins ? await stakedSince(from) : itemValue;
      expect(staked, path.name).toBeGreaterThan(0);
      expect((await wagered()) - before, path.name).toBe(staked);
    }
    await wheel.nextBettingRound();
    const placed = await post(player, '/api/wheel/bet', { amount: 3, color: 'grey' });
    const afterBet = await wagered();
    expect((await post(player, `/api/wheel/bet/${placed.json().data.bet.id}/cancel`, {})).statusCode).toBe(200);
    expect(afterBet - (await wagered())).toBe(3_00);
    await expectLedgerBalanced(app);
  });
});
