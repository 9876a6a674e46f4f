import { readdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.ts';

// Migrations are TypeScript files in server/db/migrations named `NNNN_what.ts`. Each area owns a
// number range (see server/db/migrations/README.md) so areas can add migrations independently.
const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

const provider: MigrationProvider = {
  async getMigrations() {
    const files = (await readdir(folder)).filter((f) => /^\d{4}_.+\.ts$/.test(f)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      migrations[file.replace(/\.ts$/, '')] = (await import(pathToFileURL(path.join(folder, file)).href)) as Migration;
    }
    return migrations;
  },
};

export function createMigrator(db: Db) {
  return new Migrator({ db, provider, allowUnorderedMigrations: true });
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results } = await createMigrator(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** True when every migration file has been applied (used by GET /api/ready). */
export async function migrationsPending(db: Db): Promise<number> {
  const list = await createMigrator(db).getMigrations();
  return list.filter((m) => !m.executedAt).length;
}
