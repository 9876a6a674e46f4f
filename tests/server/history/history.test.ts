import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BET_CSV_COLUMNS, HISTORY_GAMES, HISTORY_PER_PAGE, LEDGER_CSV_COLUMNS, type BetHistoryRow, type LedgerRow } from '../../../core/protocol/history.ts';
import { wheelColorAt } from '../../../core/games/wheel.ts';
import { listBets, type BetCursor } from '../../../server/history/betHistory.ts';
import { buildTestApp, createPlayer } from '../../helpers/testApp.ts';
import { testConfig } from '../../helpers/testConfig.ts';
import { manualClock } from '../../helpers/manualClock.ts';
import { roundDriver } from '../../helpers/crashRounds.ts';
import { seedCatalog } from '../../helpers/boxes.ts';
import { FAST_BATTLES, shopBoxes, waitForStatus } from '../../helpers/battles.ts';
import { parseCsv } from '../../helpers/csvParse.ts';
import { tilesOf } from '../games/mines/minesHelpers.ts';

// The player's history over HTTP (docs/account-safety.md, "History"): one real bet of every game,
// made through the games' own routes on one app whose round games and battles run on a clock the
// test moves, then the lists, their filters and pages, the CSV files, and that another player's
// rows never show. The date filters are on the bets journal's time of each bet.

const CLOCK_START = Date.UTC(2026, 0, 1, 12);
let app: FastifyInstance;
let clock: ReturnType<typeof manualClock>;
type Player = Awaited<ReturnType<typeof createPlayer>>;
let player: Player;
let other: Player;

const get = (p: Player, url: string) => app.inject({ method: 'GET', url, headers: p.headers });
const post = async (p: Player, url: string, payload: object) => {
  const res = await app.inject({ method: 'POST', url, headers: p.headers, payload });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};
const bets = async (p: Player, query = ''): Promise<{ data: BetHistoryRow[]; meta: { total: number; last_page: number }; links: { next: string | null } }> => {
  const res = await get(p, `/api/profile/bets${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** One bet of each game for `p`: dice, limbo, plinko, upgrade, a box opening, a Mines board (one gem, cashed out), crash (cashed out at 1.5×), wheel, a 1v1 battle against a bot. */
async function playEveryGame(p: Player) {
  await post(p, '/api/dice/bet', { amount: 1, target: 50, direction: 'over' });
  await post(p, '/api/limbo/bet', { amount: 1, target: 2 });
  await post(p, '/api/plinko/bet', { amount: 1, rows: 8, risk: 'low' });
  const target = await app.db.selectFrom('items').select(['id', 'price']).where('price', '>=', 400).orderBy('price').executeTakeFirstOrThrow();
  await post(p, '/api/upgrade', { amount: Math.ceil(target.price / 4) / 100, target_item_id: target.id });
  const [box] = await shopBoxes(app, 1);
  await post(p, `/api/boxes/${box!.slug}/open`, { quantity: 1 });
  const board = (await post(p, '/api/mines/bet', { amount: 1, mines: 1 })).data;
  const { safe } = await tilesOf(app, p.id, board);
  await post(p, '/api/mines/reveal', { tile: safe[0] });
  const mines = (await post(p, '/api/mines/cashout', {})).data;

  const crash = roundDriver(app, clock, 'crash');
  const round = await crash.nextBettingRound((point) => point >= 2);
  await post(p, '/api/crash/bet', { amount: 2, auto_cashout: 1.5 });
  await crash.finishRound(round);

  const wheel = roundDriver(app, clock, 'wheel');
  const spin = await wheel.nextBettingRound();
  await post(p, '/api/wheel/bet', { amount: 3, color: wheelColorAt(spin.segment) === 'grey' ? 'grey' : 'blue' });
  await wheel.finishRound(spin);

  const battle = (await post(p, '/api/battles/create', { boxes: [{ slug: box!.slug, quantity: 1 }], mode: '1v1' })).data.id as number;
  await post(p, `/api/battles/${battle}/add-bots`, { bots: 1 });
  clock.set(clock.now() + 60_000);
  await waitForStatus(app, battle, 'ended');
  return { box: box!, mines, battle, crashRound: round.id, wheelRound: spin.id };
}

let played: Awaited<ReturnType<typeof playEveryGame>>;
beforeAll(async () => {
  clock = manualClock(CLOCK_START);
  app = await buildTestApp(testConfig({ CRASH_ENABLED: 'true', WHEEL_ENABLED: 'true', ...FAST_BATTLES }), { seed: false, clock });
  await seedCatalog(app);
  player = await createPlayer(app, { deposited: 500_00 });
  other = await createPlayer(app, { deposited: 500_00 });
  played = await playEveryGame(player);
  await post(other, '/api/dice/bet', { amount: 1, target: 50, direction: 'under' });
}, 60_000);
afterAll(() => app?.close());

describe('GET /api/profile/bets', () => {
  it('lists one real bet of every game with its stake, payout, multiplier, result and fairness reference', async () => {
    const page = await bets(player);
    const byGame = new Map(page.data.map((r) => [r.game, r]));
    expect([...byGame.keys()].sort()).toEqual([...HISTORY_GAMES].sort());
    expect(page.meta.total).toBe(HISTORY_GAMES.length);
    // Newest first.
    const times = page.data.map((r) => Date.parse(r.placed_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const stored = await app.db.selectFrom('game_bets').selectAll().where('user_id', '=', player.id).execute();
    for (const bet of stored) {
      const row = byGame.get(bet.game)!;
      expect(row).toMatchObject({ id: `${bet.game}:${bet.id}`, stake: bet.amount / 100, payout: bet.payout / 100, multiplier: Number(bet.multiplier), fairness: `Seed pair ${bet.seed_pair_id}, nonce ${bet.nonce}` });
      // The pair is still in use: its server seed stays empty in the link.
      expect(row.verify_path).toContain('server_seed=&');
      expect(row.verify_path).toContain(`nonce=${bet.nonce}`);
    }
    expect(byGame.get('dice')!.result).toMatch(/^Roll \d+\.\d\d \(over 50\.00\), (won|lost)$/);
    expect(byGame.get('dice')!.verify_path).toMatch(/^\/dice\/provably-fair\?/);
    expect(byGame.get('plinko')!.verify_path).toMatch(/^\/plinko\/provably-fair\?.*rows=8&risk=low/);
    expect(byGame.get('upgrade')!.verify_path).toMatch(/^\/provably-fair\?.*chance=/);

    const opening = await app.db.selectFrom('inventory_items').innerJoin('items', 'items.id', 'inventory_items.item_id').select(['inventory_items.id', 'items.name', 'items.price', 'inventory_items.opening_price', 'inventory_items.nonce']).where('inventory_items.user_id', '=', player.id).where('inventory_items.box_id', '=', played.box.id).where('inventory_items.seed_pair_id', 'is not', null).executeTakeFirstOrThrow();
    expect(opening.opening_price).toBe(played.box.price);
    expect(byGame.get('box')).toMatchObject({ id: `box:${opening.id}`, stake: played.box.price / 100, payout: opening.price / 100, result: expect.stringContaining(opening.name) });
    // The link names the box version the opening was played with (docs/operator-console.md, "Catalog and boxes").
    const version = (await app.db.selectFrom('inventory_items').select('box_version_id').where('id', '=', opening.id).executeTakeFirstOrThrow()).box_version_id;
    expect(byGame.get('box')!.verify_path).toMatch(new RegExp(`^/provably-fair\\?server_seed=&client_seed=.+&nonce=${opening.nonce}&box_version=${version}$`));

    // A Mines board: what the cash-out answered; no verify link (its calculator needs the board's mine count, not in the journal).
    const { mines } = played;
    expect(byGame.get('mines')).toMatchObject({ id: `mines:${mines.id}`, stake: 1, payout: mines.payout, multiplier: mines.multiplier, result: `Cashed out at ${mines.multiplier.toFixed(2)}×`, fairness: expect.stringMatching(new RegExp(`nonce ${mines.nonce}$`)), verify_path: null });

    const crashRound = await app.db.selectFrom('rounds').select(['number', 'hash']).where('id', '=', played.crashRound).executeTakeFirstOrThrow();
    expect(byGame.get('crash')).toMatchObject({ stake: 2, payout: 3, multiplier: 1.5, result: 'Cashed out at 1.50×', fairness: `Round #${crashRound.number}`, verify_path: `/crash/provably-fair?hash=${crashRound.hash}&round=${crashRound.number}` });
    const wheelRound = await app.db.selectFrom('rounds').select(['number', 'hash']).where('id', '=', played.wheelRound).executeTakeFirstOrThrow();
    const wheelBet = await app.db.selectFrom('round_bets').select(['id', 'payout', 'multiplier', 'status']).where('round_id', '=', played.wheelRound).where('user_id', '=', player.id).executeTakeFirstOrThrow();
    expect(byGame.get('wheel')).toMatchObject({
      id: `wheel:${wheelBet.id}`,
      stake: 3,
      payout: Number(wheelBet.payout) / 100,
      multiplier: Number(wheelBet.multiplier),
      result: expect.stringMatching(new RegExp(`^Bet (Grey|Blue), ${wheelBet.status}$`)),
      verify_path: `/wheel/provably-fair?hash=${wheelRound.hash}&round=${wheelRound.number}`,
    });

    const battle = await waitForStatus(app, played.battle, 'ended');
    const mine = battle.seats.find((s) => s.user?.id === player.id)!;
    // The payout: the value of every item the battle awarded to the player's seat.
    const awarded = battle.winner!.awards.filter((a) => a.to_seat === mine.seat).reduce((sum, a) => sum + Math.round(battle.rounds[a.round - 1]!.results[a.seat]!.item.price * 100), 0);
    expect(byGame.get('battle')).toMatchObject({ id: `battle:${played.battle}`, stake: played.box.price / 100, payout: awarded / 100, result: awarded > 0 ? 'Won' : 'Lost', fairness: `Battle #${played.battle}` });
    expect(byGame.get('battle')!.verify_path).toBe(`/provably-fair?${new URLSearchParams({ battle_server_seed: battle.server_seed!, battle_client_seeds: battle.seats.map((s) => s.client_seed).join(','), battle_round: '1' }).toString()}#battle`);
  });

  it('filters by game and by whole days; the other player sees only their own bet', async () => {
    for (const game of HISTORY_GAMES) {
      const page = await bets(player, `?game=${game}`);
      expect(page.data.map((r) => r.game)).toEqual([game]);
    }
    // Each UTC day the bets were placed on holds exactly that day's bets; the day after the last holds none.
    const byDay = new Map<string, string[]>();
    for (const r of (await bets(player)).data) byDay.set(r.placed_at.slice(0, 10), [...(byDay.get(r.placed_at.slice(0, 10)) ?? []), r.game]);
    for (const [day, games] of byDay) expect((await bets(player, `?from=${day}&to=${day}`)).data.map((r) => r.game).sort(), day).toEqual(games.sort());
    const after = new Date(Date.parse(`${[...byDay.keys()].sort().at(-1)}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect((await bets(player, `?from=${after}`)).meta.total).toBe(0);
    expect((await bets(player, '?to=2025-12-31')).meta.total).toBe(0);

    const theirs = await bets(other);
    expect(theirs.data).toHaveLength(1);
    expect(theirs.data[0]).toMatchObject({ game: 'dice', result: expect.stringContaining('under 50.00') });
    expect(JSON.stringify(await bets(player))).not.toContain(theirs.data[0]!.id);
  });

  it('pages by 20 with links that keep the filters; the export\'s chunks walk every source in the same order', async () => {
    const p = await createPlayer(app, { deposited: 100_00 });
    for (let i = 0; i < HISTORY_PER_PAGE + 3; i++) await post(p, '/api/dice/bet', { amount: 0.1, target: 50, direction: 'over' });
    const first = await bets(p, '?game=dice');
    expect(first.data).toHaveLength(HISTORY_PER_PAGE);
    expect(first.meta).toMatchObject({ total: HISTORY_PER_PAGE + 3, last_page: 2 });
    expect(first.links.next).toBe('/api/profile/bets?game=dice&page=2');
    const second = await bets(p, '?game=dice&page=2');
    expect(second.data).toHaveLength(3);
    expect(second.links.next).toBeNull();
    const ids = [...first.data, ...second.data].map((r) => r.id);
    expect(new Set(ids).size).toBe(HISTORY_PER_PAGE + 3);

    // The export's chunks (resumed after the last row, not by offset) walk the same rows in the same order.
    expect(await walk(p.id, 4)).toEqual(ids);
    expect(await walk(player.id, 2)).toEqual((await bets(player)).data.map((r) => r.id));
  });

  /** Every bet of the player, `limit` at a time, each chunk after the last row of the one before. */
  async function walk(userId: number, limit: number): Promise<string[]> {
    const walked: string[] = [];
    let cursor: BetCursor | null = null;
    for (;;) {
      const chunk: Awaited<ReturnType<typeof listBets>> = await listBets(app.db, { userId }, { limit, ...(cursor ? { cursor } : {}) });
      if (chunk.rows.length === 0) return walked;
      walked.push(...chunk.rows.map((r) => r.id));
      cursor = chunk.last;
    }
  }

  it('refuses a bad filter with 422 and a missing token with 401', async () => {
    const bad = await get(player, '/api/profile/bets?game=poker&from=2026-02-30');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['from', 'game']);
    for (const url of ['/api/profile/bets', '/api/profile/bets/export.csv', '/api/profile/ledger', '/api/profile/ledger/export.csv']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('GET /api/profile/bets/export.csv', () => {
  it('downloads every filtered bet as CSV: the header, one line per bet, fields with commas quoted', async () => {
    const res = await get(player, '/api/profile/bets/export.csv?game=dice');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="bets.csv"');
    // The dice result holds a comma: the field is quoted.
    expect(res.body).toMatch(/,"Roll \d+\.\d\d \(over 50\.00\), (won|lost)",/);
    const [header, ...lines] = parseCsv(res.body);
    expect(header).toEqual([...BET_CSV_COLUMNS]);
    const [dice] = (await bets(player, '?game=dice')).data;
    expect(lines).toEqual([[dice!.id, 'dice', dice!.placed_at, String(dice!.stake), String(dice!.payout), String(dice!.multiplier), dice!.result, dice!.fairness, dice!.verify_path]]);

    const all = parseCsv((await get(player, '/api/profile/bets/export.csv')).body);
    expect(all.slice(1).map((l) => l[0])).toEqual((await bets(player)).data.map((r) => r.id));
    const theirs = parseCsv((await get(other, '/api/profile/bets/export.csv')).body);
    expect(theirs).toHaveLength(2);
    expect(theirs[1]![1]).toBe('dice');
  });
});

describe('GET /api/profile/ledger', () => {
  const ledger = async (p: Player, query = ''): Promise<{ data: LedgerRow[]; meta: { total: number } }> => {
    const res = await get(p, `/api/profile/ledger${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('lists every movement of the balance with its label, sign and the balance after it, filtered by kind', async () => {
    const page = await ledger(player);
    const stored = await app.db.selectFrom('ledger_entries').innerJoin('accounts', 'accounts.id', 'ledger_entries.account_id').select(['ledger_entries.id', 'ledger_entries.amount', 'ledger_entries.balance_after', 'ledger_entries.reason']).where('accounts.user_id', '=', player.id).orderBy('ledger_entries.id', 'desc').execute();
    expect(page.meta.total).toBe(stored.length);
    expect(page.data.map((r) => [r.id, r.reason, r.amount, r.balance_after])).toEqual(stored.slice(0, HISTORY_PER_PAGE).map((e) => [e.id, e.reason, e.amount / 100, e.balance_after! / 100]));
    expect(page.data[0]!.balance_after).toBe((await app.wallet.balance(player.id)) / 100);
    const deposit = (await ledger(player, '?kind=deposits')).data;
    expect(deposit).toEqual([expect.objectContaining({ reason: 'deposit', label: 'Deposit', kind: 'deposits', amount: 500, balance_after: 500, reference: 'test' })]);
    const games = (await ledger(player, '?kind=games')).data;
    expect(new Set(games.map((r) => r.reason))).toEqual(new Set(['dice_bet', 'limbo_bet', 'plinko_bet', 'upgrade_bet', 'mines_bet', 'mines_win', 'crash_bet', 'crash_win', 'wheel_bet', 'battle_stake', ...games.filter((r) => r.amount > 0).map((r) => r.reason)]));
    expect(games.find((r) => r.reason === 'crash_win')).toMatchObject({ label: 'Crash cash-out', amount: 3 });
    expect(games.find((r) => r.reason === 'mines_win')).toMatchObject({ label: 'Mines cash-out', amount: played.mines.payout });
    expect((await ledger(player, '?kind=boxes')).data.map((r) => [r.label, r.amount])).toEqual([['Box opened', -played.box.price / 100]]);
    // The ledger is stamped by the database (today), whatever the games' clock says.
    const today = new Date().toISOString().slice(0, 10);
    expect((await ledger(player, `?from=${today}&to=${today}`)).meta.total).toBe(stored.length);
    expect((await ledger(player, '?to=2026-01-01')).meta.total).toBe(0);
    expect((await ledger(other)).data.map((r) => r.reason).sort()).toEqual(['deposit', 'dice_bet', ...(await ledger(other)).data.filter((r) => r.reason === 'dice_win').map(() => 'dice_win')].sort());
  });

  it('exports the filtered movements as CSV, every one of a long history in order', async () => {
    const p = await createPlayer(app);
    const count = 520;
    await app.wallet.transaction(async (tx) => {
      for (let i = 0; i < count; i++) await tx.credit({ userId: p.id, amount: 1, reason: i % 2 ? 'cashback' : 'item_sale', ...(i === 0 ? { reference: 'inventory:1,2' } : {}) });
    });
    const res = await get(p, '/api/profile/ledger/export.csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="transactions.csv"');
    const [header, ...lines] = parseCsv(res.body);
    expect(header).toEqual([...LEDGER_CSV_COLUMNS]);
    expect(lines).toHaveLength(count);
    const ids = lines.map((l) => Number(l[0]));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(lines[0]).toEqual([String(ids[0]), expect.any(String), 'rewards', 'cashback', 'Cashback', '0.01', String(count / 100), '']);
    expect(lines.at(-1)).toEqual([String(ids.at(-1)), expect.any(String), 'items', 'item_sale', 'Items sold', '0.01', '0.01', 'inventory:1,2']);
    expect(res.body).toContain(',"inventory:1,2"\r\n');
    const sales = parseCsv((await get(p, '/api/profile/ledger/export.csv?kind=items')).body);
    expect(sales).toHaveLength(1 + count / 2);
  });
});
