import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createTestApp, hasPostgres, hasRedis } from '../../helpers/testApp.ts';
import { twoNodes } from '../../helpers/twoNodes.ts';
import { createStaff } from '../../helpers/staff.ts';
import { consoleApp } from './consoleApp.ts';
import { settlementPlayerOf } from '../../helpers/testServices.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { playInstantBet } from '../../../server/games/playInstantBet.ts';
import { decideDice } from '../../../server/games/dice/placeDiceBet.ts';
import { reportCommand } from '../../../server/reports/reportCommand.ts';
import { gameRows } from '../../../server/reports/gameReport.ts';
import { PROGRAMME_REASONS, PROGRAMMES, RTP_BAND_Z, RTP_MIN_BETS, type GameReportRow, type ProgrammeRow } from '../../../core/protocol/adminReports.ts';
import { DICE_RETURN } from '../../../core/games/dice.ts';
import { plinkoReturn } from '../../../core/games/plinko.ts';
import { centsOf } from '../../../core/money/cents.ts';
import { sql } from 'kysely';
import { ensurePromo } from '../../../server/promo/promoCodes.ts';
import { activeBonuses, forfeitBonus, grantBonus } from '../../../server/bonuses/grants.ts';
import { WHEEL_MULTIPLIERS, wheelColorAt, wheelReturnFraction, type WheelColor } from '../../../core/games/wheel.ts';
import { HOUSE_EDGE } from '../../../core/games/boxes.ts';
import { CRASH_RETURN } from '../../../core/games/crash.ts';
import { createCrashApp, createWheelApp } from '../../helpers/crashRounds.ts';
import { seedCatalog } from '../../helpers/boxes.ts';
import { FAST_BATTLES, shopBoxes, waitForStatus } from '../../helpers/battles.ts';
import { connected, listen, pusherClient, subscribed } from '../../helpers/realtimeClients.ts';

// The reports and the live board (docs/operator-console.md, "Reports", "Live board"): known bets
// played through the games' own routes and the money that left the house, each figure checked
// exactly; a broken payout rule shows as drift from the published return.

// The app and its operator, set up once for the file (consoleApp.ts).
const { state } = consoleApp();

const today = () => new Date().toISOString().slice(0, 10);
const report = (from: string, to = from) => state.app.inject({ method: 'GET', url: `/api/admin/reports?from=${from}&to=${to}`, headers: state.operator.headers });
const pct = (x: number) => Math.round(x * 10_000) / 100;
const sumCents = (values: number[]) => values.reduce((a, b) => a + centsOf(b), 0);

describe('the report of a day', () => {
  it('sums each game’s bets, wagered, paid, revenue and returns, and each money figure, exactly', async () => {
    const player = await createPlayer(state.app, { balance: 1_000_000 });
    const diceBets = [
      { amount: 1.5, target: 49.5 },
      { amount: 2, target: 90 },
      { amount: 0.25, target: 10 },
    ];
    const dicePaid: number[] = [];
    for (const b of diceBets) {
      const answer = await state.app.inject({ method: 'POST', url: '/api/dice/bet', headers: player.headers, payload: { ...b, direction: 'under' } });
      expect(answer.statusCode).toBe(200);
      dicePaid.push(answer.json().data.payout);
    }
    const plinkoBets = [
      { amount: 3, rows: 8, risk: 'low' as const },
      { amount: 1, rows: 16, risk: 'high' as const },
    ];
    const plinkoPaid: number[] = [];
    for (const b of plinkoBets) {
      const answer = await state.app.inject({ method: 'POST', url: '/api/plinko/bet', headers: player.headers, payload: b });
      expect(answer.statusCode).toBe(200);
      plinkoPaid.push(answer.json().data.payout);
    }
    // Money out of the house: a paid card invoice, and one credit of each reward as its owner pays it.
    const invoice = await state.app.db.insertInto('invoices').values({ user_id: player.id, gateway: 'zen', provider: 'zen', amount: 2500, status: 'paid' }).returning('id').executeTakeFirstOrThrow();
    await state.app.wallet.transaction(async (tx) => {
      await tx.credit({ userId: player.id, amount: 2500, reason: 'deposit', reference: `invoice:${invoice.id}` });
      await tx.credit({ userId: player.id, amount: 120, reason: 'cashback', reference: 'cashback:test' });
      await tx.credit({ userId: player.id, amount: 5000, reason: 'leaderboard_prize', reference: 'leaderboard:test' });
      await tx.credit({ userId: player.id, amount: 75, reason: 'referral_earnings', reference: `referrer:${player.id}` });
    });

    const answer = await report(today());
    expect(answer.statusCode).toBe(200);
    const { games, money } = answer.json().data;
    const diceWagered = sumCents(diceBets.map((b) => b.amount));
    const diceWon = sumCents(dicePaid);
    const diceMeasured = pct(diceWon / diceWagered);
    const dicePublished = pct(DICE_RETURN);
    expect(games).toContainEqual({ day: today(), game: 'dice', bets: 3, wagered: diceWagered / 100, paid: diceWon / 100, ggr: (diceWagered - diceWon) / 100, measured_return: diceMeasured, published_return: dicePublished, drift: Math.round((diceMeasured - dicePublished) * 100) / 100, drift_band: expect.any(Number), drift_flagged: false, bonus_cost: 0, ngr: (diceWagered - diceWon) / 100 });
    const plinkoWagered = sumCents(plinkoBets.map((b) => b.amount));
    const plinkoWon = sumCents(plinkoPaid);
    const plinkoPublished = pct((300 * plinkoReturn(8, 'low') + 100 * plinkoReturn(16, 'high')) / 400);
    const plinkoRow = games.find((g: { game: string }) => g.game === 'plinko');
    expect(plinkoRow).toEqual({ day: today(), game: 'plinko', bets: 2, wagered: 4, paid: plinkoWon / 100, ggr: (plinkoWagered - plinkoWon) / 100, measured_return: pct(plinkoWon / plinkoWagered), published_return: plinkoPublished, drift: Math.round((pct(plinkoWon / plinkoWagered) - plinkoPublished) * 100) / 100, drift_band: expect.any(Number), drift_flagged: false, bonus_cost: 0, ngr: (plinkoWagered - plinkoWon) / 100 });
    expect(money).toEqual(
      expect.arrayContaining([
        { day: today(), figure: 'deposits', method: 'zen', count: 1, amount: 25 },
        { day: today(), figure: 'cashback', method: null, count: 1, amount: 1.2 },
        { day: today(), figure: 'leaderboard_prizes', method: null, count: 1, amount: 50 },
        { day: today(), figure: 'affiliate_payouts', method: null, count: 1, amount: 0.75 },
      ]),
    );
    // Another day has none of it.
    const none = { wagered: 0, paid: 0, ggr: 0, bonus_cost: 0, ngr: 0 };
    expect((await report('2020-01-01')).json().data).toEqual({ from: '2020-01-01', to: '2020-01-01', games: [], game_totals: { bets: 0, ...none }, money: [], money_totals: [], days: [], totals: none, programmes: [], programme_totals: [] });

    // The CSV: the same rows, streamed as a download.
    const csv = await state.app.inject({ method: 'GET', url: `/api/admin/reports/export.csv?from=${today()}&to=${today()}&table=games`, headers: state.operator.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="report-games-${today()}-${today()}.csv"`);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('day,game,bets,wagered,paid,ggr,measured_return,published_return,drift,bonus_cost,ngr');
    expect(lines).toContain(`${today()},dice,3,${diceWagered / 100},${diceWon / 100},${(diceWagered - diceWon) / 100},${diceMeasured},${dicePublished},${Math.round((diceMeasured - dicePublished) * 100) / 100},0,${(diceWagered - diceWon) / 100}`);
    const moneyCsv = await state.app.inject({ method: 'GET', url: `/api/admin/reports/export.csv?from=${today()}&to=${today()}&table=money`, headers: state.operator.headers });
    expect(moneyCsv.body).toContain(`${today()},deposits,zen,1,25\r\n`);
    await expectLedgerBalanced(state.app);
  });

  it('refuses a bad range with the field', async () => {
    expect((await report('2026-02-30')).json().errors).toEqual({ from: ['The from field must be a date (YYYY-MM-DD).'], to: ['The to field must be a date (YYYY-MM-DD).'] });
    expect((await report('2026-03-02', '2026-03-01')).json().errors).toEqual({ to: ['The to date must be the from date or later.'] });
    expect((await report('2026-01-01', '2026-06-01')).json().errors).toEqual({ to: ['A report covers at most 92 days.'] });
    expect((await state.app.inject({ method: 'GET', url: `/api/admin/reports/export.csv?from=${today()}&to=${today()}&table=x`, headers: state.operator.headers })).statusCode).toBe(422);
  });
});

describe('round games and boxes', () => {
  it('counts a wheel round’s settled bets on their day, weighed by each colour’s return, and paid box openings by their items’ value', async () => {
    const ctx = await createWheelApp();
    const { app: wheelApp } = ctx;
    try {
      const reader = await createStaff(wheelApp, 'operator');
      const player = await createPlayer(wheelApp, { balance: 100_000 });
      const round = await ctx.nextBettingRound();
      const winning = wheelColorAt(round.segment);
      const losing: WheelColor = winning === 'grey' ? 'blue' : 'grey';
      for (const [amount, color] of [[4, winning], [3, losing]] as const) {
        expect((await wheelApp.inject({ method: 'POST', url: '/api/wheel/bet', headers: player.headers, payload: { amount, color } })).statusCode).toBe(200);
      }
      // A third bet canceled: its stake came back, so it is no bet.
      const canceled = (await wheelApp.inject({ method: 'POST', url: '/api/wheel/bet', headers: player.headers, payload: { amount: 9, color: losing } })).json().data.bet.id;
      expect((await wheelApp.inject({ method: 'POST', url: `/api/wheel/bet/${canceled}/cancel`, headers: player.headers, payload: {} })).statusCode).toBe(200);
      await ctx.finishRound(round);
      const day = new Date(ctx.clock.now()).toISOString().slice(0, 10);
      const ret = (c: WheelColor) => wheelReturnFraction(c).numerator / wheelReturnFraction(c).denominator;
      const paid = Math.floor((400 * WHEEL_MULTIPLIERS[winning]) / 100);
      const measured = pct(paid / 700);
      const published = pct((400 * ret(winning) + 300 * ret(losing)) / 700);
      const games = (await wheelApp.inject({ method: 'GET', url: `/api/admin/reports?from=${day}&to=${day}`, headers: reader.headers })).json().data.games;
      expect(games).toEqual([{ day, game: 'wheel', bets: 2, wagered: 7, paid: paid / 100, ggr: (700 - paid) / 100, measured_return: measured, published_return: published, drift: Math.round((measured - published) * 100) / 100, drift_band: expect.any(Number), drift_flagged: false, bonus_cost: 0, ngr: (700 - paid) / 100 }]);

      await seedCatalog(wheelApp);
      const box = (await wheelApp.inject({ url: '/api/boxes/gift-card-grab' })).json().data;
      const opened = await wheelApp.inject({ method: 'POST', url: '/api/boxes/gift-card-grab/open', headers: player.headers, payload: { quantity: 2 } });
      expect(opened.statusCode).toBe(200);
      const won = sumCents(opened.json().data.openings.map((o: { item: { price: number } }) => o.item.price));
      const wagered = 2 * centsOf(box.price);
      const boxes = (await wheelApp.inject({ method: 'GET', url: `/api/admin/reports?from=${today()}&to=${today()}`, headers: reader.headers })).json().data.games;
      const boxMeasured = pct(won / wagered);
      expect(boxes).toEqual([{ day: today(), game: 'boxes', bets: 2, wagered: wagered / 100, paid: won / 100, ggr: (wagered - won) / 100, measured_return: boxMeasured, published_return: pct(1 - HOUSE_EDGE), drift: Math.round((boxMeasured - pct(1 - HOUSE_EDGE)) * 100) / 100, drift_band: expect.any(Number), drift_flagged: false, bonus_cost: 0, ngr: (wagered - won) / 100 }]);
      await expectLedgerBalanced(wheelApp);
    } finally {
      await wheelApp.close();
    }
  });
});

describe('crash', () => {
  it('counts a cashed-out bet’s payout and a busted one’s stake, against crash’s 99 %', async () => {
    const ctx = await createCrashApp();
    try {
      const reader = await createStaff(ctx.app, 'operator');
      const player = await createPlayer(ctx.app, { balance: 10_000 });
      const other = await createPlayer(ctx.app, { balance: 10_000 });
      const round = await ctx.nextBettingRound((c) => c >= 2);
      const place = (headers: Record<string, string>, payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/crash/bet', headers, payload });
      expect((await place(player.headers, { amount: 5, auto_cashout: 1.5 })).statusCode).toBe(200);
      expect((await place(other.headers, { amount: 3, auto_cashout: null })).statusCode).toBe(200);
      await ctx.finishRound(round);
      const day = new Date(ctx.clock.now()).toISOString().slice(0, 10);
      const published = pct(CRASH_RETURN);
      const games = (await ctx.app.inject({ method: 'GET', url: `/api/admin/reports?from=${day}&to=${day}`, headers: reader.headers })).json().data.games;
      expect(games).toEqual([{ day, game: 'crash', bets: 2, wagered: 8, paid: 7.5, ggr: 0.5, measured_return: 93.75, published_return: published, drift: Math.round((93.75 - published) * 100) / 100, drift_band: expect.any(Number), drift_flagged: false, bonus_cost: 0, ngr: 0.5 }]);
    } finally {
      await ctx.app.close();
    }
  });
});

describe('battles', () => {
  it('counts the players’ seats of an ended battle and the items the winner took', async () => {
    const battleApp = await createTestApp(FAST_BATTLES);
    try {
      await seedCatalog(battleApp);
      const reader = await createStaff(battleApp, 'operator');
      const [box] = await shopBoxes(battleApp, 1);
      const p1 = await createPlayer(battleApp, { balance: 10 * box!.price });
      const p2 = await createPlayer(battleApp, { balance: 10 * box!.price });
      const created = await battleApp.inject({ method: 'POST', url: '/api/battles/create', headers: p1.headers, payload: { boxes: [{ slug: box!.slug, quantity: 2 }], mode: '1v1' } });
      const id = created.json().data.id as number;
      expect((await battleApp.inject({ method: 'POST', url: `/api/battles/${id}/join`, headers: p2.headers, payload: {} })).statusCode).toBe(200);
      const ended = await waitForStatus(battleApp, id, 'ended');
      const wagered = 2 * 2 * box!.price;
      // Two players: every item goes to one of them, so the players were paid the whole prize.
      const paid = centsOf(ended.winner!.prize);
      const measured = pct(paid / wagered);
      const published = pct(1 - HOUSE_EDGE);
      const games = (await battleApp.inject({ method: 'GET', url: `/api/admin/reports?from=${today()}&to=${today()}`, headers: reader.headers })).json().data.games;
      expect(games).toEqual([{ day: today(), game: 'battles', bets: 2, wagered: wagered / 100, paid: paid / 100, ggr: (wagered - paid) / 100, measured_return: measured, published_return: published, drift: Math.round((measured - published) * 100) / 100, drift_band: expect.any(Number), drift_flagged: false, bonus_cost: 0, ngr: (wagered - paid) / 100 }]);
    } finally {
      await battleApp.close();
    }
  });
});

describe('drift', () => {
  it('shows a broken payout rule as the measured return leaving the published one', async () => {
    // A fresh app: this day's dice row holds only the broken bets.
    const broken = await createTestApp();
    try {
      const reader = await createStaff(broken, 'operator');
      const player = await createPlayer(broken, { balance: 100_000 });
      // The dice flow with a rule that pays every bet twice its stake (a bug in the payout), settled as any bet is.
      for (let i = 0; i < 4; i += 1) {
        await playInstantBet(broken, {
          game: 'dice',
          player: settlementPlayerOf(broken, player),
          amount: 1000,
          params: { target: 49.5, direction: 'under' },
          decide: (seed) => ({ ...decideDice(seed, 1000, 49.5, 'under'), payout: 2000, multiplier: 2 }),
        });
      }
      const rows = (await broken.inject({ method: 'GET', url: `/api/admin/reports?from=${today()}&to=${today()}`, headers: reader.headers })).json().data.games;
      expect(rows).toEqual([{ day: today(), game: 'dice', bets: 4, wagered: 40, paid: 80, ggr: -40, measured_return: 200, published_return: pct(DICE_RETURN), drift: Math.round((200 - pct(DICE_RETURN)) * 100) / 100, drift_band: expect.any(Number), drift_flagged: false, bonus_cost: 0, ngr: -40 }]);
      await expectLedgerBalanced(broken);
    } finally {
      await broken.close();
    }
  });
});

describe('drift against a confidence band', () => {
  const dice = (bets: number, stake: number, wins: number, payout: number) => ({ day: '2026-11-27', game: 'dice' as const, param: null, bets, wagered: bets * stake, paid: wins * payout, ss: bets * stake * stake, pp: wins * payout * payout, sp: wins * stake * payout });
  it('flags a drift only outside the band of the bets’ own spread and on at least RTP_MIN_BETS bets, with the sample size', () => {
    // 14 bets all lost: 99 points under, far outside their (wide) band, but 14 bets are no finding.
    const [few] = gameRows([dice(14, 10_00, 0, 0)]);
    expect(few).toMatchObject({ bets: 14, measured_return: 0, drift_flagged: false });
    expect(few!.drift_band).toBeGreaterThan(50);
    // 10 000 bets of 1.00 at 2×: 5 500 wins is a return of 110 %, 11 points over a band of about 3.
    const [broken] = gameRows([dice(10_000, 1_00, 5_500, 2_00)]);
    expect(broken).toMatchObject({ bets: 10_000, measured_return: 110, drift_flagged: true });
    // The band: RTP_BAND_Z standard errors, √Σ(payout − rtp × stake)² / Σ stake, in points.
    expect(broken!.drift_band).toBeCloseTo(RTP_BAND_Z * Math.sqrt(2.2 - 2.2 * DICE_RETURN + DICE_RETURN ** 2), 1);
    // 5 000 wins (100 %): 1 point over, within the band.
    const [fair] = gameRows([dice(10_000, 1_00, 5_000, 2_00)]);
    expect(fair).toMatchObject({ measured_return: 100, drift_flagged: false });
    expect(Math.abs(fair!.drift!)).toBeLessThan(fair!.drift_band!);
    expect(RTP_MIN_BETS).toBe(100);
  });
});

describe('the ops report', () => {
  it('prints the same figures as a table and as CSV', async () => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
    try {
      await reportCommand.run(state.app, { from: today() });
      await reportCommand.run(state.app, { from: today(), to: today(), csv: 'money' });
      await expect(reportCommand.run(state.app, { from: 'yesterday' })).rejects.toThrow('The from field must be a date (YYYY-MM-DD).');
    } finally {
      spy.mockRestore();
    }
    const out = written.join('');
    expect(out).toMatch(new RegExp(`${today()}\\s+dice\\s+3\\s`));
    expect(out).toContain(`day,figure,method,count,amount\r\n`);
    expect(out).toContain(`${today()},deposits,zen,1,25\r\n`);
  });
});

describe('the live board', () => {
  it('shows this node as the leader, the bets of the last minute and the queues', async () => {
    // The last minute's bets are this test's own two: the file's earlier bets are set two minutes
    // back (a loaded machine takes more than a minute to get here; a quiet one less).
    await sql`update bets set placed_at = placed_at - interval '2 minutes'`.execute(state.app.db);
    const player = await createPlayer(state.app, { balance: 10_000 });
    for (const amount of [1, 2]) expect((await state.app.inject({ method: 'POST', url: '/api/dice/bet', headers: player.headers, payload: { amount, target: 50, direction: 'under' } })).statusCode).toBe(200);
    const answer = await state.app.inject({ method: 'GET', url: '/api/admin/board', headers: state.operator.headers });
    expect(answer.statusCode).toBe(200);
    const board = answer.json().data;
    expect(board.nodes).toHaveLength(1);
    expect(board.leader).toBe(state.app.nodeHeartbeat.id);
    expect(board.nodes[0]).toMatchObject({ id: state.app.nodeHeartbeat.id, leader: true, players: 0, connections: 0 });
    expect(board.players_online).toBe(0);
    expect(board.bets_last_minute).toBe(2);
    expect(board.rounds.map((r: { game: string }) => r.game)).toEqual(['crash', 'wheel']);
    expect(board.battles_running).toBe(0);
    expect(board.queues).toEqual({ shipping: 0, support: 0, withdrawals: 0, mail_outbox: null });
  });
});

describe.runIf(hasPostgres && hasRedis)('two nodes with PostgreSQL and Redis', () => {
  const nodes = twoNodes('shop_board');

  it('the board of either node lists both, exactly one of them the leader (the advisory lock’s holder); the report reads PostgreSQL alike', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    const reader = await createStaff(a, 'operator');
    const player = await createPlayer(a, { balance: 10_000 });
    expect((await b.inject({ method: 'POST', url: '/api/dice/bet', headers: player.headers, payload: { amount: 1, target: 49.5, direction: 'under' } })).statusCode).toBe(200);
    const boardOf = async (node: FastifyInstance) => (await node.inject({ method: 'GET', url: '/api/admin/board', headers: reader.headers })).json().data;
    const deadline = Date.now() + 10_000;
    let board = await boardOf(b);
    // Both heartbeats written and the lock taken (LEADER_POLL_MS 100).
    while (board.nodes.length < 2 || board.leader === null) {
      if (Date.now() > deadline) throw new Error(`board never showed two nodes and a leader: ${JSON.stringify(board)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      board = await boardOf(b);
    }
    expect(board.nodes.map((n: { id: string }) => n.id).sort()).toEqual([a.nodeHeartbeat.id, b.nodeHeartbeat.id].sort());
    expect(board.nodes.filter((n: { leader: boolean }) => n.leader)).toHaveLength(1);
    const leading = [a, b].filter((n) => n.realtime.leader.isLeader());
    expect(leading).toHaveLength(1);
    expect(board.leader).toBe(leading[0]!.nodeHeartbeat.id);
    expect(board.bets_last_minute).toBe(1);
    expect(board.rounds.map((r: { game: string }) => r.game)).toEqual(['crash', 'wheel']);

    const games = (await a.inject({ method: 'GET', url: `/api/admin/reports?from=${today()}&to=${today()}`, headers: reader.headers })).json().data.games;
    expect(games).toContainEqual(expect.objectContaining({ game: 'dice', bets: 1, wagered: 1 }));

    // A signed-in player's socket on node B (its private channel) and a guest's: node A's board counts them.
    const port = await listen(b);
    const signedIn = pusherClient(port, player.token);
    const guest = pusherClient(port);
    try {
      await Promise.all([connected(signedIn), connected(guest)]);
      expect(await subscribed(signedIn.subscribe(`private-users.${player.id}`))).toEqual({ result: 'ok' });
      await b.nodeHeartbeat.beat(); // as its timer does every few seconds
      const seen = await boardOf(a);
      expect(seen.players_online).toBe(1);
      expect(seen.connections).toBe(2);
      expect(seen.nodes.find((n: { id: string }) => n.id === b.nodeHeartbeat.id)).toMatchObject({ players: 1, connections: 2 });
    } finally {
      signedIn.disconnect();
      guest.disconnect();
    }
  });
});

// Last in the file: its bets would count in the other tests' figures of the day.
describe('revenue: GGR, bonus cost and NGR (docs/bonuses.md)', () => {
  it("equals the day's journal and ledger sums to the cent, with NGR = GGR − bonus cost", async () => {
    await ensurePromo(state.app.db, { code: 'report50', value: 50, wageringMultiple: 1, bonusDays: 7 });
    const player = await createPlayer(state.app);
    const res = await state.app.inject({ method: 'POST', url: '/api/deposit/zen/redirect', headers: player.headers, payload: { amount: 100, promocode: 'report50' } });
    const id = Number(/(\d+)$/.exec(res.json().redirect_url)![1]);
    await state.app.inject({ method: 'POST', url: `/api/sandbox/checkout/${id}/complete`, headers: player.headers, payload: { status: 'paid' } });
    for (const amount of [3.33, 1.01, 7]) expect((await state.app.inject({ method: 'POST', url: '/api/dice/bet', headers: player.headers, payload: { amount, target: 60, direction: 'under' } })).statusCode).toBe(200);
    const [grant] = await activeBonuses(state.app.db, player.id);
    expect(await forfeitBonus(state.app.wallet, player.id, grant!.id)).toBe(true);

    const { days, totals, money, game_totals: gameTotals, money_totals: moneyTotals } = (await report(today())).json().data;
    const start = `${today()}T00:00:00Z`;
    const { rows } = await sql<{ wagered: string; paid: string; granted: string; forfeited: string }>`
      select (select coalesce(sum(stake), 0) from bets where status = 'settled' and stake > 0 and placed_at >= ${start}::timestamptz) as wagered,
        (select coalesce(sum(payout), 0) from bets where status = 'settled' and stake > 0 and placed_at >= ${start}::timestamptz) as paid,
        (select coalesce(sum(l.amount), 0) from ledger_entries l join accounts a on a.id = l.account_id and a.kind = 'user' where l.reason = 'deposit_bonus' and l.created_at >= ${start}::timestamptz) as granted,
        (select coalesce(-sum(l.amount), 0) from ledger_entries l join accounts a on a.id = l.account_id and a.kind = 'user' where l.reason = 'bonus_forfeit' and l.created_at >= ${start}::timestamptz) as forfeited`.execute(state.app.db);
    const sums = { wagered: Number(rows[0]!.wagered), paid: Number(rows[0]!.paid), granted: Number(rows[0]!.granted), forfeited: Number(rows[0]!.forfeited) };
    expect(sums.granted).toBeGreaterThanOrEqual(50_00);
    expect(sums.forfeited).toBeGreaterThan(0);
    const ggr = sums.wagered - sums.paid;
    const cost = sums.granted - sums.forfeited;
    const expected = { day: today(), wagered: sums.wagered / 100, paid: sums.paid / 100, ggr: ggr / 100, bonus_cost: cost / 100, ngr: (ggr - cost) / 100 };
    expect(days).toEqual([expected]);
    expect(centsOf(days[0].ngr)).toBe(centsOf(days[0].ggr) - centsOf(days[0].bonus_cost));
    const { day: _day, ...range } = expected;
    expect(totals).toEqual(range);
    expect(money).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ day: today(), figure: 'bonuses_granted', amount: sums.granted / 100 }),
        expect.objectContaining({ day: today(), figure: 'bonuses_forfeited', amount: sums.forfeited / 100 }),
        // The three dice bets counted toward the bonus at dice's 100 % (the journal's stakes).
        { day: today(), figure: 'bonuses_wagered', method: null, count: 3, amount: 11.34 },
      ]),
    );
    // Totals rows: the games' over the range equal the revenue's; each money figure's total sums its rows.
    expect(gameTotals).toMatchObject({ wagered: totals.wagered, paid: totals.paid, ggr: totals.ggr, bonus_cost: totals.bonus_cost, ngr: totals.ngr });
    // Per game: the day's rows share out its bonus cost and sum to its NGR to the cent.
    const { games } = (await report(today())).json().data as { games: GameReportRow[] };
    expect(sumCents(games.map((g) => g.bonus_cost))).toBe(centsOf(days[0].bonus_cost));
    expect(sumCents(games.map((g) => g.ngr))).toBe(centsOf(days[0].ngr));
    for (const g of games) expect(centsOf(g.ngr)).toBe(centsOf(g.ggr) - centsOf(g.bonus_cost));
    expect(moneyTotals).toContainEqual({ figure: 'bonuses_granted', count: expect.any(Number), amount: sums.granted / 100 });
  });
});

describe('per-game NGR and the programmes (docs/bonuses.md, "Reports")', () => {
  it('shares a day’s bonus cost out by each grant’s weighted stakes, to the cent; each programme is its ledger sum; the revenue CSV is the JSON', async () => {
    // A fresh app: the day holds only this test's bets, grants and payouts.
    const app = await createTestApp();
    try {
      const reader = await createStaff(app, 'operator');
      const player = await createPlayer(app, { balance: 100_000 });
      const idle = await createPlayer(app);
      const terms = { multiple: 1, base: 'bonus' as const, days: 7, maxBet: null, weights: { dice: 100, plinko: 50 } };
      // 10.01 granted to a player who then wagers 3.00 on dice (100 %) and 2.00 on plinko (50 %): weighted 300 and 100.
      await app.wallet.transaction((tx) => grantBonus(tx, { userId: player.id, amount: 10_01, deposit: 0, source: 'console', reference: 'console:ngr', promoCodeId: null, terms }));
      // A rank-up bonus nobody has played toward: unattributed, and the VIP rank-up programme's payout.
      await app.wallet.transaction((tx) => grantBonus(tx, { userId: idle.id, amount: 5_00, deposit: 0, source: 'vip_rank', reference: 'vip_rank:ngr', promoCodeId: null, terms }));
      expect((await app.inject({ method: 'POST', url: '/api/dice/bet', headers: player.headers, payload: { amount: 3, target: 50, direction: 'under' } })).statusCode).toBe(200);
      expect((await app.inject({ method: 'POST', url: '/api/plinko/bet', headers: player.headers, payload: { amount: 2, rows: 8, risk: 'low' } })).statusCode).toBe(200);
      await app.wallet.transaction(async (tx) => {
        for (const [reason, amount] of [['vip_rakeback', 30], ['race_prize', 2_00], ['challenge_prize', 1_50], ['cashback', 1_20], ['leaderboard_prize', 40], ['referral_earnings', 75]] as const) {
          await tx.credit({ userId: player.id, amount, reason, reference: `${reason}:ngr` });
        }
        // An invited player's welcome reward is a grant too, played toward by nobody yet: unattributed.
        await grantBonus(tx, { userId: player.id, amount: 50, deposit: 0, source: 'referral', reference: 'referrer:ngr', promoCodeId: null, terms });
        // A rain's share of 2.00 whose pot held 0.60 a player tipped in: the house gave 1.40 of it.
        await tx.debit({ userId: player.id, amount: 60, reason: 'rain_tip', reference: 'tip:ngr' });
        await grantBonus(tx, { userId: idle.id, amount: 2_00, deposit: 0, source: 'rain', reference: 'rain:ngr', promoCodeId: null, terms });
      });

      const data = (await app.inject({ method: 'GET', url: `/api/admin/reports?from=${today()}&to=${today()}`, headers: reader.headers })).json().data;
      const games = data.games as GameReportRow[];
      const row = (game: string) => games.find((g) => g.game === game)!;
      // By hand: 10.01 × 300/400 = 7.5075 and × 100/400 = 2.5025; floored 7.50 + 2.50, the cent left goes to the larger remainder (dice's .75).
      expect(row('dice').bonus_cost).toBe(7.51);
      expect(row('plinko').bonus_cost).toBe(2.5);
      expect(row('unattributed')).toEqual({ day: today(), game: 'unattributed', bets: 0, wagered: 0, paid: 0, ggr: 0, measured_return: null, published_return: null, drift: null, drift_band: null, drift_flagged: false, bonus_cost: 6.9, ngr: -6.9 });
      for (const g of games) expect(centsOf(g.ngr)).toBe(centsOf(g.ggr) - centsOf(g.bonus_cost));
      expect(data.days).toHaveLength(1);
      // 10.01 + 5.00 + 0.50 + 2.00 granted, less the 0.60 players tipped into the rain.
      expect(data.days[0].bonus_cost).toBe(16.91);
      expect(data.money).toContainEqual({ day: today(), figure: 'rain_tips', method: null, count: 1, amount: 0.6 });
      expect(sumCents(games.map((g) => g.ngr))).toBe(centsOf(data.days[0].ngr));
      expect(data.game_totals).toMatchObject({ bonus_cost: 16.91, ngr: data.totals.ngr });

      // Each programme's payouts equal its reasons' ledger rows (debits netting them), counted by its credits, and its share is of the day's GGR.
      const ggr = centsOf(data.days[0].ggr);
      for (const programme of PROGRAMMES) {
        const { rows } = await sql<{ amount: string; count: number }>`
          select coalesce(sum(l.amount), 0) as amount, (count(*) filter (where l.amount > 0))::int as count from ledger_entries l join accounts a on a.id = l.account_id and a.kind = 'user'
          where l.reason in (${sql.join([...PROGRAMME_REASONS[programme]])})`.execute(app.db);
        const cents = Number(rows[0]!.amount);
        const found = (data.programmes as ProgrammeRow[]).find((p) => p.programme === programme);
        if (cents === 0) expect(found).toBeUndefined();
        else expect(found).toEqual({ day: today(), programme, count: rows[0]!.count, amount: cents / 100, ggr_share: ggr > 0 ? Math.round((cents / ggr) * 10_000) / 100 : null });
      }
      expect(data.programmes.map((p: ProgrammeRow) => p.programme)).toEqual(['vip_rakeback', 'vip_rank_up', 'races', 'challenges', 'cashback', 'leaderboard', 'referral', 'rain']);
      expect(data.programme_totals.find((t: { programme: string }) => t.programme === 'rain')).toMatchObject({ count: 1, amount: 1.4 });
      expect(data.programme_totals.find((t: { programme: string }) => t.programme === 'referral')).toMatchObject({ count: 2, amount: 1.25 });

      // The revenue CSV: the day's revenue and each programme's payouts, as in the JSON; the ops command writes the same file.
      const csv = await app.inject({ method: 'GET', url: `/api/admin/reports/export.csv?from=${today()}&to=${today()}&table=revenue`, headers: reader.headers });
      expect(csv.statusCode).toBe(200);
      const d = data.days[0];
      const paid = (p: string) => (data.programmes as ProgrammeRow[]).find((r) => r.programme === p)?.amount ?? 0;
      expect(csv.body).toBe(`day,wagered,paid,ggr,bonus_cost,ngr,${PROGRAMMES.join(',')}\r\n${[d.day, d.wagered, d.paid, d.ggr, d.bonus_cost, d.ngr, ...PROGRAMMES.map(paid)].join(',')}\r\n`);
      const written: string[] = [];
      const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
      try {
        await reportCommand.run(app, { from: today(), csv: 'revenue' });
        await expect(reportCommand.run(app, { from: today(), csv: 'players' })).rejects.toThrow('--csv must be games, money, revenue');
      } finally {
        spy.mockRestore();
      }
      expect(written.join('')).toBe(csv.body);
    } finally {
      await app.close();
    }
  });
});
