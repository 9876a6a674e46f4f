import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createPostgresTestApp, hasPostgres } from '../../helpers/testApp.ts';
import { nextRoll, rotateSeeds } from '../../../server/fair/seedPairs.ts';

// Real PostgreSQL (PGlite is one connection and cannot race): concurrent bets and rotations of
// one player never share a nonce, and concurrent rounds never share a chain hash.
describe.runIf(hasPostgres)('provably fair under concurrency (PostgreSQL)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createPostgresTestApp({ FAIR_CHAIN_LENGTH: '200', FAIR_CHAIN_SEGMENT: '16' });
  });
  afterAll(() => app?.close());

  it('hands out each nonce of a pair once, even with rotations in between', async () => {
    const player = await createPlayer(app);
    const bets = Array.from({ length: 40 }, () => app.wallet.transaction((tx) => nextRoll(tx.trx, player.id)));
    const rotations = Array.from({ length: 5 }, () => rotateSeeds(app.db, player.id));
    const [rolls] = await Promise.all([Promise.all(bets), Promise.all(rotations)]);
    const keys = rolls.map((r) => `${r.seedPairId}:${r.nonce}`);
    expect(new Set(keys).size).toBe(40);
    // Per pair the nonces are exactly 1 … n, and a revealed pair's nonce is its last one.
    const byPair = new Map<number, number[]>();
    for (const r of rolls) byPair.set(r.seedPairId, [...(byPair.get(r.seedPairId) ?? []), r.nonce]);
    for (const [pairId, nonces] of byPair) {
      nonces.sort((a, b) => a - b);
      expect(nonces).toEqual(nonces.map((_, i) => i + 1));
      const pair = await app.db.selectFrom('seed_pairs').select('nonce').where('id', '=', pairId).executeTakeFirstOrThrow();
      expect(Number(pair.nonce)).toBe(nonces.length);
    }
    const active = await app.db.selectFrom('seed_pairs').select('id').where('user_id', '=', player.id).where('revealed_at', 'is', null).execute();
    expect(active).toHaveLength(1);
  });

  it('gives concurrent rounds distinct game numbers and hashes', async () => {
    const games = await Promise.all(Array.from({ length: 30 }, () => app.hashChains.nextGameHash('crash')));
    expect(new Set(games.map((g) => g.gameNumber)).size).toBe(30);
    expect(new Set(games.map((g) => g.hash)).size).toBe(30);
  });
});
