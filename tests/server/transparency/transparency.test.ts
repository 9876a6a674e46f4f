import { BET_LINK_EVENT, type BetLinkNotice } from '../../../core/protocol/betLinkEvents.ts';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { createTestApp, createPlayer } from '../../helpers/testApp.ts';
import { computeTransparency, hoursRecomputeQuery, runTransparencyRefresh, windowsQuery } from '../../../server/transparency/transparency.ts';
import { boxDropsRecomputeQuery, boxDropsWindowsQuery } from '../../../server/transparency/boxDrops.ts';
import type { TransparencyAnswer } from '../../../core/protocol/transparency.ts';
import type { LeaderElection } from '../../../server/realtime/leaderLock.ts';
import { minesBoard } from '../../../core/fair/index.ts';
import { activeSeedPair } from '../../helpers/queries.ts';
import { createCrashApp, createWheelApp } from '../../helpers/crashRounds.ts';
import { manualClock } from '../../helpers/manualClock.ts';
import { buildTestApp } from '../../helpers/testApp.ts';
import { testConfig } from '../../helpers/testConfig.ts';
import { seedCatalog } from '../../helpers/boxes.ts';
import { detailOf, FAST_BATTLES, shopBoxes } from '../../helpers/battles.ts';
import { centsToCoins } from '../../../core/money/cents.ts';

// The public transparency page and public bet pages (docs/transparency.md). A known set of journal
// rows over the windows (now, 3 days ago, 60 days ago; refunded and open rows that count for
// nothing): GET /api/transparency equals the journal's own sums per window, the cache follows a bet
// that settles later, and neither the page's statements nor the caches' recomputes scan `bets`
// (per-box drops: boxDrops.test.ts).
// Then a real dice bet's public page: found by its random id only, its name hidden unless the
// player chose to show it, its server seed shown once the pair is revealed, its replay's inputs, and
// its HTML's Open Graph card; and the replay inputs of a Mines board once it has ended, of a wheel
// and a crash bet once its round has ended (its round's hash and its chain's salt) and of a battle
// seat once its battle has ended (its seeds, rounds and prices).

type Player = Awaited<ReturnType<typeof createPlayer>>;
let app: FastifyInstance;
let alice: Player;

const HOUR = 3_600_000;
let nextRef = 7_000_000_000;

async function bet(p: Player, game: string, stake: number, payout: number | null, hoursAgo: number, status = payout === null ? 'open' : 'settled') {
  const at = new Date(Date.now() - hoursAgo * HOUR);
  nextRef += 1;
  await sql`insert into bets (game, user_id, stake, payout, multiplier, status, ref_id, placed_at, settled_at)
    values (${game}, ${p.id}, ${stake}, ${payout}, null, ${status}, ${nextRef}, ${at}, ${payout === null ? null : at})`.execute(app.db);
  return nextRef;
}

/** The journal's own sums of one game over the rows placed after `since` (the page's definition: settled, with a stake). */
async function journalSums(game: string, since: RawBuilder<unknown>) {
  const { rows } = await sql<{ bets: number; wagered: number; paid: number }>`select count(*)::int as bets, coalesce(sum(stake), 0)::int as wagered, coalesce(sum(payout), 0)::int as paid
    from bets where game = ${game} and status = 'settled' and stake > 0 and placed_at >= ${since}`.execute(app.db);
  return { bets: rows[0]!.bets, wagered: rows[0]!.wagered / 100, paid: rows[0]!.paid / 100 };
}

const hourStart = (hours: number) => sql`date_trunc('hour', now() at time zone 'UTC') at time zone 'UTC' - ${hours - 1} * interval '1 hour'`;
const SINCE = { '24h': hourStart(24), '7d': hourStart(24 * 7), '30d': hourStart(24 * 30), all: sql`'-infinity'::timestamptz` } as const;

async function expectJournalSums(data: TransparencyAnswer['data'], game: string, reportGame: string) {
  for (const w of data.windows) {
    const row = w.games.find((g) => g.game === reportGame);
    const sums = await journalSums(game, SINCE[w.window]);
    expect({ window: w.window, bets: row?.bets ?? 0, wagered: row?.wagered ?? 0, paid: row?.paid ?? 0 }).toEqual({ window: w.window, ...sums });
  }
}

// A built client of one index.html: /bets/{id} is served from it with the bet's Open Graph tags.
const clientDir = mkdtempSync(path.join(tmpdir(), 'shop-bet-page-'));
writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><title>Open Mystery Boxes</title></head><body><div id="root"></div></body></html>');

beforeAll(async () => {
  app = await createTestApp({ CLIENT_DIR: clientDir, PUBLIC_URL: 'https://shop.example' });
  alice = await createPlayer(app, { balance: 100_000, name: 'AliceTheBold' });
});
afterAll(async () => {
  await app?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the transparency page', () => {
  it('folds the journal marks into the cache on the leader, with nobody reading the page', async () => {
    await bet(alice, 'plinko', 100, 50, 2);
    const marks = async () => Number((await sql<{ n: number }>`select count(*)::int as n from bet_hours_dirty`.execute(app.db)).rows[0]!.n);
    expect(await marks()).toBeGreaterThan(0);
    // The app's own leader: a second refresh loop beside the app's minute-long one, every 20 ms.
    const stops: Array<() => void | Promise<void>> = [];
    const leader: LeaderElection = { whileLeader: (start) => void (stops.push(start() ?? (() => {}))), isLeader: () => true, close: async () => {} };
    runTransparencyRefresh({ db: app.db, leader, log: app.log }, 20);
    await expect.poll(marks, { timeout: 5_000 }).toBe(0);
    for (const stop of stops) await stop();
  });

  it('equals the journal sums per window and follows bets that settle later', async () => {
    await bet(alice, 'dice', 100, 0, 0);
    await bet(alice, 'dice', 200, 400, 1);
    await bet(alice, 'dice', 300, 250, 30);
    await bet(alice, 'dice', 500, 990, 24 * 3);
    await bet(alice, 'dice', 700, 0, 24 * 60);
    await bet(alice, 'limbo', 1000, 1980, 2);
    await bet(alice, 'dice', 400, 400, 0, 'refunded');
    const open = await bet(alice, 'dice', 900, null, 0);

    const res = await app.inject({ method: 'GET', url: '/api/transparency' });
    expect(res.statusCode, res.body).toBe(200);
    const data = (res.json() as TransparencyAnswer).data;
    expect(data.windows.map((w) => w.window)).toEqual(['24h', '7d', '30d', 'all']);
    await expectJournalSums(data, 'dice', 'dice');
    await expectJournalSums(data, 'limbo', 'limbo');
    const dice24 = data.windows[0]!.games.find((g) => g.game === 'dice')!;
    expect(dice24).toMatchObject({ bets: 2, wagered: 3, paid: 4, measured_return: 133.33 });
    expect(dice24.published_return).not.toBeNull();
    expect(dice24.drift_band).not.toBeNull();
    expect(dice24.drift_flagged).toBe(false); // two bets: below the report's minimum sample

    // The open bet settles: its hour alone is recomputed, and the figures follow.
    await sql`update bets set status = 'settled', payout = 1800 where game = 'dice' and ref_id = ${open}`.execute(app.db);
    const dirty = await sql<{ n: number }>`select count(*)::int as n from bet_hours_dirty`.execute(app.db);
    expect(dirty.rows[0]!.n).toBe(1);
    const after = await computeTransparency(app.db, new Date());
    await expectJournalSums(after, 'dice', 'dice');
    expect(after.windows[0]!.games.find((g) => g.game === 'dice')).toMatchObject({ bets: 3, wagered: 12, paid: 22 });
    expect((await sql<{ n: number }>`select count(*)::int as n from bet_hours_dirty`.execute(app.db)).rows[0]!.n).toBe(0);
  });

  it('never scans the journal: the page reads the cache, the recompute reads marked hours by the time index', async () => {
    const explain = async (q: RawBuilder<unknown>) => {
      await sql`set enable_seqscan = off`.execute(app.db);
      try {
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${q}`.execute(app.db);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        await sql`reset enable_seqscan`.execute(app.db);
      }
    };
    const page = await explain(windowsQuery(new Date()));
    expect(page).not.toMatch(/ on bets\b/);
    expect(await explain(boxDropsWindowsQuery(new Date()))).not.toMatch(/ on bets\b/);
    const hours = ['2026-01-01 10:00:00', '2026-01-02 11:00:00'];
    const recompute = await explain(hoursRecomputeQuery(hours));
    expect(recompute).toMatch(/(Bitmap )?Index (Only )?Scan (using|on) bets_time/);
    expect(recompute).not.toMatch(/Seq Scan on bets\b/);
    // The boxes' hours: each by the (game, time) index, bounded by the hour, not every box row.
    const boxes = await explain(boxDropsRecomputeQuery(hours));
    expect(boxes).toMatch(/Index (Only )?Scan (using|on) bets_game_time[\s\S]*Index Cond: \(\(game = 'box'::text\) AND \(placed_at >=/);
    expect(boxes).not.toMatch(/Seq Scan on bets\b/);
  });
});

describe('a bet public page', () => {
  it('is found by its random id only, hides the name by default and shows the seed once revealed', async () => {
    const bob = await createPlayer(app, { balance: 100_000, name: 'BobTheHidden' });
    const placed = await app.inject({ method: 'POST', url: '/api/dice/bet', headers: bob.headers, payload: { amount: 1, target: 50, direction: 'over' } });
    expect(placed.statusCode, placed.body).toBe(200);
    const history = await app.inject({ method: 'GET', url: '/api/profile/bets', headers: bob.headers });
    const row = history.json().data[0];
    expect(row.public_id).toMatch(/^[0-9a-f]{32}$/);

    // Random: 32 hex digits from a UUID (122 random bits), unrelated to the sequential id; any other id finds nothing.
    const ids = (await sql<{ public_id: string; id: number }>`select public_id, id from bets order by id`.execute(app.db)).rows;
    expect(new Set(ids.map((r) => r.public_id)).size).toBe(ids.length);
    // A version-4 UUID's digits (gen_random_uuid), and bets one after another share no more digits than
    // chance: two random ids agree in about 2 of 32 places, a counter-derived pair in most of them.
    for (const r of ids) expect(r.public_id).toMatch(/^[0-9a-f]{12}4[0-9a-f]{3}[89ab][0-9a-f]{15}$/);
    const samePlaces = (a: string, b: string) => [...a].filter((c, i) => b[i] === c).length;
    for (let i = 1; i < ids.length; i++) expect(samePlaces(ids[i - 1]!.public_id, ids[i]!.public_id)).toBeLessThan(16);
    const miss = await app.inject({ method: 'GET', url: `/api/bets/${row.public_id.replace(/.$/, (c: string) => (c === '0' ? '1' : '0'))}` });
    expect(miss.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/bets/1' })).statusCode).toBe(404);
    // A probe of 10,000 random guesses finds no bet.
    const guesses = Array.from({ length: 10_000 }, () => randomBytes(16).toString('hex'));
    expect((await sql<{ n: number }>`select count(*)::int as n from bets where public_id = any(${guesses}::text[])`.execute(app.db)).rows[0]!.n).toBe(0);

    const page = await app.inject({ method: 'GET', url: `/api/bets/${row.public_id}` });
    expect(page.statusCode, page.body).toBe(200);
    const shown = page.json().data;
    expect(shown).toMatchObject({ public_id: row.public_id, game: 'dice', stake: 1, player: null, result: row.result, fairness: row.fairness });
    expect(shown.seeds.server_seed).toBeNull();
    expect(page.body).not.toContain('BobTheHidden');
    // The replay's inputs: the stored parameters and outcome, nothing else of the bet's rows.
    const dice = placed.json().data;
    expect(shown.replay).toEqual({ game: 'dice', target: 50, direction: 'over', roll: dice.roll, win: dice.win });

    // The share card: the page's HTML carries the bet's Open Graph tags (game, multiplier, amount) and its address; an unknown bet none.
    const html = await app.inject({ method: 'GET', url: `/bets/${row.public_id}` });
    expect(html.statusCode).toBe(200);
    const title = `Dice: ${shown.multiplier.toFixed(2)}×, ${dice.win ? 'won' : 'paid'} ${shown.payout.toFixed(2)} coins on 1.00`;
    expect(html.body).toContain(`<title>${title}</title>`);
    expect(html.body).toContain(`<meta property="og:title" content="${title}" />`);
    expect(html.body).toContain(`<meta property="og:url" content="https://shop.example/bets/${row.public_id}" />`);
    expect(html.body).toContain(`<meta property="og:description" content="${shown.result}. Provably fair: verify this bet from its seeds (${shown.fairness})." />`);
    expect(html.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html.body).not.toContain('BobTheHidden');
    const unknown = await app.inject({ method: 'GET', url: `/bets/${'0'.repeat(32)}` });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).not.toContain('og:title');

    // The player shows their name, then the pair is revealed by a rotation.
    expect((await app.inject({ method: 'GET', url: '/api/profile/bet-name', headers: bob.headers })).json().data).toEqual({ show: false });
    const set = await app.inject({ method: 'PUT', url: '/api/profile/bet-name', headers: bob.headers, payload: { show: true } });
    expect(set.json().data).toEqual({ show: true });
    expect((await app.inject({ method: 'POST', url: '/api/fair/seeds/rotate', headers: bob.headers, payload: {} })).statusCode).toBeLessThan(300);
    const revealed = (await app.inject({ method: 'GET', url: `/api/bets/${row.public_id}` })).json().data;
    expect(revealed.player).toBe('BobTheHidden');
    expect(revealed.seeds.server_seed).toMatch(/^[0-9a-f]{64}$/);
    expect(revealed.verify_path).toContain(revealed.seeds.server_seed);
    expect((await app.inject({ method: 'PUT', url: '/api/profile/bet-name', headers: bob.headers, payload: { show: 'yes' } })).statusCode).toBe(422);
  });
  it("carries a Mines board's replay once it has ended: its mine count, the tiles in the order turned and how it ended", async () => {
    const carol = await createPlayer(app, { balance: 100_000 });
    const mines = (action: string, payload: object = {}) => app.inject({ method: 'POST', url: `/api/mines/${action}`, headers: carol.headers, payload });
    const replayOf = async () => {
      const row = (await app.inject({ method: 'GET', url: '/api/profile/bets', headers: carol.headers })).json().data[0];
      return (await app.inject({ method: 'GET', url: `/api/bets/${row.public_id}` })).json().data.replay;
    };

    // Where the mines lie, from the server seed the test reads (a player cannot): two gems, then a mine.
    const started = await mines('bet', { amount: 1, mines: 3 });
    expect(started.statusCode, started.body).toBe(200);
    const pair = await activeSeedPair(app.db, carol.id);
    const mineTiles = minesBoard(pair.server_seed, pair.client_seed, started.json().data.nonce, 3);
    const gems = [...Array(25).keys()].filter((t) => !mineTiles.includes(t));
    const turned = [gems[4]!, gems[0]!, mineTiles[1]!];
    await mines('reveal', { tile: turned[0] });
    // A board in play has no replay: it has not ended.
    expect(await replayOf()).toBeNull();
    await mines('reveal', { tile: turned[1] });
    const lost = (await mines('reveal', { tile: turned[2] })).json().data;
    expect(lost).toMatchObject({ status: 'lost', revealed: turned, mine_tiles: mineTiles });
    expect(await replayOf()).toEqual({ game: 'mines', mines: 3, revealed: turned, status: 'lost' });

    // A board cashed out after one gem.
    const next = (await mines('bet', { amount: 1, mines: 5 })).json().data;
    const gem = [...Array(25).keys()].find((t) => !minesBoard(pair.server_seed, pair.client_seed, next.nonce, 5).includes(t))!;
    await mines('reveal', { tile: gem });
    expect((await mines('cashout')).json().data).toMatchObject({ status: 'cashed_out', revealed: [gem] });
    expect(await replayOf()).toEqual({ game: 'mines', mines: 5, revealed: [gem], status: 'cashed_out' });
  });
});

describe("a wheel bet's public page", () => {
  let wheel: Awaited<ReturnType<typeof createWheelApp>>;
  beforeAll(async () => {
    wheel = await createWheelApp();
  });
  afterAll(async () => {
    await wheel?.app.close();
  });

  it("carries its replay once its round has ended: the colour, the segment, the round's hash and its chain's salt; a canceled bet none", async () => {
    const { app: wheelApp } = wheel;
    const dora = await createPlayer(wheelApp, { balance: 100_000 });
    const placeBet = async (color: string) => {
      const res = await wheelApp.inject({ method: 'POST', url: '/api/wheel/bet', headers: dora.headers, payload: { amount: 1, color } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.bet.id as number;
    };
    const replayOfBet = async (refId: number) => {
      const { public_id } = await wheelApp.db.selectFrom('bets').select('public_id').where('game', '=', 'wheel').where('ref_id', '=', refId).executeTakeFirstOrThrow();
      return (await wheelApp.inject({ method: 'GET', url: `/api/bets/${public_id}` })).json().data.replay;
    };

    const round = await wheel.nextBettingRound();
    const played = await placeBet('blue');
    const canceled = await placeBet('grey');
    const links = linksSeen(wheelApp);
    expect((await wheelApp.inject({ method: 'POST', url: `/api/wheel/bet/${canceled}/cancel`, headers: dora.headers, payload: {} })).statusCode).toBe(200);
    // While the round runs its hash is secret: no replay.
    expect(await replayOfBet(played)).toBeNull();
    await wheel.finishRound(round);

    const row = await wheelApp.db.selectFrom('rounds').innerJoin('hash_chains', 'hash_chains.id', 'rounds.chain_id').select(['rounds.hash', 'hash_chains.salt']).where('rounds.id', '=', round.id).executeTakeFirstOrThrow();
    expect(await replayOfBet(played)).toEqual({ game: 'wheel', color: 'blue', segment: round.segment, hash: row.hash, salt: row.salt });
    expect(await replayOfBet(canceled)).toBeNull();
    // A winning bet's page goes to its player alone; a lost or canceled one is not told.
    await expectLinksOfPaidBets(wheelApp, links, 'wheel', [played, canceled]);
  });
});

/** The betLink notices published from now on (docs/transparency.md, "Share"), with their channels. */
function linksSeen(on: FastifyInstance) {
  const seen: { channel: string; data: BetLinkNotice }[] = [];
  on.bus.subscribe((m) => m.event === BET_LINK_EVENT && seen.push({ channel: m.channel, data: m.data as BetLinkNotice }));
  return seen;
}

/** Exactly the bets of `refs` that paid were told, each on its player's own channel, with its journal row's public id. */
async function expectLinksOfPaidBets(on: FastifyInstance, seen: ReturnType<typeof linksSeen>, game: BetLinkNotice['game'], refs: number[]) {
  const rows = await on.db.selectFrom('bets').select(['user_id', 'ref_id', 'public_id', 'payout', 'status']).where('game', '=', game).where('ref_id', 'in', refs).execute();
  // A canceled bet's refund is no win: settled bets that paid only.
  const paid = rows.filter((r) => r.status === 'settled' && Number(r.payout) > 0).map((r) => ({ channel: `private-users.${r.user_id}`, data: { game, ref: Number(r.ref_id), public_id: r.public_id } }));
  expect(seen).toEqual(paid);
}

/** A journal row's replay, by its game's own row (and a battle's seat), as its public page answers it. */
async function replayByRef(on: FastifyInstance, game: 'crash' | 'battle', refId: number, seat = 0) {
  const { public_id } = await on.db.selectFrom('bets').select('public_id').where('game', '=', game).where('ref_id', '=', refId).where('ref_seat', '=', seat).executeTakeFirstOrThrow();
  return (await on.inject({ method: 'GET', url: `/api/bets/${public_id}` })).json().data.replay;
}

describe("a crash bet's public page", () => {
  let crash: Awaited<ReturnType<typeof createCrashApp>>;
  beforeAll(async () => {
    crash = await createCrashApp();
  });
  afterAll(async () => {
    await crash?.app.close();
  });

  it("carries its replay once its round has ended: the crash point, the cash-out, the round's hash and its chain's salt; a bet refunded with a void round none", async () => {
    const { app: crashApp } = crash;
    const placeBet = async (autoCashout: number | null) => {
      const player = await createPlayer(crashApp, { balance: 100_000 });
      const res = await crashApp.inject({ method: 'POST', url: '/api/crash/bet', headers: player.headers, payload: { amount: 1, auto_cashout: autoCashout } });
      expect(res.statusCode, res.body).toBe(200);
      return { player, id: res.json().data.bet.id as number };
    };

    // A round that flies past 1.50×: the auto cash-out there wins, the bet left open rides to the crash.
    const round = await crash.nextBettingRound((point) => point >= 2);
    const cashed = await placeBet(1.5);
    const rode = await placeBet(null);
    const links = linksSeen(crashApp);
    // While the round runs its hash is secret: no replay.
    await crash.advanceTo(round.startsAt + 1);
    expect(await replayByRef(crashApp, 'crash', cashed.id)).toBeNull();
    await crash.finishRound(round);

    const row = await crashApp.db.selectFrom('rounds').innerJoin('hash_chains', 'hash_chains.id', 'rounds.chain_id').select(['rounds.hash', 'hash_chains.salt']).where('rounds.id', '=', round.id).executeTakeFirstOrThrow();
    const seeds = { crash_point: round.crashPoint, hash: row.hash, salt: row.salt };
    expect(await replayByRef(crashApp, 'crash', cashed.id)).toEqual({ game: 'crash', ...seeds, cashed_out_at: 1.5, win: true });
    expect(await replayByRef(crashApp, 'crash', rode.id)).toEqual({ game: 'crash', ...seeds, cashed_out_at: null, win: false });
    // The server's auto cash-out tells its player the bet's page (the player's own cash-out has it in its answer).
    await expectLinksOfPaidBets(crashApp, links, 'crash', [cashed.id, rode.id]);
    expect(links).toHaveLength(1);

    // The next round stopped in its betting window: the restart rule voids it and refunds its bets.
    const voided = await crash.nextBettingRound();
    const refunded = await placeBet(null);
    await crashApp.crash.loop.stop();
    crashApp.crash.loop.start();
    await crashApp.crash.loop.idle();
    expect(await crashApp.db.selectFrom('rounds').select(['status', 'voided']).where('id', '=', voided.id).executeTakeFirstOrThrow()).toEqual({ status: 'ended', voided: true });
    expect(await replayByRef(crashApp, 'crash', refunded.id)).toBeNull();
  });
});

describe("a battle seat's public page", () => {
  let battleApp: FastifyInstance;
  const clock = manualClock(Date.now());
  beforeAll(async () => {
    // The battle's rounds move with the test's clock.
    battleApp = await buildTestApp(testConfig(FAST_BATTLES), { seed: false, clock });
    await seedCatalog(battleApp);
  });
  afterAll(async () => {
    await battleApp?.close();
  });

  it('carries its replay once the battle has ended: its seeds, each round\'s box version and items, the prices and the winner', async () => {
    const [a, b] = await shopBoxes(battleApp, 2);
    const dan = await createPlayer(battleApp, { balance: 10 * (a!.price + b!.price) });
    const post = (url: string, payload: object) => battleApp.inject({ method: 'POST', url, headers: dan.headers, payload });
    const created = await post('/api/battles/create', { boxes: [{ slug: a!.slug, quantity: 1 }, { slug: b!.slug, quantity: 1 }], mode: '1v1' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    const links = linksSeen(battleApp);
    expect((await post(`/api/battles/${id}/add-bots`, { bots: 1 })).statusCode).toBe(200);
    // Running: its server seed is secret, no replay.
    expect((await detailOf(battleApp, id)).status).toBe('running');
    expect(await replayByRef(battleApp, 'battle', id)).toBeNull();

    clock.set(clock.now() + 60_000);
    await expect.poll(async () => (await detailOf(battleApp, id)).status, { timeout: 10_000 }).toBe('ended');
    const d = await detailOf(battleApp, id);
    const rounds = await battleApp.db.selectFrom('battle_rounds').select(['round', 'box_version_id']).where('battle_id', '=', id).orderBy('round').execute();
    const rolls = await battleApp.db.selectFrom('battle_rolls').select(['round', 'seat', 'item_id', 'value']).where('battle_id', '=', id).orderBy('round').orderBy('seat').execute();
    const prices = new Map(rolls.map((r) => [Number(r.item_id), centsToCoins(Number(r.value))]));
    const replay = await replayByRef(battleApp, 'battle', id);
    expect(replay).toEqual({
      game: 'battle',
      id,
      mode: '1v1',
      crazy: false,
      seat: 0,
      round_ms: 300,
      spin_ms: 200,
      server_seed: d.server_seed,
      client_seeds: d.seats.map((s) => s.client_seed),
      rounds: rounds.map((r) => ({ box_version: Number(r.box_version_id), items: d.rounds[r.round - 1]!.results.map((x) => x.item.id) })),
      prices: [...prices].map(([item_id, price]) => ({ item_id, price })),
      winner_team: d.winner!.team,
    });
    // Dan's seat's page, to Dan alone, if the seat won anything (the bot has no bet).
    await expectLinksOfPaidBets(battleApp, links, 'battle', [id]);
  });
});
