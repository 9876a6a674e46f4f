// `npm run seed`: runs the idempotent demo seed against the configured database.
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seed } from './seed.ts';

const app = await buildApp(loadConfig(), { seed: false });
try {
  await seed(app);
  console.log('Seed done.');
} finally {
  await app.close();
}
