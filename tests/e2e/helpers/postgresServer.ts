import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { createScratchDatabase } from '../../helpers/scratchDatabase.ts';

// A second product server for the journeys that need operator commands beside a running server
// (`npm run ops -- …` opens the database itself, which the embedded PGlite of the default journey
// server cannot share): the same scripts/e2eServer.ts on a scratch PostgreSQL database of
// TEST_DATABASE_URL, on E2E_PORT + 2.

const run = promisify(execFile);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface PostgresServer {
  baseURL: string;
  /** Runs `npm run ops -- <args>` against the server's database; its stdout. */
  ops(...args: string[]): Promise<string>;
  close(): Promise<void>;
}

export async function startPostgresServer(): Promise<PostgresServer> {
  const database = await createScratchDatabase('shop_e2e', adminUrl);
  const port = Number(process.env.E2E_PORT ?? 3100) + 2;
  const baseURL = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', CLIENT_DIR: process.env.CLIENT_DIR ?? './dist/client', DATABASE_URL: database.url.toString() };
  const child: ChildProcess = spawn(process.execPath, ['scripts/e2eServer.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the PostgreSQL journey server exited with ${child.exitCode}`);
    const ready = await fetch(`${baseURL}/api/ready`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the PostgreSQL journey server did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    baseURL,
    async ops(...args) {
      const { stdout } = await run(process.execPath, ['server/ops/cli.ts', ...args], { env: { ...env, LOG_LEVEL: 'error' } });
      return stdout;
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await database.drop();
    },
  };
}
