// A throw-away PostgreSQL database beside the server at TEST_DATABASE_URL (the benchmarks pass
// BENCH_DATABASE_URL): created at once, dropped with its connections by drop(). Every suite and
// benchmark that needs a real PostgreSQL of its own takes one here: empty, or already migrated.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrator.ts';
import { migrationsKey } from './migrationsKey.ts';

async function admin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** How long a drop waits for the database's sessions to end by themselves before it ends them. */
const DROP_WAIT_MS = 2000;

export async function createScratchDatabase(prefix: string, adminUrl = process.env.TEST_DATABASE_URL, template?: string): Promise<{ url: URL; drop(): Promise<void> }> {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await admin(adminUrl, (client) => client.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url,
    drop: () =>
      admin(adminUrl, async (client) => {
        // A pool that a suite has just ended may still be closing its connections (pg's pool.end()
        // resolves before their sockets close): forced then, such a connection hears its server's
        // FATAL after its pool stopped listening, and that pool's unheard 'error' stops the test run.
        // So the drop waits, briefly, for the database's sessions to end, and forces the rest.
        await untilNoSessions(client, name);
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

/** Waits (at most DROP_WAIT_MS) for every session of database `name` to end. */
async function untilNoSessions(client: pg.Client, name: string) {
  const deadline = Date.now() + DROP_WAIT_MS;
  while (Date.now() < deadline) {
    const { rows } = await client.query<{ open: number }>('select count(*)::int as open from pg_stat_activity where datname = $1', [name]);
    if (rows[0]!.open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const TEMPLATE_PREFIX = 'shop_template';
const templates = new Map<string, Promise<string>>();

/**
 * A scratch database already at the latest migration: a copy of a template database migrated once
 * per set of migrations (migrationsKey) and kept on the server for the next run. An empty database
 * and every migration took 1.45 s here, a copy 0.55 s (quiet machine), and the app suites make
 * dozens. The suites about migrating (two nodes starting at once, rolling restarts, the processes of
 * crash safety) keep starting from an empty one.
 */
export function createMigratedScratchDatabase(prefix: string, adminUrl = process.env.TEST_DATABASE_URL) {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  let template = templates.get(adminUrl);
  if (!template) templates.set(adminUrl, (template = migratedTemplate(adminUrl)));
  return template.then((name) => createScratchDatabase(prefix, adminUrl, name));
}

async function migratedTemplate(adminUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}_${migrationsKey()}`;
  const exists = (await admin(adminUrl, (client) => client.query('select 1 from pg_database where datname = $1', [name]))).rowCount;
  if (exists) return name;
  // Made under a name of its own and renamed into place once migrated: two workers may make it at
  // once, and the one whose rename comes second drops its copy. A copy needs its template without
  // sessions, so the migrating connections are gone before the rename.
  const made = await createScratchDatabase(`${TEMPLATE_PREFIX}_partial`, adminUrl);
  const handle = await openDatabase({ kind: 'postgres', url: made.url.toString(), poolSize: 1 });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  const partial = made.url.pathname.slice(1);
  await admin(adminUrl, async (client) => {
    await untilNoSessions(client, partial);
    try {
      await client.query(`alter database ${partial} rename to ${name}`);
    } catch (error) {
      if ((error as { code?: string }).code !== '42P04') throw error; // duplicate_database: the other worker's is in place
      await client.query(`drop database if exists ${partial} with (force)`);
      return;
    }
    // Templates of earlier migrations are of no more use (one another run still copies stays).
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1 and datname <> $2', [`${TEMPLATE_PREFIX}\\_%`, name]);
    for (const old of rows) if (!old.datname.startsWith(`${TEMPLATE_PREFIX}_partial`)) await client.query(`drop database if exists ${old.datname}`).catch(() => undefined);
  });
  return name;
}
