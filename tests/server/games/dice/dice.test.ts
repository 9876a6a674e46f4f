import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createTestApp } from '../../../helpers/testApp.ts';
import { betsOf } from '../../../helpers/queries.ts';

// POST /api/dice/bet over HTTP: a token is required, bad input is a 422 in the validation shape and
// changes nothing, the bet is listed in the histories. The settlement itself (outcome from the
// player's seed pair, the bet row with seed pair + nonce, XP) is tested on the module alone:
// placeDiceBet.test.ts.

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

async function state(userId: number) {
  const balance = await app.wallet.balance(userId);
  const user = await app.db.selectFrom('users').select('wagered').where('id', '=', userId).executeTakeFirstOrThrow();
  const bets = await betsOf(app.db, userId);
  const pair = await app.db.selectFrom('seed_pairs').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return { balance, wagered: Number(user.wagered), bets, pair };
}

describe('POST /api/dice/bet', () => {
  it('refuses without a token', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/dice/bet', payload: { amount: 1, target: 50, direction: 'under' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['negative amount', { amount: -1, target: 50, direction: 'under' }, 'amount'],
    ['zero amount', { amount: 0, target: 50, direction: 'under' }, 'amount'],
    ['NaN amount', { amount: 'NaN', target: 50, direction: 'under' }, 'amount'],
    ['three decimals', { amount: 1.001, target: 50, direction: 'under' }, 'amount'],
    ['below the minimum bet', { amount: 0.09, target: 50, direction: 'under' }, 'amount'],
    ['above the maximum bet', { amount: 1000.01, target: 50, direction: 'under' }, 'amount'],
    ['above the balance', { amount: 60, target: 50, direction: 'under' }, 'amount'],
    ['chance above 98 %', { amount: 1, target: 98.01, direction: 'under' }, 'target'],
    ['chance 0', { amount: 1, target: 100, direction: 'over' }, 'target'],
    ['target with 3 decimals', { amount: 1, target: 50.001, direction: 'under' }, 'target'],
    // A hair off a step: priced as 0.01 % (9,900×) but compared raw, it won on two rolls of 10,001.
    ['target a hair above 0.01 (under)', { amount: 1, target: 0.010000001, direction: 'under' }, 'target'],
    ['target a hair below 99.99 (over)', { amount: 1, target: 99.989999999, direction: 'over' }, 'target'],
    ['amount a hair above a cent', { amount: 0.100000001, target: 50, direction: 'under' }, 'amount'],
    ['unknown direction', { amount: 1, target: 50, direction: 'sideways' }, 'direction'],
  ];
  for (const [name, payload, field] of bad) {
    it(`422 on ${name}, and nothing changes`, async () => {
      const p = await createPlayer(app, { balance: 5_000 });
      const res = await app.inject({ method: 'POST', url: '/api/dice/bet', headers: p.headers, payload });
      expect(res.statusCode).toBe(422);
      const body = res.json();
      expect(typeof body.message).toBe('string');
      expect(Object.keys(body.errors)).toContain(field);
      const s = await state(p.id);
      expect(s.balance).toBe(5_000);
      expect(s.wagered).toBe(0);
      expect(s.bets).toHaveLength(0);
      expect(s.pair?.nonce ?? 0).toBe(0);
    });
  }

  it('lists the bet in mine, recent and (when won) high wins', async () => {
    const p = await createPlayer(app, { balance: 10_000 });
    const placed = (await app.inject({ method: 'POST', url: '/api/dice/bet', headers: p.headers, payload: { amount: 1, target: 98, direction: 'under' } })).json().data;
    const mine = (await app.inject({ method: 'GET', url: '/api/dice/history?scope=mine', headers: p.headers })).json().data;
    expect(mine[0]).toMatchObject({ game: 'dice', amount: 1, payout: placed.payout, nonce: placed.nonce, user: { id: p.id } });
    const recent = (await app.inject({ method: 'GET', url: '/api/dice/history?scope=recent' })).json().data;
    expect(recent[0].nonce).toBe(placed.nonce);
    const high = (await app.inject({ method: 'GET', url: '/api/dice/history?scope=high_wins' })).json().data;
    for (let i = 1; i < high.length; i++) expect(high[i - 1].payout).toBeGreaterThanOrEqual(high[i].payout);
    expect((await app.inject({ method: 'GET', url: '/api/dice/history?scope=mine' })).statusCode).toBe(401);
  });
});
