import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../accounts/passwords.ts';
import { catalogSeedStep } from '../boxes/seedCatalog.ts';
import { createUser, findUserByEmail } from '../accounts/users.ts';
import { demoCodesSeed, promoSeed } from '../promo/promoSeed.ts';
import type { SeedStep } from './seedStep.ts';

// The demo seed: idempotent steps, each of which checks before it inserts, so running it twice
// changes nothing. Areas add their steps (catalog, promo codes, ...) to `steps`.

export type { SeedStep } from './seedStep.ts';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo-player';

const demoPlayer: SeedStep = {
  name: 'demo player',
  demo: true,
  async run(app) {
    if (await findUserByEmail(app.db, DEMO_EMAIL)) return;
    const id = await createUser(app.db, app.wallet, { name: 'DemoPlayer', email: DEMO_EMAIL, passwordHash: await hashPassword(DEMO_PASSWORD), verified: true });
    await app.wallet.transaction((tx) => tx.credit({ userId: id, amount: 100_00, reason: 'demo_grant', reference: 'seed' }));
  },
};

export const steps: SeedStep[] = [demoPlayer, catalogSeedStep, promoSeed, demoCodesSeed];

/** Runs every step, or only the catalog and promo steps when `demo` is false (production). */
export async function seed(app: FastifyInstance, options: { demo?: boolean } = {}): Promise<void> {
  for (const step of steps) {
    if (step.demo && options.demo === false) continue;
    await step.run(app);
    app.log.debug({ step: step.name }, 'seed step done');
  }
}

/**
 * Runs at every start in the embedded default (SEED_DEMO=true). On an empty database it creates
 * the demo data; on an existing one every step finds its rows and does nothing, except steps
 * added since (a newer catalog), which fill in what they add.
 */
export async function seedOnStart(app: FastifyInstance): Promise<void> {
  await seed(app, { demo: app.config.env !== 'production' });
}
