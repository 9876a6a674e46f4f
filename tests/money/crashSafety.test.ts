import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { crashPayout } from '../../core/games/crash.ts';
import { WHEEL_COLORS, wheelPayout, type WheelColor } from '../../core/games/wheel.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { SANDBOX_SIGNATURE_HEADER, signedSandboxCallback } from '../../server/payments/sandbox/sandboxGateway.ts';
import { SETTLE_OUTCOME_HEADER } from '../../server/payments/settlePayment.ts';
import { hasPostgres } from '../helpers/testApp.ts';
import { createScratchDatabase } from '../helpers/scratchDatabase.ts';
import { fundedPlayer, killServerProcess, startServerProcess, type ServerProcess } from '../helpers/serverProcess.ts';
import { createTestServices, type TestServices } from '../helpers/testServices.ts';
import { expectRoundBetsSettledOnce } from '../helpers/roundSettlement.ts';
import { invariantViolations } from './invariants.ts';

// Crash safety with real `server/main.ts` processes on PostgreSQL (docs/security.md): each life of
// the server is started with FAULT_POINT naming where it kills itself with SIGKILL (inside a box
// opening, an upgrade bet, a payment callback, a crash bet, a crash and a wheel round settlement,
// and after the commits of an opening, a dice bet and a callback, before the answer). The next
// life starts on the same database. Then: an operation killed before its commit left nothing, one
// killed after it is there exactly once, every acknowledged operation is settled or refunded
// exactly once (a retried callback credits nothing more), and the invariants hold.

const APP_SECRET = 'crash-safety-app-secret-of-at-least-32-chars';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Player = Awaited<ReturnType<typeof fundedPlayer>>;
interface Answer {
  status: number;
  json: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
}

describe.runIf(hasPostgres)('crash safety: kill -9 at chosen points, restart, every acknowledged operation once', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let handle: DatabaseHandle;
  let services: TestServices;
  let node: ServerProcess | null = null;
  /** Checks of acknowledged operations, run again after the last life. */
  const acknowledged: Array<() => Promise<void>> = [];

  /** A life of the server that kills itself at `faultPoint` (its `after`-th pass), or never. */
  async function life(faultPoint?: string, after = 1) {
    node = await startServerProcess({
      DATABASE_URL: database.url.toString(),
      APP_SECRET,
      SEED_DEMO: 'true',
      LEADER_POLL_MS: '200',
      FAIR_CHAIN_LENGTH: '20000',
      CRASH_BETTING_MS: '4000',
      CRASH_PENDING_MS: '200',
      CRASH_PAUSE_MS: '300',
      WHEEL_BETTING_MS: '4000',
      WHEEL_PENDING_MS: '200',
      WHEEL_SPIN_MS: '1000',
      WHEEL_PAUSE_MS: '300',
      ...(faultPoint ? { FAULT_POINT: faultPoint, FAULT_POINT_AFTER: String(after) } : {}),
    });
    return node;
  }

  /** The process ends by its own SIGKILL at the fault point. */
  async function killedItself(server: ServerProcess) {
    const signal = await Promise.race([server.exited, sleep(30_000).then(() => 'still running')]);
    expect(signal, server.output()).toBe('SIGKILL');
  }

  /** null: no answer, the process died first. */
  async function call(server: ServerProcess, path: string, token?: string, body: unknown = {}, headers: Record<string, string> = {}): Promise<Answer | null> {
    try {
      const r = await fetch(`http://127.0.0.1:${server.port}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: r.status, json: await r.json(), headers: r.headers };
    } catch {
      return null;
    }
  }
  async function acked(server: ServerProcess, path: string, token: string, body: unknown = {}) {
    const answer = await call(server, path, token, body);
    expect(answer?.status, JSON.stringify(answer?.json)).toBe(200);
    return answer!;
  }

  const balance = async (p: Player) => Number((await handle.db.selectFrom('accounts').select('balance').where('user_id', '=', p.id).executeTakeFirstOrThrow()).balance);
  const itemsOf = async (p: Player) => Number((await sql<{ n: number }>`select count(*)::int as n from inventory_items where user_id = ${p.id}`.execute(handle.db)).rows[0]!.n);
  const ledgerOf = async (p: Player, reason: string) => (await sql<{ amount: string }>`select l.amount::text as amount from ledger_entries l join accounts a on a.id = l.account_id where a.user_id = ${p.id} and l.reason = ${reason} order by l.id`.execute(handle.db)).rows.map((r) => Number(r.amount));
  async function expectBooksHold() {
    expect(await invariantViolations(handle)).toEqual([]);
  }

  /** The open round of `game` taking bets for at least `marginMs` more (and, for crash, reaching `minCrash`). */
  async function bettingRound(game: 'crash' | 'wheel', marginMs: number) {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const r = await handle.db.selectFrom('rounds').selectAll().where('game', '=', game).where('status', '=', 'starting').executeTakeFirst();
      if (r && new Date(r.betting_ends_at!).getTime() - Date.now() > marginMs) return r;
      await sleep(50);
    }
    throw new Error(`no ${game} round took bets\n${node?.output()}`);
  }
  async function roundEnded(id: number) {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const r = await handle.db.selectFrom('rounds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      if (r.status === 'ended') return r;
      await sleep(100);
    }
    throw new Error(`round ${id} did not end after the restart\n${node?.output()}`);
  }

  beforeAll(async () => {
    database = await createScratchDatabase('shop_crashsafety');
    handle = await openDatabase({ kind: 'postgres', url: database.url.toString(), poolSize: 4 });
    // The players are funded through the services the server runs on (createServices), which migrate the database first.
    services = await createTestServices({}, undefined, { database: handle });
  }, 60_000);

  afterAll(async () => {
    if (node) await killServerProcess(node);
    // Closes the database handle it was given.
    await services?.close();
    await database?.drop();
  }, 60_000);

  let box: { slug: string; price: number };
  let player: Player;

  it('a box opening killed inside its transaction leaves nothing; killed after its commit, it is there once', async () => {
    let server = await life('moved:box_open');
    player = await fundedPlayer(services, 500_00);
    const row = await handle.db.selectFrom('boxes').select(['slug', 'price']).where('free_level', 'is', null).where('type', '!=', 'custom').orderBy('price').executeTakeFirstOrThrow();
    box = { slug: row.slug, price: Number(row.price) };
    // Acknowledged before the kill: a dice bet.
    const dice = await acked(server, '/api/dice/bet', player.token, { amount: 1, target: 50, direction: 'under' });
    const diceNonce = dice.json.data.nonce as number;
    acknowledged.push(async () => {
      const bets = await handle.db.selectFrom('game_bets').select('id').where('user_id', '=', player.id).where('game', '=', 'dice').where('nonce', '=', diceNonce).execute();
      expect(bets).toHaveLength(1);
    });
    const before = await balance(player);
    expect(await call(server, `/api/boxes/${box.slug}/open`, player.token, { quantity: 1 })).toBeNull();
    await killedItself(server);
    expect(await balance(player)).toBe(before);
    expect(await itemsOf(player)).toBe(0);
    await expectBooksHold();

    server = await life('committed:box_open');
    expect(await call(server, `/api/boxes/${box.slug}/open`, player.token, { quantity: 1 })).toBeNull();
    await killedItself(server);
    expect(await itemsOf(player)).toBe(1);
    expect(await balance(player)).toBe(before - box.price);
    expect(await ledgerOf(player, 'box_open')).toEqual([-box.price]);
    await expectBooksHold();
  }, 120_000);

  it('instant bets: a dice bet killed after its commit is settled once; an upgrade killed inside its transaction leaves nothing', async () => {
    let server = await life('committed:dice_bet');
    const bets = async () => Number((await sql<{ n: number }>`select count(*)::int as n from game_bets where user_id = ${player.id}`.execute(handle.db)).rows[0]!.n);
    const betsBefore = await bets();
    const before = await balance(player);
    expect(await call(server, '/api/dice/bet', player.token, { amount: 2, target: 50, direction: 'over' })).toBeNull();
    await killedItself(server);
    expect(await bets()).toBe(betsBefore + 1);
    const bet = await handle.db.selectFrom('game_bets').selectAll().where('user_id', '=', player.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(await balance(player)).toBe(before - 200 + Number(bet.payout));
    await expectBooksHold();

    server = await life('moved:upgrade_bet');
    const target = await handle.db.selectFrom('items').select('id').where('price', '>=', 20_00).where('price', '<=', 100_00).orderBy('price').executeTakeFirstOrThrow();
    const beforeUpgrade = await balance(player);
    expect(await call(server, '/api/upgrade', player.token, { inventory_ids: [], amount: 5, target_item_id: target.id })).toBeNull();
    await killedItself(server);
    expect(await balance(player)).toBe(beforeUpgrade);
    expect(await bets()).toBe(betsBefore + 1);
    expect(await ledgerOf(player, 'upgrade_bet')).toEqual([]);
    await expectBooksHold();
  }, 120_000);

  it('a payment callback killed inside its transaction credits nothing, after its commit once; the provider retries, credited once', async () => {
    let server = await life('moved:deposit');
    const payer = await fundedPlayer(services, 0);
    const redirect = await acked(server, '/api/deposit/zen/redirect', payer.token, { amount: 25 });
    const invoiceId = Number(/\/sandbox\/checkout\/(\d+)$/.exec(redirect.json.redirect_url)![1]);
    const invoice = () => handle.db.selectFrom('invoices').selectAll().where('id', '=', invoiceId).executeTakeFirstOrThrow();
    expect(await call(server, `/api/sandbox/checkout/${invoiceId}/complete`, payer.token, { status: 'paid' })).toBeNull();
    await killedItself(server);
    expect((await invoice()).status).toBe('new');
    expect(await balance(payer)).toBe(0);
    await expectBooksHold();

    // The provider delivers its callback again (as providers retry until answered 200).
    const signed = signedSandboxCallback(APP_SECRET, await invoice(), 'paid');
    const deliver = (s: ServerProcess) => call(s, '/api/payments/sandbox/callback', undefined, signed.raw, { [SANDBOX_SIGNATURE_HEADER]: signed.headers[SANDBOX_SIGNATURE_HEADER]! });
    server = await life('committed:deposit');
    expect(await deliver(server)).toBeNull();
    await killedItself(server);
    expect((await invoice()).status).toBe('paid');
    expect(await ledgerOf(payer, 'deposit')).toEqual([25_00]);
    await expectBooksHold();

    server = await life();
    const retried = await deliver(server);
    expect(retried?.status).toBe(200);
    expect(retried?.headers.get(SETTLE_OUTCOME_HEADER)).toBe('duplicate');
    const completed = await call(server, `/api/sandbox/checkout/${invoiceId}/complete`, payer.token, { status: 'paid' });
    expect(completed?.status).toBe(409);
    expect(await ledgerOf(payer, 'deposit')).toEqual([25_00]);
    expect(await balance(payer)).toBe(25_00);
    acknowledged.push(async () => expect(await ledgerOf(payer, 'deposit')).toEqual([25_00]));
    await killServerProcess(server);
    await expectBooksHold();
  }, 120_000);

  it('a crash bet killed inside its transaction: no bet, no debit; the acknowledged bets of the round are refunded once by the next life', async () => {
    const server = await life('moved:crash_bet', 3);
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => fundedPlayer(services, 100_00)));
    const round = await bettingRound('crash', 2500);
    await acked(server, '/api/crash/bet', a!.token, { amount: 10 });
    await acked(server, '/api/crash/bet', b!.token, { amount: 20, auto_cashout: 2 });
    expect(await call(server, '/api/crash/bet', c!.token, { amount: 30 })).toBeNull();
    await killedItself(server);
    expect(await balance(c!)).toBe(100_00);
    expect(await handle.db.selectFrom('round_bets').select('id').where('user_id', '=', c!.id).execute()).toEqual([]);
    await expectBooksHold();

    // The next life's restart rule ends the round (it never launched): both bets refunded once.
    await life('moved:crash_win', 2);
    const ended = await roundEnded(round.id);
    expect(ended.voided).toBe(true);
    const settled = await expectRoundBetsSettledOnce(handle.db, round.id);
    expect(settled.map((s) => s.status)).toEqual(['refunded', 'refunded']);
    expect([await balance(a!), await balance(b!)]).toEqual([100_00, 100_00]);
    acknowledged.push(async () => void (await expectRoundBetsSettledOnce(handle.db, round.id)));
    await expectBooksHold();
  }, 180_000);

  it('a crash round killed in the middle of settling its auto cash-outs: the next life pays each once at its target', async () => {
    const server = node!; // the life started above, armed at the second crash_win of a settlement
    let round: { id: number } | null = null;
    const players: Player[] = [];
    // An instant crash (below 1.01×) pays nobody and the point is not reached: bet on the next round.
    while (server.child.signalCode === null && server.child.exitCode === null) {
      const trio = await Promise.all([0, 1, 2].map(() => fundedPlayer(services, 100_00)));
      const open = await bettingRound('crash', 2000);
      const placed = await Promise.all(trio.map((p) => call(server, '/api/crash/bet', p.token, { amount: 10, auto_cashout: 1.01 })));
      // A bet a slow machine sent after betting closed is refused (409) and changes nothing.
      for (const a of placed) if (a) expect([200, 409], JSON.stringify(a.json)).toContain(a.status);
      round = open;
      players.splice(0, players.length, ...trio.filter((_, i) => placed[i]?.status === 200));
      const deadline = Date.now() + 60_000;
      while (server.child.signalCode === null && Date.now() < deadline) {
        const r = await handle.db.selectFrom('rounds').select('status').where('id', '=', open.id).executeTakeFirstOrThrow();
        if (r.status === 'ended') break;
        await sleep(50);
      }
    }
    await killedItself(server);
    expect(round).not.toBeNull();
    // Killed inside the settlement's transaction: nothing of it was written.
    expect(players.length, 'two or three cash-outs to settle').toBeGreaterThanOrEqual(2);
    expect((await handle.db.selectFrom('round_bets').select('status').where('round_id', '=', round!.id).execute()).map((b) => b.status)).toEqual(players.map(() => 'open'));
    await expectBooksHold();

    await life('moved:wheel_win', 2);
    const ended = await roundEnded(round!.id);
    expect(ended.voided).toBe(false);
    const settled = await expectRoundBetsSettledOnce(handle.db, round!.id);
    for (const bet of settled) expect(bet).toMatchObject({ status: 'cashed_out', payout: crashPayout(1000, 101) });
    for (const p of players) expect(await balance(p)).toBe(100_00 - 10_00 + crashPayout(1000, 101));
    acknowledged.push(async () => void (await expectRoundBetsSettledOnce(handle.db, round!.id)));
    await expectBooksHold();
  }, 240_000);

  it('a wheel round killed in the middle of paying its winners: the next life settles every bet once by its segment', async () => {
    const server = node!; // armed at the second wheel_win of a settlement
    const pair = await Promise.all([0, 1].map(() => fundedPlayer(services, 100_00)));
    const round = await bettingRound('wheel', 2500);
    // Every colour twice: two winning bets whatever the segment.
    const bets: Array<{ player: Player; color: WheelColor }> = pair.flatMap((player) => WHEEL_COLORS.map((color) => ({ player, color })));
    await Promise.all(bets.map((bet) => acked(server, '/api/wheel/bet', bet.player.token, { amount: 5, color: bet.color })));
    await killedItself(server);
    const stored = await handle.db.selectFrom('round_bets').select('status').where('round_id', '=', round.id).execute();
    expect(stored.map((b) => b.status)).toEqual(bets.map(() => 'open'));
    await expectBooksHold();

    node = await life();
    const ended = await roundEnded(round.id);
    const segment = Number(ended.outcome.segment);
    const settled = await expectRoundBetsSettledOnce(handle.db, round.id);
    expect(settled).toHaveLength(bets.length);
    for (const bet of settled) expect(Number(bet.payout)).toBe(wheelPayout(500, (bet.params as { color: WheelColor }).color, segment));
    for (const p of pair) {
      const won = settled.filter((b) => b.user_id === p.id).reduce((sum, b) => sum + Number(b.payout), 0);
      expect(await balance(p)).toBe(100_00 - 5 * 500 + won);
    }

    // Every operation acknowledged in any life is still there exactly once, and the books hold.
    for (const check of acknowledged) await check();
    await expectBooksHold();
  }, 180_000);
});
