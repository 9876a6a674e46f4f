import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createScratchDatabase } from '../../helpers/scratchDatabase.ts';
import { journeyServerEnv, serverPort, startJourneyServer } from './fixtures.ts';

// A second product server for the journeys that need operator commands beside a running server
// (`npm run ops -- …` opens the database itself, which the embedded PGlite of the default journey
// server cannot share): the same scripts/e2eServer.ts on a scratch PostgreSQL database of
// TEST_DATABASE_URL, on the worker's server port + 200.

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
  // Beside this worker's own server, on a port no other worker's PostgreSQL server uses.
  const port = serverPort() + 200;
  const env = { ...journeyServerEnv(port), DATABASE_URL: database.url.toString() };
  const server = await startJourneyServer(port, env);
  const baseURL = server.url;
  return {
    baseURL,
    async ops(...args) {
      const { stdout } = await run(process.execPath, ['server/ops/cli.ts', ...args], { env: { ...env, LOG_LEVEL: 'error' } });
      return stdout;
    },
    async close() {
      await server.stop();
      await database.drop();
    },
  };
}
