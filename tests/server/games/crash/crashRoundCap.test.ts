import { afterAll, beforeAll, describe, it } from 'vitest';
import { createCrashApp } from '../../../helpers/crashRounds.ts';
import { ROUND_CAP_ENV, roundCapScenario } from './crashRoundCapScenario.ts';

// The round cap with players cashing out by hand (crashRoundCapScenario.ts), on PGlite with the
// manual clock. On PGlite the transactions take turns; crashRoundCap.postgres.test.ts races them.

describe('the crash round cap with hand cash-outs (PGlite)', () => {
  let ctx: Awaited<ReturnType<typeof createCrashApp>>;
  let scenario: ReturnType<typeof roundCapScenario>;
  beforeAll(async () => {
    ctx = await createCrashApp(ROUND_CAP_ENV);
    scenario = roundCapScenario(ctx);
  });
  afterAll(async () => {
    await ctx?.app.close();
  });

  it('after a hand cash-out the cap cashes the rest out where the payouts reach it, never below 1.00× or the curve', async () => {
    await scenario.capReached();
  });

  it('a round that crashes below the cap cashes nobody out by it', async () => {
    await scenario.capNotReached();
  });
});
