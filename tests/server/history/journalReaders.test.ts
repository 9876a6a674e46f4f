import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { wheelColorAt } from '../../../core/games/wheel.ts';
import { levelOf } from '../../../core/games/levels.ts';
import { cashbackRate, STAKE_EDGE_BP } from '../../../core/games/rewards.ts';
import type { GameId } from '../../../core/games/catalog.ts';
import type { BetHistoryRow } from '../../../core/protocol/history.ts';
import { leaderboardRace } from '../../../server/races/leaderboard.ts';
import { raceStandings } from '../../../server/races/races.ts';
import { buildTestApp, createPlayer } from '../../helpers/testApp.ts';
import { testConfig } from '../../helpers/testConfig.ts';
import { manualClock } from '../../helpers/manualClock.ts';
import { roundDriver } from '../../helpers/crashRounds.ts';
import { seedCatalog } from '../../helpers/boxes.ts';
import { FAST_BATTLES, shopBoxes, waitForStatus } from '../../helpers/battles.ts';
import { createStaff } from '../../helpers/staff.ts';
import { parseCsv } from '../../helpers/csvParse.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';

// The issue's proof that every reader reads the one record of play (docs/architecture.md, "One
// record of play"): one player plays every game on one day through the games' own routes (a box
// opening, a battle against a bot, an upgrade, dice, plinko, crash cashed out, wheel), with a wheel bet
// taken back (refunded) and a battle canceled (its seat refunded), then cancels a withdrawal. The
// history, its CSV, the console's report, XP (users.wagered), the limits' used amounts, the reality
// check's session, cashback's base and the leaderboard's wagered figure must each equal a sum written here straight over `bets`:
// every status shows in the history, only open and settled bets are play, only settled ones with a
// stake are in the report. A reader that counts a refunded bet, or reads anything but the journal,
// disagrees with these sums on that day of play.

type Player = Awaited<ReturnType<typeof createPlayer>>;
interface JournalRow {
  game: GameId;
  ref_id: number;
  status: 'open' | 'settled' | 'refunded' | 'voided';
  stake: number;
  payout: number | null;
}

let app: FastifyInstance;
let clock: ReturnType<typeof manualClock>;
let player: Player;
let journal: JournalRow[];

const coins = (cents: number) => cents / 100;
const sum = (rows: readonly JournalRow[], pick: (r: JournalRow) => number | null) => rows.reduce((s, r) => s + (pick(r) ?? 0), 0);
const isPlay = (r: JournalRow) => r.status === 'open' || r.status === 'settled';

async function post(url: string, payload: object = {}) {
  const res = await app.inject({ method: 'POST', url, headers: player.headers, payload });
  expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}
async function get(url: string, headers = player.headers) {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res;
}

beforeAll(async () => {
  clock = manualClock(Date.now());
  app = await buildTestApp(testConfig({ CRASH_ENABLED: 'true', WHEEL_ENABLED: 'true', ...FAST_BATTLES }), { seed: false, clock });
  await seedCatalog(app);
  player = await createPlayer(app, { deposited: 500_00 });
  // The round games place their bets at the clock's time: from the sign-in on, as every other bet.
  clock.set(Date.now());

  await post('/api/dice/bet', { amount: 1, target: 50, direction: 'over' });
  await post('/api/plinko/bet', { amount: 1.5, rows: 8, risk: 'low' });
  const target = await app.db.selectFrom('items').select(['id', 'price']).where('price', '>=', 400).orderBy('price').executeTakeFirstOrThrow();
  await post('/api/upgrade', { amount: Math.ceil(target.price / 4) / 100, target_item_id: target.id });
  const [box] = await shopBoxes(app, 1);
  await post(`/api/boxes/${box!.slug}/open`, { quantity: 1 });

  const crash = roundDriver(app, clock, 'crash');
  const round = await crash.nextBettingRound((point) => point >= 2);
  await post('/api/crash/bet', { amount: 2, auto_cashout: 1.5 });
  await crash.finishRound(round);

  const wheel = roundDriver(app, clock, 'wheel');
  const spin = await wheel.nextBettingRound();
  await post('/api/wheel/bet', { amount: 3, color: wheelColorAt(spin.segment) === 'grey' ? 'grey' : 'blue' });
  const takenBack = (await post('/api/wheel/bet', { amount: 9, color: 'gold' })).data.bet.id as number;
  await post(`/api/wheel/bet/${takenBack}/cancel`);
  await wheel.finishRound(spin);

  const battle = (await post('/api/battles/create', { boxes: [{ slug: box!.slug, quantity: 1 }], mode: '1v1' })).data.id as number;
  await post(`/api/battles/${battle}/add-bots`, { bots: 1 });
  clock.set(clock.now() + 60_000);
  await waitForStatus(app, battle, 'ended');
  const canceled = (await post('/api/battles/create', { boxes: [{ slug: box!.slug, quantity: 2 }], mode: '1v1' })).data.id as number;
  await post(`/api/battles/${canceled}/cancel`);

  // A withdrawal asked for and canceled: money moves back, but it is no bet.
  const withdrawal = await post('/api/profile/withdrawals', { type: 'crypto', amount: 50, currency: 'BTC', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' });
  await post(`/api/profile/withdrawals/${withdrawal.data.id}/cancel`);

  const { rows } = await sql<JournalRow>`select game, ref_id, status, stake, payout from bets where user_id = ${player.id} order by id`.execute(app.db);
  journal = rows.map((r) => ({ ...r, ref_id: Number(r.ref_id), stake: Number(r.stake), payout: r.payout === null ? null : Number(r.payout) }));
}, 90_000);
afterAll(() => app?.close());

describe('every reader agrees with the bets journal on a day of every game', () => {
  it('the journal holds every stake: one row per bet, the taken-back wheel bet and the canceled battle refunded', () => {
    expect(new Set(journal.map((r) => r.game))).toEqual(new Set(['dice', 'plinko', 'upgrade', 'box', 'crash', 'wheel', 'battle']));
    expect(journal.filter((r) => r.status === 'refunded').map((r) => r.game).sort()).toEqual(['battle', 'wheel']);
    expect(journal.filter((r) => r.status === 'open')).toEqual([]);
  });

  it('the history and its CSV list every journal row with its stake and payout', async () => {
    const page = (await get('/api/profile/bets')).json() as { data: BetHistoryRow[]; meta: { total: number } };
    expect(page.meta.total).toBe(journal.length);
    expect(page.data.map((r) => r.id).sort()).toEqual(journal.map((r) => `${r.game}:${r.ref_id}`).sort());
    expect(page.data.reduce((s, r) => s + Math.round(r.stake * 100), 0)).toBe(sum(journal, (r) => r.stake));
    expect(page.data.reduce((s, r) => s + Math.round((r.payout ?? 0) * 100), 0)).toBe(sum(journal, (r) => r.payout));
    for (const r of journal) expect(page.data.find((h) => h.id === `${r.game}:${r.ref_id}`), `${r.game}:${r.ref_id}`).toMatchObject({ stake: coins(r.stake), payout: r.payout === null ? null : coins(r.payout) });
    expect(page.data.filter((r) => r.game === 'wheel').map((r) => r.result)).toContain('Canceled');

    const [header, ...lines] = parseCsv((await get('/api/profile/bets/export.csv')).body);
    expect(lines.map((l) => l[header!.indexOf('id')])).toEqual(page.data.map((r) => r.id));
    expect(lines.reduce((s, l) => s + Math.round(Number(l[header!.indexOf('stake')]) * 100), 0)).toBe(sum(journal, (r) => r.stake));
  });

  it('the console report counts the settled bets that staked something, per game', async () => {
    const operator = await createStaff(app, 'operator');
    const today = new Date().toISOString().slice(0, 10);
    const games = (await get(`/api/admin/reports?from=${today}&to=${today}`, operator.headers)).json().data.games as { game: string; bets: number; wagered: number; paid: number }[];
    const reportName = (g: GameId) => (g === 'box' ? 'boxes' : g === 'battle' ? 'battles' : g);
    const expected = new Map<string, { game: string; bets: number; wagered: number; paid: number }>();
    for (const r of journal.filter((j) => j.status === 'settled' && j.stake > 0)) {
      const row = expected.get(reportName(r.game)) ?? { game: reportName(r.game), bets: 0, wagered: 0, paid: 0 };
      expected.set(row.game, { ...row, bets: row.bets + 1, wagered: row.wagered + r.stake, paid: row.paid + (r.payout ?? 0) });
    }
    expect(games.map((g) => ({ game: g.game, bets: g.bets, wagered: Math.round(g.wagered * 100), paid: Math.round(g.paid * 100) })).sort((a, b) => a.game.localeCompare(b.game))).toEqual(
      [...expected.values()].sort((a, b) => a.game.localeCompare(b.game)),
    );
  });

  it('XP, the limits, the reality check, cashback and the leaderboard count the stakes that are play, and the canceled withdrawal lowers none of them', async () => {
    const play = journal.filter(isPlay);
    const staked = sum(play, (r) => r.stake);
    const won = sum(play, (r) => r.payout);
    expect(staked).toBeLessThan(sum(journal, (r) => r.stake));

    const wagered = Number((await app.db.selectFrom('users').select('wagered').where('id', '=', player.id).executeTakeFirstOrThrow()).wagered);
    expect(wagered).toBe(staked);

    for (const kind of ['wager', 'loss']) expect((await app.inject({ method: 'PUT', url: '/api/profile/responsible-gaming/limits', headers: player.headers, payload: { kind, period: 'day', amount: 100_000 } })).statusCode).toBe(200);
    const used = async () => {
      const limits = (await get('/api/profile/responsible-gaming')).json().data.limits as { kind: string; period: string; used: number }[];
      return Object.fromEntries(limits.filter((l) => l.period === 'day').map((l) => [l.kind, Math.round(l.used * 100)]));
    };
    expect(await used()).toMatchObject({ wager: staked, loss: Math.max(0, staked - won) });
    // Another withdrawal asked for and canceled, now with the limits set: what they used stays.
    const again = await post('/api/profile/withdrawals', { type: 'crypto', amount: 20, currency: 'BTC', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' });
    await post(`/api/profile/withdrawals/${again.data.id}/cancel`);
    expect(await used()).toMatchObject({ wager: staked, loss: Math.max(0, staked - won) });

    // The reality check's session began at the sign-in, before every bet.
    const session = (await get('/api/profile/play-session')).json().data;
    expect({ staked: Math.round(session.staked * 100), won: Math.round(session.won * 100) }).toEqual({ staked, won });

    const rate = cashbackRate(levelOf(wagered).level);
    const scaled = play.reduce((s, r) => s + BigInt(r.stake) * BigInt(STAKE_EDGE_BP[r.game] ?? 100) * BigInt(rate), 0n);
    expect(Math.round((await get('/api/cashback')).json().data.accrued * 100)).toBe(Number(scaled / 1_000_000n));

    const now = new Date(clock.now());
    const board = await raceStandings(app.db, await leaderboardRace(app.db, 'wagered', 'current', now, app.config.rewards.leaderboard), { limit: 10, me: player.id, now });
    expect(board.me?.value).toBe(staked);
    await expectLedgerBalanced(app);
  });
});
