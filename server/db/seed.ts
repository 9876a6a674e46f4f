import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../accounts/passwords.ts';
import { createUser, findUserByEmail } from '../accounts/users.ts';

// The demo seed: idempotent steps, each of which checks before it inserts, so running it twice
// changes nothing. Areas add their steps (catalog, promo codes, ...) to `steps`.

export interface SeedStep {
  name: string;
  run(app: FastifyInstance): Promise<void>;
}

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo-player';

const demoPlayer: SeedStep = {
  name: 'demo player',
  async run(app) {
    if (await findUserByEmail(app.db, DEMO_EMAIL)) return;
    const id = await createUser(app.db, app.wallet, { name: 'DemoPlayer', email: DEMO_EMAIL, passwordHash: await hashPassword(DEMO_PASSWORD), verified: true });
    await app.wallet.transaction((tx) => tx.credit({ userId: id, amount: 100_00, reason: 'demo_grant', reference: 'seed' }));
  },
};

export const steps: SeedStep[] = [demoPlayer];

export async function seed(app: FastifyInstance): Promise<void> {
  for (const step of steps) {
    await step.run(app);
    app.log.info({ step: step.name }, 'seed step done');
  }
}

/** Seeds only a database that has no players yet (the embedded default's first start). */
export async function seedIfEmpty(app: FastifyInstance): Promise<void> {
  const any = await app.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (!any) await seed(app);
}
