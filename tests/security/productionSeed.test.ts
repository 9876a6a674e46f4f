import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../server/config.ts';
import { buildTestApp } from '../helpers/testApp.ts';
import { testConfig } from '../helpers/testConfig.ts';
import { DEMO_EMAIL, seed } from '../../server/db/seed.ts';
import { DEMO_GIFT_CODE } from '../../server/promo/promoSeed.ts';

// Production never seeds the demo player (a known password and balance) or the demo gift codes:
// asking for it stops the start with a message naming SEED_DEMO, the default there is off, and
// the seed command run in production adds only the catalog and the promo codes.

const production = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40), PUSHER_SECRET: 'y'.repeat(20) };

describe('SEED_DEMO in production', () => {
  it('a production process asked for the demo seed refuses to start, naming the variable', async () => {
    const child = spawn(process.execPath, ['server/main.ts'], { env: { ...process.env, ...production, DATA_DIR: 'memory://', SEED_DEMO: 'true', PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/Invalid configuration:[\s\S]*SEED_DEMO: production never seeds the demo player/);
  }, 30_000);

  it('defaults to no demo seed in production and to the demo seed elsewhere', () => {
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});

describe('the seed without demo steps', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(testConfig(), { seed: false });
  }, 60_000);
  afterAll(() => app.close());

  it('adds the catalog and promo codes but no demo player and no demo gift code', async () => {
    await seed(app, { demo: false });
    expect(await app.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst()).toBeUndefined();
    expect(await app.db.selectFrom('gift_codes').select('id').where('code', '=', DEMO_GIFT_CODE).executeTakeFirst()).toBeUndefined();
    expect(await app.db.selectFrom('boxes').select('id').limit(1).executeTakeFirst()).toBeDefined();
    expect(await app.db.selectFrom('promo_codes').select('code').where('code', '=', 'winter35').executeTakeFirst()).toBeDefined();
  });
});
