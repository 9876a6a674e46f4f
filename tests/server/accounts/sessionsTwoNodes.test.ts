import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app.ts';
import { testConfig } from '../../helpers/testConfig.ts';
import { hasPostgres, hasRedis } from '../../helpers/testApp.ts';
import { createScratchDatabase } from '../../helpers/scratchDatabase.ts';
import { betsOf } from '../../helpers/queries.ts';
import { createUser } from '../../../server/accounts/users.ts';
import { hashPassword } from '../../../server/accounts/passwords.ts';
import { tokenHash } from '../../../server/accounts/tokens.ts';

// Two nodes on one PostgreSQL and one Redis: a session ended on node A stops at once on node B,
// also for the instant bets whose fast path takes a token node B has seen alive from its own
// memory (server/accounts/tokenOwners.ts) — the settling statement checks the token itself, so
// the bet writes nothing and answers 401.

const client = { client_id: '2', client_secret: 'first-party-client-secret', scope: '*' };
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe.runIf(hasPostgres && hasRedis)('ending sessions across two nodes', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  const nodes: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await createScratchDatabase('shop_sessions');
    const env = { DATABASE_URL: database.url.toString(), REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_PREFIX: `test-${randomUUID()}:`, LEADER_POLL_MS: '100' };
    for (let i = 0; i < 2; i += 1) nodes.push(await buildApp(testConfig(env), { seed: false }));
  });

  afterAll(async () => {
    for (const node of nodes) await node.close().catch(() => {});
    await database.drop();
  });

  async function player(node: FastifyInstance) {
    const email = `nodes-${randomUUID().slice(0, 8)}@example.com`;
    const id = await createUser(node.db, node.wallet, { name: 'Nodes', email, passwordHash: await hashPassword('secret1'), verified: true });
    await node.wallet.transaction((tx) => tx.credit({ userId: id, amount: 100_00, reason: 'test_grant' }));
    return { id, email };
  }
  const signIn = async (node: FastifyInstance, email: string, ua = 'Desktop test browser') =>
    (await node.inject({ method: 'POST', url: '/oauth/token', headers: { 'user-agent': ua }, payload: { ...client, grant_type: 'password', username: email, password: 'secret1' } })).json() as { access_token: string; refresh_token: string };
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const dice = (node: FastifyInstance, token: string) => node.inject({ method: 'POST', url: '/api/dice/bet', headers: auth(token), payload: { amount: 1, target: 50, direction: 'under' } });
  const plinko = (node: FastifyInstance, token: string) => node.inject({ method: 'POST', url: '/api/plinko/bet', headers: auth(token), payload: { amount: 1, rows: 8, risk: 'low' } });

  /** Node B has settled bets with the token, so its instant-bet shortcut remembers it as alive. */
  async function warmOnB(userId: number, token: string) {
    const b = nodes[1]!;
    expect((await dice(b, token)).statusCode).toBe(200);
    expect((await plinko(b, token)).statusCode).toBe(200);
    expect((await dice(b, token)).statusCode).toBe(200);
    expect(b.tokenOwners.get(tokenHash(token))).toBe(userId);
  }

  async function refusedOnB(userId: number, token: string, refreshToken: string) {
    const b = nodes[1]!;
    const balance = await b.wallet.balance(userId);
    const bets = (await betsOf(b.db, userId)).length;
    for (const res of [await dice(b, token), await plinko(b, token), await b.inject({ url: '/api/profile', headers: auth(token) })]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    }
    const refresh = await b.inject({ method: 'POST', url: '/oauth/token', payload: { ...client, grant_type: 'refresh_token', refresh_token: refreshToken } });
    expect(refresh.statusCode).toBe(400);
    expect(await b.wallet.balance(userId)).toBe(balance);
    expect(await betsOf(b.db, userId)).toHaveLength(bets);
  }

  it('"end this" on node A: the session can no longer bet (dice and plinko fast paths), read or refresh on node B', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    const { id, email } = await player(a);
    const desktop = await signIn(a, email);
    const phone = await signIn(b, email, PHONE);
    await warmOnB(id, phone.access_token);
    const sessions = (await a.inject({ url: '/api/profile/sessions', headers: auth(desktop.access_token) })).json().data as Array<{ id: string; device: string; current: boolean }>;
    const phoneSession = sessions.find((s) => s.device === 'Safari on iPhone')!;
    expect(phoneSession.current).toBe(false);
    expect((await a.inject({ method: 'POST', url: `/api/profile/sessions/${phoneSession.id}/end`, headers: auth(desktop.access_token) })).statusCode).toBe(200);
    await refusedOnB(id, phone.access_token, phone.refresh_token);
    // The session that ended it goes on, on either node.
    expect((await dice(b, desktop.access_token)).statusCode).toBe(200);
  });

  it('"end all others" and a password change on node A end every other session on node B at once', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    const { id, email } = await player(a);
    const here = await signIn(a, email);
    const other = await signIn(b, email, PHONE);
    await warmOnB(id, other.access_token);
    expect((await a.inject({ method: 'POST', url: '/api/profile/sessions/end-others', headers: auth(here.access_token) })).statusCode).toBe(200);
    await refusedOnB(id, other.access_token, other.refresh_token);

    const third = await signIn(b, email, PHONE);
    await warmOnB(id, third.access_token);
    const changed = await a.inject({ method: 'POST', url: '/api/profile/password', headers: auth(here.access_token), payload: { current_password: 'secret1', password: 'secret2', password_confirmation: 'secret2' } });
    expect(changed.statusCode).toBe(200);
    await refusedOnB(id, third.access_token, third.refresh_token);
    expect((await dice(b, here.access_token)).statusCode).toBe(200);
  });
});
