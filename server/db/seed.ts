import { hashPassword } from '../accounts/passwords.ts';
import { catalogSeedStep } from '../boxes/seedCatalog.ts';
import { createUser, findUserByEmail } from '../accounts/users.ts';
import { demoCodesSeed, promoSeed } from '../promo/promoSeed.ts';
import type { SeedDeps, SeedStep } from './seedStep.ts';
import type { Config } from '../config.ts';
import type { Log } from '../log.ts';

// The demo seed: idempotent steps, each of which checks before it inserts, so running it twice
// changes nothing. Areas add their steps (catalog, promo codes, ...) to `steps`.

export type { SeedDeps, SeedStep } from './seedStep.ts';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo-player';

const demoPlayer: SeedStep = {
  name: 'demo player',
  demo: true,
  async run({ db, wallet }) {
    if (await findUserByEmail(db, DEMO_EMAIL)) return;
    const id = await createUser(db, wallet, { name: 'DemoPlayer', email: DEMO_EMAIL, passwordHash: await hashPassword(DEMO_PASSWORD), verified: true });
    await wallet.transaction((tx) => tx.credit({ userId: id, amount: 100_00, reason: 'demo_grant', reference: 'seed' }));
  },
};

export const steps: SeedStep[] = [demoPlayer, catalogSeedStep, promoSeed, demoCodesSeed];

/** Runs every step, or only the catalog and promo steps when `demo` is false (production). */
export async function seed(deps: SeedDeps & { log: Log }, options: { demo?: boolean } = {}): Promise<void> {
  for (const step of steps) {
    if (step.demo && options.demo === false) continue;
    await step.run(deps);
    deps.log.debug({ step: step.name }, 'seed step done');
  }
}

/**
 * Runs at every start in the embedded default (SEED_DEMO=true). On an empty database it creates
 * the demo data; on an existing one every step finds its rows and does nothing, except steps
 * added since (a newer catalog), which fill in what they add.
 */
export async function seedOnStart(deps: SeedDeps & { log: Log }, env: Config['env']): Promise<void> {
  await seed(deps, { demo: env !== 'production' });
}
