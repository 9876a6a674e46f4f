import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../helpers/testApp.ts';
import { createHashChains, HashChainsClosed, knownChainSeed } from '../../../server/fair/hashChains.ts';
import { crashPoint, generateChain, verifyChain, wheelResult } from '../../../core/fair/index.ts';
import { loadConfig } from '../../../server/config.ts';

// A short chain (length 25, checkpoints every 4) exercises segments, exhaustion and renewal;
// production uses 10M with checkpoints every 10 000 (docs/fairness.md).
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ FAIR_CHAIN_LENGTH: '25', FAIR_CHAIN_SEGMENT: '4', FAIR_WHEEL_SALT: 'public-beacon-value' });
});
afterAll(() => app.close());

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('hash chains', () => {
  it('publishes the terminating hash before the first round, then plays the chain in reverse', async () => {
    await app.hashChains.ensure('crash');
    const published = (await app.inject('/api/fair/chains')).json().data;
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ game: 'crash', length: 25, played: 0, active: true });
    expect(published[0].salt).toMatch(/^[0-9a-f]{64}$/);
    const terminating = published[0].terminating_hash;

    const games = [];
    for (let i = 0; i < 10; i++) games.push(await app.hashChains.nextGameHash('crash'));
    expect(games.map((g) => g.gameNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Game 1 hashes to the terminating hash; every later game hashes to the one before it.
    expect(sha256(games[0]!.hash)).toBe(terminating);
    for (let i = 1; i < games.length; i++) expect(sha256(games[i]!.hash)).toBe(games[i - 1]!.hash);
    for (const g of games) {
      expect(verifyChain(g.hash, terminating, 100)).toBe(g.gameNumber);
      expect(g.salt).toBe(published[0].salt);
      expect(crashPoint(g.hash, g.salt)).toBeGreaterThanOrEqual(1);
    }
    expect((await app.inject('/api/fair/chains')).json().data[0].played).toBe(10);
  });

  it('stores masked checkpoints only (no future hash in the database)', async () => {
    const games = [await app.hashChains.nextGameHash('crash'), await app.hashChains.nextGameHash('crash')];
    const rows = await app.db.selectFrom('hash_chain_checkpoints').select(['position', 'masked_hash']).where('chain_id', '=', games[0]!.chainId).execute();
    expect(rows.map((r) => Number(r.position)).sort((a, b) => a - b)).toEqual([0, 4, 8, 12, 16, 20, 24]);
    // Recompute the chain positions from the revealed hash forward: none is stored in clear.
    const stored = new Set(rows.map((r) => r.masked_hash));
    let h = games[1]!.hash;
    for (let i = 0; i < 30; i++) {
      expect(stored.has(h)).toBe(false);
      h = sha256(h);
    }
  });

  it('recomputes the same hashes in a fresh process from the checkpoints and APP_SECRET', async () => {
    const chain = (await app.db.selectFrom('hash_chains').selectAll().where('game', '=', 'crash').executeTakeFirstOrThrow());
    const fresh = createHashChains({ db: app.db, secret: app.config.appSecret, length: 25, segmentSize: 4 });
    const row = { id: chain.id, game: chain.game, length: Number(chain.length), segment_size: chain.segment_size, terminating_hash: chain.terminating_hash, salt: chain.salt };
    const all = [];
    for (let p = 0; p < 25; p++) all.push(await fresh.hashAt(row, p));
    expect(sha256(all[24]!)).toBe(chain.terminating_hash);
    for (let p = 1; p < 25; p++) expect(sha256(all[p - 1]!)).toBe(all[p]);
    // A wrong secret unmasks garbage that does not lead to the terminating hash.
    const wrong = createHashChains({ db: app.db, secret: 'another-secret-of-at-least-32-characters', length: 25, segmentSize: 4 });
    expect(verifyChain(await wrong.hashAt(row, 3), chain.terminating_hash, 30)).toBeNull();
  });

  it('retires a used-up chain and publishes a new one; games keep their own chains', async () => {
    let last;
    for (let i = 0; i < 13; i++) last = await app.hashChains.nextGameHash('crash');
    expect(last!.gameNumber).toBe(25);
    const renewed = await app.hashChains.nextGameHash('crash');
    expect(renewed.gameNumber).toBe(1);
    expect(renewed.chainId).not.toBe(last!.chainId);
    expect(sha256(renewed.hash)).toBe(renewed.terminatingHash);
    const wheel = await app.hashChains.nextGameHash('wheel');
    expect(wheel.salt).toBe('public-beacon-value');
    const published = (await app.inject('/api/fair/chains')).json().data;
    expect(published.map((c: { game: string; active: boolean }) => [c.game, c.active])).toEqual([
      ['wheel', true],
      ['crash', true],
      ['crash', false],
    ]);
  });
});

// FAIR_CHAIN_SEED (test only): the e2e server's chains start from a known seed, so a journey computes
// each round's outcome in advance from the published salt (tests/e2e/helpers/knownCrash.ts).
describe('a known chain (FAIR_CHAIN_SEED, test only)', () => {
  it('starts from SHA-256("<seed>:<game>"): every game hash and outcome is computable from the seed and the published salt', async () => {
    const known = await createTestApp({ FAIR_CHAIN_LENGTH: '25', FAIR_CHAIN_SEGMENT: '4', FAIR_CHAIN_SEED: 'e2e-known-chain' });
    try {
      const games = [await known.hashChains.nextGameHash('crash'), await known.hashChains.nextGameHash('crash'), await known.hashChains.nextGameHash('wheel')];
      const [published] = (await known.inject('/api/fair/chains')).json().data.filter((c: { game: string }) => c.game === 'crash');
      const chain = generateChain(knownChainSeed('e2e-known-chain', 'crash'), 25);
      expect(chain[0]).toBe(sha256('e2e-known-chain:crash'));
      expect(chain[25]).toBe(published.terminating_hash);
      expect(games[0]!.hash).toBe(chain[24]);
      expect(games[1]!.hash).toBe(chain[23]);
      expect(crashPoint(games[1]!.hash, published.salt)).toBe(crashPoint(chain[23]!, games[1]!.salt));
      // Each game its own chain.
      const wheel = generateChain(knownChainSeed('e2e-known-chain', 'wheel'), 25);
      expect(games[2]!.hash).toBe(wheel[24]);
      expect(wheelResult(games[2]!.hash, games[2]!.salt, 54)).toBe(wheelResult(wheel[24]!, games[2]!.salt, 54));
      expect(wheel[24]).not.toBe(chain[24]);
    } finally {
      await known.close();
    }
  });

  it('production refuses to start with one', () => {
    const production = { NODE_ENV: 'production', APP_SECRET: 'a-production-secret-of-at-least-32-chars', PUSHER_SECRET: 'a-production-pusher-secret' };
    expect(() => loadConfig({ ...production, FAIR_CHAIN_SEED: 'known' })).toThrow(/FAIR_CHAIN_SEED: a test-only known chain/);
    expect(() => loadConfig(production)).not.toThrow();
  });
});

// A first start generates each round game's chain (10M hashes: minutes on a slow core). A shutdown
// in the meantime gives the generation up at its next yield (nothing stored; the next start makes
// the chain again) instead of waiting for it: before, every SIGTERM of a fresh node took ~10 s and
// hit the forced exit.
describe('a shutdown during a chain generation', () => {
  it('gives the generation up and stores nothing', async () => {
    // A billion hashes: were the close to wait for it, this test would time out.
    const starting = await createTestApp({ FAIR_CHAIN_LENGTH: '1000000000' });
    const generation = starting.hashChains.ensure('crash').then(
      () => 'stored',
      (error: unknown) => error,
    );
    await starting.close();
    expect(await generation).toBeInstanceOf(HashChainsClosed);
  });
});
