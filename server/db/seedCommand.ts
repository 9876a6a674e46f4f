// `npm run seed`: runs the idempotent seed against the configured database.
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seed } from './seed.ts';
import { openOrExplain } from './embeddedLock.ts';

const config = loadConfig();
const app = await openOrExplain(() => buildApp(config, { seed: false }));
if (app) {
  try {
    // Production gets the catalog and the promo codes, never the demo player or demo codes.
    await seed(app, { demo: config.seedDemo && config.env !== 'production' });
    console.log('Seed done.');
  } finally {
    await app.close();
  }
}
