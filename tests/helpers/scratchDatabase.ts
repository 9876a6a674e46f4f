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

export async function createScratchDatabase(prefix: string, adminUrl = process.env.TEST_DATABASE_URL): Promise<{ url: URL; drop(): Promise<void> }> {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await admin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url,
    drop: () => admin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
