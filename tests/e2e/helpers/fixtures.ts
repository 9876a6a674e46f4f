import { spawn, type ChildProcess } from 'node:child_process';
import { test as base } from '@playwright/test';

// Every Playwright worker runs the built product on a server of its own (scripts/e2eServer.ts: a
// fresh data directory, seeded like a first `npm start`), so two workers play side by side without
// sharing players, rounds, the rewards clock or the outbox, and the page sweep's pictures never hold
// another spec's bets (a sweep worker's server serves the sweep only: Playwright never runs two
// projects' tests in one worker). The specs import `test` from here; everything else of
// @playwright/test passes through.
export * from '@playwright/test';

const firstPort = Number(process.env.E2E_PORT ?? 3100) + 20;

/** The port of this worker's server (set before any hook or test of the worker runs). */
export function serverPort(): number {
  const port = Number(process.env.E2E_SERVER_PORT);
  if (!port) throw new Error('no journey server in this process: import test from tests/e2e/helpers/fixtures.ts');
  return port;
}

/** The environment of a journey server on this port (its mail outbox, rewards clock and identity provider are found by port). */
export function journeyServerEnv(port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    CLIENT_DIR: process.env.CLIENT_DIR ?? './dist/client',
    // The journeys' players are minutes old: their gift-card codes are revealed at once, not held for review.
    CODE_REVIEW_ACCOUNT_DAYS: '0',
    CODE_REVIEW_ABOVE: '1000',
  };
}

/** Starts scripts/e2eServer.ts on `port` and waits for /api/ready; `stop` ends it (the server removes its data directory on exit). */
export async function startJourneyServer(port: number, env: NodeJS.ProcessEnv = journeyServerEnv(port)): Promise<{ url: string; stop(): Promise<void> }> {
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['scripts/e2eServer.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the journey server on port ${port} exited with ${child.exitCode}`);
    if (await fetch(`${url}/api/ready`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error(`the journey server on port ${port} did not become ready`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export const test = base.extend<object, { journeyServer: string; journeyEnv: Record<string, string> }>({
  /**
   * What a spec file sets of its server's environment on top of journeyServerEnv (`test.use({
   * journeyEnv })` at the file's top): such a file runs in a worker of its own, on a server started
   * with it (the crash journey's chain, tests/helpers/e2eRounds.ts).
   */
  journeyEnv: [{}, { scope: 'worker', option: true }],
  // workerIndex, not parallelIndex: a worker that replaces a failed one starts before the old one's
  // server is surely gone, and gets a fresh server on a port of its own.
  journeyServer: [
    async ({ journeyEnv }, use, workerInfo) => {
      const port = firstPort + workerInfo.workerIndex;
      const server = await startJourneyServer(port, { ...journeyServerEnv(port), ...journeyEnv });
      process.env.E2E_SERVER_PORT = String(port);
      await use(server.url);
      await server.stop();
    },
    { scope: 'worker', auto: true, timeout: 150_000 },
  ],
  baseURL: async ({ journeyServer }, use) => use(journeyServer),
});
