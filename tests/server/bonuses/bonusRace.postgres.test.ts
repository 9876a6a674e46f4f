import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPostgresTestApp, hasPostgres } from '../../helpers/testApp.ts';
import { raceLastWager } from './bonusRace.ts';

// The withdrawal racing the wager that completes a bonus (bonusRace.ts) on PostgreSQL, where the
// bets and the withdrawal run on connections of their own; three rounds, each a new player.
describe.runIf(hasPostgres)('a withdrawal racing the last wager (PostgreSQL)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createPostgresTestApp();
  }, 60_000);
  afterAll(() => app?.close());

  it('50 parallel bets and a withdrawal racing the last: one outcome each time, balance = ledger, progress = journal sum', async () => {
    for (let round = 0; round < 3; round += 1) expect(['accepted', 'refused']).toContain(await raceLastWager(app));
  }, 60_000);
});
