// `npm run migrate`: applies pending migrations to the configured database and exits.
import { loadConfig } from '../config.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrator.ts';
import { openOrExplain } from './embeddedLock.ts';

const config = loadConfig();
const database = await openOrExplain(() => openDatabase(config.database));
if (database) {
  try {
    const applied = await migrateToLatest(database.db);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Nothing to migrate.');
  } finally {
    await database.close();
  }
}
