import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createTestApp, hasPostgres, hasRedis } from '../../helpers/testApp.ts';
import { createStaff } from '../../helpers/staff.ts';
import { twoNodes } from '../../helpers/twoNodes.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { settingsCommand } from '../../../server/gameSettings/settingsCommand.ts';
import { GAME_LIMIT_BOUNDS } from '../../../core/games/gameSettings.ts';

// Game settings (docs/operator-console.md, "Game settings"): admins narrow a game's bet range and
// payout cap within the game's own limits, audited; every bet path applies them at once, on every
// node, without a restart.

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const put = (headers: Record<string, string>, game: string, payload: Record<string, unknown>) => app.inject({ method: 'PUT', url: `/api/admin/settings/${game}`, headers, payload });
const dice = (target: FastifyInstance, headers: Record<string, string>, amount: number, chance = 49.5) => target.inject({ method: 'POST', url: '/api/dice/bet', headers, payload: { amount, target: chance, direction: 'under' } });
const plinko = (headers: Record<string, string>, amount: number, risk = 'high') => app.inject({ method: 'POST', url: '/api/plinko/bet', headers, payload: { amount, rows: 16, risk } });
const auditOf = (game: string) => app.db.selectFrom('audit_log').selectAll().where('target_kind', '=', 'game_settings').where('target_id', '=', game).orderBy('id').execute();

describe('the settings page', () => {
  it('lists every game with its bounds; operators read, only admins change', async () => {
    const operator = await createStaff(app, 'operator');
    const list = await app.inject({ method: 'GET', url: '/api/admin/settings', headers: operator.headers });
    expect(list.statusCode).toBe(200);
    const games = list.json().data as { game: string; min_bet: number; max_bet: number; bounds: { max_bet: number }; narrowed: boolean; payout_cap_settable: boolean }[];
    // The games with settings, in the game catalog's order.
    expect(games.map((g) => g.game)).toEqual(['crash', 'wheel', 'plinko', 'dice', 'mines']);
    expect(games.find((g) => g.game === 'dice')).toMatchObject({ min_bet: 0.1, max_bet: 1000, bounds: { max_bet: 1000 }, narrowed: false, payout_cap_settable: true });
    expect(games.find((g) => g.game === 'crash')).toMatchObject({ payout_cap_settable: false });
    expect((await put(operator.headers, 'dice', { min_bet: 0.1, max_bet: 5, max_payout: 100 })).statusCode).toBe(403);
    expect(await auditOf('dice')).toHaveLength(0);
  });

  it('refuses a setting outside the game’s own limits, per field, and changes nothing', async () => {
    const admin = await createStaff(app, 'admin');
    const wide = await put(admin.headers, 'dice', { min_bet: 0.05, max_bet: 2000, max_payout: 100 });
    expect(wide.statusCode).toBe(422);
    expect(wide.json().errors).toEqual({ min_bet: ['The amount must be at least 0.10.'], max_bet: ['The amount may not be greater than 1000.00.'] });
    const inverted = await put(admin.headers, 'plinko', { min_bet: 5, max_bet: 1, max_payout: 100 });
    expect(inverted.json().errors).toEqual({ max_bet: ['The maximum bet may not be below the minimum bet.'] });
    const crashCap = await put(admin.headers, 'crash', { min_bet: 1, max_bet: 10, max_payout: 50 });
    expect(crashCap.statusCode).toBe(422);
    expect(Object.keys(crashCap.json().errors)).toEqual(['max_payout']);
    expect((await put(admin.headers, 'poker', { min_bet: 1, max_bet: 10, max_payout: 50 })).statusCode).toBe(422);
    expect((await put(admin.headers, 'dice', { min_bet: 0.1, max_bet: 'x', max_payout: 50 })).statusCode).toBe(422);
    expect(await app.db.selectFrom('game_settings').selectAll().execute()).toEqual([]);
    expect(await auditOf('dice')).toHaveLength(0);
  });

  it('applies a narrowed dice range and payout cap to the next bet, with its audit row', async () => {
    const admin = await createStaff(app, 'admin');
    const player = await createPlayer(app, { balance: 100_000 });
    expect((await dice(app, player.headers, 8)).statusCode).toBe(200);
    const saved = await put(admin.headers, 'dice', { min_bet: 0.5, max_bet: 5, max_payout: 50 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ game: 'dice', min_bet: 0.5, max_bet: 5, max_payout: 50, narrowed: true });

    const above = await dice(app, player.headers, 5.01);
    expect(above.statusCode).toBe(422);
    expect(above.json()).toEqual({ message: 'The amount may not be greater than 5.00.', errors: { amount: ['The amount may not be greater than 5.00.'] } });
    expect((await dice(app, player.headers, 0.4)).json().errors.amount).toEqual(['The amount must be at least 0.50.']);
    // 5 coins at 5 % would pay 99.00: over the cap of 50, the largest stake within it is named.
    expect((await dice(app, player.headers, 5, 5)).json().errors.amount).toEqual(['The amount may not be greater than 2.52.']);
    expect((await dice(app, player.headers, 5)).statusCode).toBe(200);
    expect(await app.db.selectFrom('game_bets').select('amount').where('user_id', '=', player.id).execute()).toEqual([{ amount: 800 }, { amount: 500 }]);

    const [row] = await auditOf('dice');
    expect(row).toMatchObject({ actor_id: admin.id, action: 'game_settings.update', before: { minBet: 10, maxBet: 100_000, maxPayout: GAME_LIMIT_BOUNDS.dice.maxPayout }, after: { minBet: 50, maxBet: 500, maxPayout: 5000 } });
    await expectLedgerBalanced(app);
  });

  it('caps plinko by its table’s best slot', async () => {
    const admin = await createStaff(app, 'admin');
    const player = await createPlayer(app, { balance: 100_000 });
    expect((await put(admin.headers, 'plinko', { min_bet: 0.2, max_bet: 400, max_payout: 1000 })).statusCode).toBe(200);
    // The page's bet field reads its range from the config.
    expect((await app.inject({ method: 'GET', url: '/api/plinko/config' })).json().data).toMatchObject({ min_bet: 0.2, max_bet: 400 });
    // 16 rows, high risk: the 1000× slot. 1 coin could win 1000: allowed; 1.01 could not.
    expect((await plinko(player.headers, 1.01)).json().errors.amount).toEqual(['The amount may not be greater than 1.00.']);
    expect((await plinko(player.headers, 1)).statusCode).toBe(200);
    expect((await plinko(player.headers, 50, 'low')).statusCode).toBe(200);
  });

  it('refuses crash and wheel bets outside their narrowed ranges before the round is looked at', async () => {
    const admin = await createStaff(app, 'admin');
    const player = await createPlayer(app, { balance: 100_000 });
    expect((await put(admin.headers, 'crash', { min_bet: 1, max_bet: 5, max_payout: GAME_LIMIT_BOUNDS.crash.maxPayout / 100 })).statusCode).toBe(200);
    const crash = await app.inject({ method: 'POST', url: '/api/crash/bet', headers: player.headers, payload: { amount: 6, auto_cashout: null } });
    expect(crash.statusCode).toBe(422);
    expect(crash.json().errors).toEqual({ amount: ['The amount may not be greater than 5.00.'] });
    expect((await app.inject({ method: 'POST', url: '/api/crash/bet', headers: player.headers, payload: { amount: 0.5, auto_cashout: null } })).json().errors).toEqual({ amount: ['The amount must be at least 1.00.'] });
    // The wheel's cap: gold pays 52×, so 100 coins may stake at most 1.92 on it.
    expect((await put(admin.headers, 'wheel', { min_bet: 0.1, max_bet: 50, max_payout: 100 })).statusCode).toBe(200);
    const wheel = await app.inject({ method: 'POST', url: '/api/wheel/bet', headers: player.headers, payload: { amount: 2, color: 'gold' } });
    expect(wheel.json().errors).toEqual({ amount: ['The amount may not be greater than 1.92.'] });
    expect(await app.wallet.balance(player.id)).toBe(100_000);
  });

  it('sets and shows them from the ops command, audited as the command', async () => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
    try {
      await settingsCommand.run(app, { game: 'wheel', 'max-bet': '20' }, ['set']);
      await settingsCommand.run(app, {}, ['show']);
      await expect(settingsCommand.run(app, { game: 'wheel', 'max-bet': '5000' }, ['set'])).rejects.toThrow('max_bet: The amount may not be greater than 1000.00.');
      await expect(settingsCommand.run(app, { game: 'keno' }, ['set'])).rejects.toThrow(/--game/);
    } finally {
      spy.mockRestore();
    }
    expect(written.join('')).toMatch(/wheel\s+bet 0.1–20/);
    const byCommand = (await auditOf('wheel')).filter((r) => r.address === 'ops-command');
    expect(byCommand.map((r) => ({ actor: r.actor_id, after: r.after }))).toEqual([{ actor: null, after: { minBet: 10, maxBet: 2000, maxPayout: 10_000 } }]);
    // This node was not told (no bus in the command): it applies it at its poll, or now.
    await app.gameSettings.reload();
    expect(app.gameSettings.limits('wheel').maxBet).toBe(2000);
    expect((await app.inject({ method: 'GET', url: '/api/wheel/config' })).json().data).toMatchObject({ min_bet: 0.1, max_bet: 20 });
  });
});

describe.runIf(hasPostgres && hasRedis)('two nodes with PostgreSQL and Redis', () => {
  const nodes = twoNodes('shop_settings');

  it('a change saved on node A refuses the next bet on node B, told by the bus (well before its poll)', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    const admin = await createStaff(a, 'admin');
    const player = await createPlayer(a, { balance: 100_000 });
    expect((await dice(b, player.headers, 10)).statusCode).toBe(200);
    const saved = await a.inject({ method: 'PUT', url: '/api/admin/settings/dice', headers: admin.headers, payload: { min_bet: 0.1, max_bet: 2, max_payout: 1000 } });
    expect(saved.statusCode).toBe(200);
    const deadline = Date.now() + 3_000; // the poll is 10 s: only the bus gets there this soon
    while (b.gameSettings.limits('dice').maxBet !== 200) {
      if (Date.now() > deadline) throw new Error('node B did not apply the change');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const refused = await dice(b, player.headers, 10);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.amount).toEqual(['The amount may not be greater than 2.00.']);
    expect((await dice(b, player.headers, 2)).statusCode).toBe(200);
  });
});
