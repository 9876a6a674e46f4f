import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { diceRoll, plinkoPath, ticket } from '../../../core/fair/index.ts';
import type { GameBetRow } from '../../../core/protocol/games.ts';
import { createPlayer, createTestApp } from '../../helpers/testApp.ts';
import { catalogItem } from './upgrade/upgradeHelpers.ts';

// Every history row carries what its game's calculator needs (seed pair + nonce, plinko's board,
// upgrade's chance). The server seed of a pair still in use must never leave the server through
// any history-like answer; once the pair is rotated (revealed) the rows carry it and re-derive
// the bets.

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

type Headers = Record<string, string>;

async function ok(method: 'GET' | 'POST', url: string, headers: Headers = {}, payload?: Record<string, unknown>) {
  const res = await app.inject({ method, url, headers, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** Every answer that lists bets, as raw bodies (a seed must not hide in any field); signed in or as a guest. */
async function historyBodies(headers: Headers): Promise<string[]> {
  const signedIn = 'authorization' in headers;
  const scopes = signedIn ? ['mine', 'recent', 'high_wins'] : ['recent', 'high_wins'];
  const urls = ['dice', 'plinko', 'upgrade'].flatMap((g) => scopes.map((scope) => `/api/${g}/history?scope=${scope}&limit=100`));
  urls.push('/api/plinko/leaderboard?metric=win_amount&period=all', '/api/plinko/leaderboard?metric=multiplier&period=day');
  if (signedIn) urls.push('/api/plinko/current');
  return Promise.all(urls.map(async (url) => (await ok('GET', url, headers)).body));
}

async function mine(game: string, headers: Headers): Promise<GameBetRow[]> {
  return (await ok('GET', `/api/${game}/history?scope=mine&limit=100`, headers)).json().data;
}

async function serverSeedOf(userId: number, active: boolean): Promise<string[]> {
  const rows = await app.db
    .selectFrom('seed_pairs')
    .select('server_seed')
    .where('user_id', '=', userId)
    .where('revealed_at', active ? 'is' : 'is not', null)
    .execute();
  return rows.map((r) => r.server_seed);
}

describe('bet histories and the seed pair', () => {
  it('never answer an active server seed; answer the revealed one with everything to re-derive each bet', async () => {
    const p = await createPlayer(app, { balance: 100_000 });
    const target = await catalogItem(app, 10_000);
    // A near-certain dice win (so high wins lists it), a plinko ball, a balance-only upgrade.
    const dice = (await ok('POST', '/api/dice/bet', p.headers, { amount: 1, target: 98, direction: 'under' })).json().data;
    const plinko = (await ok('POST', '/api/plinko/bet', p.headers, { amount: 1, rows: 9, risk: 'high' })).json().data;
    const upgrade = (await ok('POST', '/api/upgrade', p.headers, { inventory_ids: [], amount: 25.5, target_item_id: target })).json().data;

    const [active] = await serverSeedOf(p.id, true);
    expect(active).toMatch(/^[0-9a-f]{64}$/);
    for (const body of [...(await historyBodies(p.headers)), ...(await historyBodies({}))]) expect(body).not.toContain(active);
    const before = { dice: await mine('dice', p.headers), plinko: await mine('plinko', p.headers), upgrade: await mine('upgrade', p.headers) };
    expect(before.dice[0]!.fair).toEqual({ server_seed: null, server_seed_hash: dice.server_seed_hash, client_seed: dice.client_seed, nonce: dice.nonce });
    expect(before.plinko[0]!.fair).toEqual({ server_seed: null, server_seed_hash: plinko.server_seed_hash, client_seed: plinko.client_seed, nonce: plinko.nonce, rows: 9, risk: 'high' });
    expect(before.upgrade[0]!.fair).toEqual({ server_seed: null, server_seed_hash: upgrade.server_seed_hash, client_seed: upgrade.client_seed, nonce: upgrade.nonce, chance: 24.225 });

    // Rotation reveals the pair; the next bet is on a new active pair, which stays secret.
    const revealed = (await ok('POST', '/api/fair/seeds/rotate', p.headers)).json().data.previous.server_seed;
    expect(revealed).toBe(active);
    const next = (await ok('POST', '/api/dice/bet', p.headers, { amount: 1, target: 98, direction: 'under' })).json().data;
    const [activeNow] = await serverSeedOf(p.id, true);
    const bodies = [...(await historyBodies(p.headers)), ...(await historyBodies({}))];
    for (const body of bodies) expect(body).not.toContain(activeNow);
    expect(bodies.filter((b) => b.includes(revealed)).length).toBeGreaterThan(0);

    const diceRows = await mine('dice', p.headers);
    expect(diceRows.map((r) => r.nonce)).toEqual([next.nonce, dice.nonce]);
    expect(diceRows[0]!.fair.server_seed).toBeNull();
    const d = diceRows[1]!.fair;
    expect(d.server_seed).toBe(revealed);
    expect(diceRoll(d.server_seed!, d.client_seed, d.nonce)).toBe(dice.roll);
    const pl = (await mine('plinko', p.headers))[0]!.fair;
    expect(pl.server_seed).toBe(revealed);
    expect(plinkoPath(pl.server_seed!, pl.client_seed, pl.nonce, pl.rows!)).toEqual({ path: plinko.path, slot: plinko.slot });
    const up = (await mine('upgrade', p.headers))[0]!.fair;
    expect(up.server_seed).toBe(revealed);
    const t = ticket(up.server_seed!, up.client_seed, up.nonce);
    expect(t).toBe(upgrade.roll);
    expect(t <= Math.round(up.chance! * 1000)).toBe(upgrade.win);

    // Everyone's lists show the revealed bet with its seed too (anyone may verify it), and
    // other players' "mine" never lists it.
    const recent: GameBetRow[] = (await ok('GET', '/api/dice/history?scope=recent&limit=100')).json().data;
    expect(recent.find((r) => r.fair.server_seed_hash === dice.server_seed_hash && r.nonce === dice.nonce)!.fair.server_seed).toBe(revealed);
    const other = await createPlayer(app);
    expect((await mine('dice', other.headers)).some((r) => r.user.id === p.id)).toBe(false);
  });
});
