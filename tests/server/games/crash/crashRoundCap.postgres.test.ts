import { afterAll, beforeAll, describe, it } from 'vitest';
import { createCrashApp, untilCrashLoopRuns } from '../../../helpers/crashRounds.ts';
import { hasPostgres } from '../../../helpers/testApp.ts';
import { createScratchDatabase } from '../../../helpers/scratchDatabase.ts';
import { ROUND_CAP_ENV, roundCapScenario } from './crashRoundCapScenario.ts';

// The round cap with players cashing out by hand (crashRoundCapScenario.ts) on PostgreSQL, where
// the hand cash-outs and the leader's tick really run side by side on their own connections.

describe.runIf(hasPostgres)('the crash round cap with hand cash-outs (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let ctx: Awaited<ReturnType<typeof createCrashApp>>;
  let scenario: ReturnType<typeof roundCapScenario>;
  beforeAll(async () => {
    database = await createScratchDatabase('shop_crash_round_cap');
    ctx = await createCrashApp({ ...ROUND_CAP_ENV, DATABASE_URL: database.url.toString(), DATABASE_POOL_SIZE: '10' });
    await untilCrashLoopRuns(ctx.app);
    scenario = roundCapScenario(ctx);
  }, 60_000);
  afterAll(async () => {
    await ctx?.app.close();
    await database?.drop();
  });

  it('after a hand cash-out the cap cashes the rest out where the payouts reach it, never below 1.00× or the curve', async () => {
    await scenario.capReached();
  }, 60_000);

  it('a round that crashes below the cap cashes nobody out by it', async () => {
    await scenario.capNotReached();
  }, 60_000);
});
