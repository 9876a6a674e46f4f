import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { plinkoPath } from '../../../../core/fair/index.ts';
import { PLINKO_MULTIPLIERS } from '../../../../core/games/plinkoPayouts.ts';
import { createPlayer, createTestApp } from '../../../helpers/testApp.ts';
import { seedPairOf, betsOf } from '../../../helpers/queries.ts';

// Plinko calls: config, bet (path from the seed pair, payout from the published table, msg),
// current (seed state + own bets), leaderboard (empty query values dropped); bad input → 422.

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('GET /api/plinko/config', () => {
  it('lists rows 8–16, risks low/medium/high, every table with its return, and the limits', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/plinko/config' });
    expect(res.statusCode).toBe(200);
    const c = res.json().data;
    expect(c.rows).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(c.risks).toEqual(['low', 'medium', 'high']);
    expect(c.tables).toHaveLength(27);
    expect(c.tables.find((t: { rows: number; risk: string }) => t.rows === 16 && t.risk === 'high').multipliers).toEqual(PLINKO_MULTIPLIERS[16].high);
    for (const t of c.tables) expect(t.return).toBeGreaterThan(0.98);
    expect(c.min_bet).toBe(0.1);
    expect(c.max_bet).toBe(500);
  });
});

describe('POST /api/plinko/bet', () => {
  it('drops a ball along the seed pair path into the decided slot and pays the table', async () => {
    const p = await createPlayer(app, { balance: 100_000 });
    let balance = 100_000;
    for (const [rows, risk] of [[8, 'low'], [12, 'medium'], [16, 'high'], [16, 'high'], [11, 'low']] as const) {
      const res = await app.inject({ method: 'POST', url: '/api/plinko/bet', headers: p.headers, payload: { amount: 2.5, rows, risk } });
      expect(res.statusCode).toBe(200);
      const { data, msg } = res.json();
      expect(typeof msg).toBe('string');
      const pair = await seedPairOf(app.db, p.id);
      expect(data.path).toEqual(plinkoPath(pair.server_seed, pair.client_seed, data.nonce, rows).path);
      expect(data.path).toHaveLength(rows);
      expect(data.slot).toBe(data.path.reduce((a: number, b: number) => a + b, 0));
      expect(data.multiplier).toBe(PLINKO_MULTIPLIERS[rows][risk][data.slot]);
      const payout = Math.floor((250 * Math.round(data.multiplier * 10)) / 10);
      expect(Math.round(data.payout * 100)).toBe(payout);
      balance += payout - 250;
      expect(Math.round(data.balance * 100)).toBe(balance);
      expect(data.client_seed).toBe(pair.client_seed);
      expect(data.server_seed_hash).toBe(pair.server_seed_hash);
    }
    expect(await app.wallet.balance(p.id)).toBe(balance);
    const bets = await betsOf(app.db, p.id);
    expect(bets).toHaveLength(5);
    const user = await app.db.selectFrom('users').select('wagered').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(Number(user.wagered)).toBe(1250);
  });

  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['negative amount', { amount: -5, rows: 8, risk: 'low' }, 'amount'],
    ['NaN amount', { amount: 'NaN', rows: 8, risk: 'low' }, 'amount'],
    ['three decimals', { amount: 0.125, rows: 8, risk: 'low' }, 'amount'],
    ['above the balance', { amount: 20.01, rows: 8, risk: 'low' }, 'amount'],
    ['unknown rows', { amount: 1, rows: 17, risk: 'low' }, 'rows'],
    ['rows 7', { amount: 1, rows: 7, risk: 'low' }, 'rows'],
    ['rows a hair off 16', { amount: 1, rows: 16.0000001, risk: 'low' }, 'rows'],
    ['amount a hair above a cent', { amount: 1.000000001, rows: 8, risk: 'low' }, 'amount'],
    ['unknown risk', { amount: 1, rows: 8, risk: 'extreme' }, 'risk'],
  ];
  for (const [name, payload, field] of bad) {
    it(`422 on ${name}, and nothing changes`, async () => {
      const p = await createPlayer(app, { balance: 2_000 });
      const res = await app.inject({ method: 'POST', url: '/api/plinko/bet', headers: p.headers, payload });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
      expect(await app.wallet.balance(p.id)).toBe(2_000);
      expect(await betsOf(app.db, p.id)).toHaveLength(0);
    });
  }
});

describe('GET /api/plinko/current and /api/plinko/leaderboard', () => {
  it('current shows the seed state and the own recent bets', async () => {
    const p = await createPlayer(app, { balance: 10_000 });
    const placed = (await app.inject({ method: 'POST', url: '/api/plinko/bet', headers: p.headers, payload: { amount: 1, rows: 8, risk: 'high' } })).json().data;
    const current = (await app.inject({ method: 'GET', url: '/api/plinko/current', headers: p.headers })).json().data;
    expect(current.seed).toEqual({ server_seed_hash: placed.server_seed_hash, client_seed: placed.client_seed, nonce: placed.nonce });
    expect(current.bets[0]).toMatchObject({ nonce: placed.nonce, amount: 1, user: { id: p.id } });
    expect((await app.inject({ method: 'GET', url: '/api/plinko/current' })).statusCode).toBe(401);
  });

  it('ranks wins by win_amount or multiplier; empty values fall back to defaults; unknown ones are 422', async () => {
    const p = await createPlayer(app, { balance: 50_000 });
    for (let i = 0; i < 20; i++) await app.inject({ method: 'POST', url: '/api/plinko/bet', headers: p.headers, payload: { amount: 1 + i, rows: 8, risk: 'high' } });
    const byAmount = (await app.inject({ method: 'GET', url: '/api/plinko/leaderboard?metric=win_amount&period=week' })).json().data;
    expect(byAmount.rows.length).toBeGreaterThan(0);
    for (let i = 1; i < byAmount.rows.length; i++) expect(byAmount.rows[i - 1].payout).toBeGreaterThanOrEqual(byAmount.rows[i].payout);
    const byMultiplier = (await app.inject({ method: 'GET', url: '/api/plinko/leaderboard?metric=multiplier' })).json().data;
    for (let i = 1; i < byMultiplier.rows.length; i++) expect(byMultiplier.rows[i - 1].multiplier).toBeGreaterThanOrEqual(byMultiplier.rows[i].multiplier);
    // A week ends on Thursday 18:00 UTC.
    const resets = new Date(byAmount.resets_at);
    expect(resets.getUTCDay()).toBe(4);
    expect(resets.getUTCHours()).toBe(18);
    expect(resets.getTime()).toBeGreaterThan(Date.now());
    expect(resets.getTime() - Date.now()).toBeLessThanOrEqual(7 * 24 * 3600 * 1000);
    expect((await app.inject({ method: 'GET', url: '/api/plinko/leaderboard?metric=&period=' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/plinko/leaderboard?metric=luck' })).statusCode).toBe(422);
  });
});
