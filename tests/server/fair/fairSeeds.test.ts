import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createTestApp } from '../../helpers/testApp.ts';
import { newSeedCommitment, nextRoll, setKnownPairSeed } from '../../../server/fair/seedPairs.ts';
import { loadConfig } from '../../../server/config.ts';
import { diceRoll } from '../../../core/fair/index.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
// node:crypto, independently of core/fair: dice = floor(float × 10001) / 100.
function refDice(serverSeed: string, clientSeed: string, nonce: number): number {
  const b = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:0`).digest();
  return Math.floor((b[0]! / 256 + b[1]! / 256 ** 2 + b[2]! / 256 ** 3 + b[3]! / 256 ** 4) * 10001) / 100;
}

/** A bet as the games take it: nextRoll inside the wallet transaction. */
async function bet(userId: number) {
  return app.wallet.transaction(async (tx) => {
    const roll = await nextRoll(tx.trx, userId);
    return { ...roll, dice: diceRoll(roll.serverSeed, roll.clientSeed, roll.nonce) };
  });
}

describe('GET /api/fair/seeds', () => {
  it('needs a signed-in player', async () => {
    for (const [method, url] of [['GET', '/api/fair/seeds'], ['POST', '/api/fair/seeds/client'], ['POST', '/api/fair/seeds/rotate'], ['GET', '/api/fair/seeds/history']] as const) {
      const res = await app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('creates the active pair on first sight: hash only, random client seed, nonce 0', async () => {
    const player = await createPlayer(app);
    const res = await app.inject({ url: '/api/fair/seeds', headers: player.headers });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(Object.keys(data).sort()).toEqual(['client_seed', 'nonce', 'server_seed_hash']);
    expect(data.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(data.client_seed).toMatch(/^[0-9a-f]{16}$/);
    expect(data.nonce).toBe(0);
    expect((await app.inject({ url: '/api/fair/seeds', headers: player.headers })).json().data).toEqual(data);
  });
});

describe('nextRoll and rotation', () => {
  it('numbers bets 1, 2, 3 … and rotation reveals the seed whose hash was shown, with its last nonce', async () => {
    const player = await createPlayer(app);
    const before = (await app.inject({ url: '/api/fair/seeds', headers: player.headers })).json().data;
    const rolls = [await bet(player.id), await bet(player.id), await bet(player.id)];
    expect(rolls.map((r) => r.nonce)).toEqual([1, 2, 3]);
    expect(new Set(rolls.map((r) => r.seedPairId)).size).toBe(1);
    expect((await app.inject({ url: '/api/fair/seeds', headers: player.headers })).json().data.nonce).toBe(3);

    const res = await app.inject({ method: 'POST', url: '/api/fair/seeds/rotate', headers: player.headers });
    expect(res.statusCode).toBe(200);
    const { previous, current } = res.json().data;
    expect(previous.server_seed_hash).toBe(before.server_seed_hash);
    expect(sha256(previous.server_seed)).toBe(before.server_seed_hash);
    expect(previous.client_seed).toBe(before.client_seed);
    expect(previous.nonce).toBe(3);
    // Anyone re-derives every past roll from the revealed pair.
    for (const r of rolls) expect(refDice(previous.server_seed, previous.client_seed, r.nonce)).toBe(r.dice);
    expect(current.nonce).toBe(0);
    expect(current.server_seed_hash).not.toBe(before.server_seed_hash);
    expect(Object.keys(current).sort()).toEqual(['client_seed', 'nonce', 'server_seed_hash']);
    const next = await bet(player.id);
    expect(next.nonce).toBe(1);
    expect(next.seedPairId).not.toBe(rolls[0]!.seedPairId);
  });

  it('gives the nonce back when the bet rolls back', async () => {
    const player = await createPlayer(app);
    await expect(
      app.wallet.transaction(async (tx) => {
        await nextRoll(tx.trx, player.id);
        await tx.debit({ userId: player.id, amount: 100, reason: 'test_bet' }); // no balance: rolls back
      }),
    ).rejects.toThrow();
    expect((await bet(player.id)).nonce).toBe(1);
  });

  it('never records a nonce twice for a pair (UNIQUE in the database)', async () => {
    const player = await createPlayer(app);
    const roll = await bet(player.id);
    await expect(app.db.insertInto('seed_pair_rolls').values({ seed_pair_id: roll.seedPairId, nonce: roll.nonce }).execute()).rejects.toThrow();
  });
});

describe('POST /api/fair/seeds/client', () => {
  it('changes an unused pair in place', async () => {
    const player = await createPlayer(app);
    const before = (await app.inject({ url: '/api/fair/seeds', headers: player.headers })).json().data;
    const res = await app.inject({ method: 'POST', url: '/api/fair/seeds/client', headers: player.headers, payload: { client_seed: 'my lucky seed :)' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { server_seed_hash: before.server_seed_hash, client_seed: 'my lucky seed :)', nonce: 0 } });
    expect((await bet(player.id)).clientSeed).toBe('my lucky seed :)');
  });

  it('rotates a used pair first, so each (server seed, nonce) belongs to one client seed', async () => {
    const player = await createPlayer(app);
    const first = await bet(player.id);
    const res = await app.inject({ method: 'POST', url: '/api/fair/seeds/client', headers: player.headers, payload: { client_seed: 'abc' } });
    expect(res.json().data).toMatchObject({ client_seed: 'abc', nonce: 0 });
    expect(res.json().data.server_seed_hash).not.toBe(first.serverSeedHash);
    const history = (await app.inject({ url: '/api/fair/seeds/history', headers: player.headers })).json();
    expect(history.data[0]).toMatchObject({ server_seed: first.serverSeed, client_seed: first.clientSeed, nonce: 1 });
  });

  it('refuses empty, too long and unprintable seeds with 422 and changes nothing', async () => {
    const player = await createPlayer(app);
    const before = (await app.inject({ url: '/api/fair/seeds', headers: player.headers })).json().data;
    for (const [payload, message] of [
      [{ client_seed: '' }, 'The client seed field is required.'],
      [{}, 'The client seed field is required.'],
      [{ client_seed: 'x'.repeat(65) }, 'The client seed may not be greater than 64 characters.'],
      [{ client_seed: 'tab\there' }, 'The client seed may only contain printable characters.'],
      [{ client_seed: 'é' }, 'The client seed may only contain printable characters.'],
    ] as const) {
      const res = await app.inject({ method: 'POST', url: '/api/fair/seeds/client', headers: player.headers, payload });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.client_seed).toEqual([message]);
    }
    expect((await app.inject({ method: 'POST', url: '/api/fair/seeds/client', headers: player.headers, payload: { client_seed: 'x'.repeat(64) } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/fair/seeds', headers: player.headers })).json().data.server_seed_hash).toBe(before.server_seed_hash);
  });
});

describe('GET /api/fair/seeds/history', () => {
  it('pages revealed pairs newest first, never the active one', async () => {
    const player = await createPlayer(app);
    const revealed: string[] = [];
    for (let i = 0; i < 12; i++) revealed.push((await app.inject({ method: 'POST', url: '/api/fair/seeds/rotate', headers: player.headers })).json().data.previous.server_seed);
    const page1 = (await app.inject({ url: '/api/fair/seeds/history', headers: player.headers })).json();
    expect(page1.meta).toMatchObject({ total: 12, current_page: 1, per_page: 10 });
    expect(page1.data).toHaveLength(10);
    expect(page1.data[0].server_seed).toBe(revealed[11]);
    expect(page1.links.next).toMatch(/\/api\/fair\/seeds\/history\?page=2$/);
    const page2 = (await app.inject({ url: '/api/fair/seeds/history?page=2', headers: player.headers })).json();
    expect(page2.data.map((p: { server_seed: string }) => p.server_seed)).toEqual([revealed[1], revealed[0]]);
    expect(page2.links.next).toBeNull();
    const other = await createPlayer(app);
    expect((await app.inject({ url: '/api/fair/seeds/history', headers: other.headers })).json()).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await app.inject({ url: '/api/fair/seeds/history?page=0', headers: player.headers })).statusCode).toBe(422);
  });
});

describe('seed commitments (battles)', () => {
  it('pair a fresh 64-hex server seed with its SHA-256', () => {
    const a = newSeedCommitment();
    expect(a.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256(a.serverSeed)).toBe(a.serverSeedHash);
    expect(newSeedCommitment().serverSeed).not.toBe(a.serverSeed);
  });
});

// FAIR_PAIR_SEED (test only): the e2e server's seed pairs come from a known seed and the player's
// name, so the visual sweep's named players play the same bets on every run (their replay baselines).
describe('known seed pairs (FAIR_PAIR_SEED, test only)', () => {
  it("derive each pair's server seed from the seed, the player's name and the pairs before, and a battle's from what names it", async () => {
    const known = await createTestApp({ FAIR_PAIR_SEED: 'known-pairs' });
    try {
      const player = await createPlayer(known, { name: 'Known Seeds' });
      const first = (await known.inject({ method: 'POST', url: '/api/fair/seeds/rotate', headers: player.headers, payload: {} })).json().data;
      expect(first.previous.server_seed).toBe(sha256('known-pairs:Known Seeds:0'));
      const second = (await known.inject({ method: 'POST', url: '/api/fair/seeds/rotate', headers: player.headers, payload: {} })).json().data;
      expect(second.previous.server_seed).toBe(sha256('known-pairs:Known Seeds:1'));
      expect(first.current.server_seed_hash).toBe(sha256(second.previous.server_seed));
      // Named: derived; unnamed: random as ever.
      expect(newSeedCommitment('battle:x').serverSeed).toBe(sha256('known-pairs:battle:x'));
      expect(newSeedCommitment().serverSeed).not.toBe(newSeedCommitment().serverSeed);
    } finally {
      await known.close();
      setKnownPairSeed(undefined); // the rest of this file's app draws random seeds again
    }
    expect(newSeedCommitment('battle:x').serverSeed).not.toBe(sha256('known-pairs:battle:x'));
  });

  it('production refuses to start with it', () => {
    const production = { NODE_ENV: 'production', APP_SECRET: 'a-production-secret-of-at-least-32-chars', PUSHER_SECRET: 'a-production-pusher-secret' };
    expect(() => loadConfig({ ...production, FAIR_PAIR_SEED: 'known' })).toThrow(/FAIR_PAIR_SEED: test-only known seed pairs/);
  });
});
