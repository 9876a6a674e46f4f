import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../helpers/testApp.ts';
import { raceLastWager } from './bonusRace.ts';

// The withdrawal racing the wager that completes a bonus (bonusRace.ts), on the embedded database.
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('50 parallel bets and a withdrawal racing the last: one outcome, balance = ledger, progress = journal sum', async () => {
  expect(['accepted', 'refused']).toContain(await raceLastWager(app));
});
