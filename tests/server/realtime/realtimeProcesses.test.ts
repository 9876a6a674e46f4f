import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../helpers/ports.ts';
import { serverProcessEnv } from '../../helpers/serverProcess.ts';
import { hasPostgres, hasRedis } from '../../helpers/testApp.ts';
import { createScratchDatabase } from '../../helpers/scratchDatabase.ts';
import { connected, nextEvent, pusherClient, subscribed } from '../../helpers/realtimeClients.ts';

// Two real server processes (server/main.ts) on one PostgreSQL database and one Redis: a deposit
// made through node A's HTTP API reaches a pusher-js client connected to node B as balanceUpdated
// on the player's private channel. (Leader election across nodes: realtimeCluster.test.ts.)

async function waitReady(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`node exited early:\n${output()}`);
    if (await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`node on ${port} not ready:\n${output()}`);
}

describe.runIf(hasPostgres && hasRedis)('two server processes with PostgreSQL and Redis', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  const children: ChildProcess[] = [];
  const ports: number[] = [];

  beforeAll(async () => {
    database = await createScratchDatabase('shop_procs');
    const { url } = database;
    const prefix = `test-${randomUUID()}:`;
    // One after the other: the first node applies the migrations, the second finds them done.
    for (let i = 0; i < 2; i += 1) {
      const port = await freePort();
      const child = spawn(process.execPath, ['server/main.ts'], {
        env: serverProcessEnv({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: url.toString(), REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_PREFIX: prefix, SEED_DEMO: 'false', LOG_LEVEL: 'warn' }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout!.on('data', (d) => (output += d));
      child.stderr!.on('data', (d) => (output += d));
      children.push(child);
      ports.push(port);
      await waitReady(port, child, () => output);
    }
  }, 150_000);

  afterAll(async () => {
    await Promise.all(
      children.map((child) => (child.exitCode !== null ? Promise.resolve() : new Promise<void>((resolve) => {
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }))),
    );
    await database.drop();
  }, 60_000);

  it('a deposit on node A reaches the player on node B as balanceUpdated', async () => {
    const [a, b] = ports as [number, number];
    const api = (port: number, path: string, body?: unknown, token?: string) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, json: await r.json() }));

    const email = `procs-${Date.now()}@example.com`;
    expect((await api(a, '/api/auth/register', { name: 'TwoNodes', email, password: 'secret-123', 'g-recaptcha-response': '', terms: true })).status).toBe(200);
    const config = (await api(a, '/api/config')).json;
    const token = (await api(a, '/oauth/token', { grant_type: 'password', client_id: config.oauth.client_id, client_secret: config.oauth.client_secret, username: email, password: 'secret-123', scope: '*' })).json.access_token as string;
    const userId = (await api(a, '/api/profile', undefined, token)).json.data.id as number;

    const pusher = pusherClient(b, token);
    try {
      await connected(pusher);
      const own = pusher.subscribe(`private-users.${userId}`);
      expect(await subscribed(own)).toEqual({ result: 'ok' });
      const balance = nextEvent(own, 'balanceUpdated', 20_000);

      const address = (await api(a, '/api/deposit/alphapo/deposit-address', { currency: 'BTC' }, token)).json.data.wallet as string;
      expect((await api(a, `/api/sandbox/crypto/${address}/receive`, { amount: 40 }, token)).status).toBe(200);
      expect(await balance).toEqual({ type: 'balanceUpdated', current_balance: 40, version: expect.any(Number) });
    } finally {
      pusher.disconnect();
    }
  }, 60_000);
});
