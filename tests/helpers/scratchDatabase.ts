// A throw-away PostgreSQL database beside the server at TEST_DATABASE_URL (the benchmarks pass
// BENCH_DATABASE_URL): created at once, dropped with its connections by drop(). Every suite and
// benchmark that needs a real PostgreSQL of its own takes one here.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

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

export async function createScratchDatabase(prefix: string, adminUrl = process.env.TEST_DATABASE_URL): Promise<{ url: URL; drop(): Promise<void> }> {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await admin(adminUrl, (client) => client.query(`create database ${name}`));
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
        const deadline = Date.now() + DROP_WAIT_MS;
        while (Date.now() < deadline) {
          const { rows } = await client.query<{ open: number }>('select count(*)::int as open from pg_stat_activity where datname = $1', [name]);
          if (rows[0]!.open === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
}
