// A throw-away PostgreSQL database beside BENCH_DATABASE_URL (or TEST_DATABASE_URL) for one
// benchmark run: created at start, dropped (with its connections) at the end.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export async function createScratchDatabase(prefix: string): Promise<{ url: URL; drop(): Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url,
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
