// Players for the HTTP benchmarks: each signed up with ample balance and a bearer token, and
// warmed up with one request of the measured kind when given (so each has a seed pair and its rows exist).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createUser } from '../server/accounts/users.ts';
import { issueAccessToken } from '../server/accounts/tokens.ts';

export interface BenchPlayer {
  id: number;
  token: string;
}

export async function benchPlayers(app: FastifyInstance, count: number, warmUp?: { url: string; payload: Record<string, unknown> }): Promise<BenchPlayer[]> {
  const players: BenchPlayer[] = [];
  for (let i = 0; i < count; i++) {
    const id = await createUser(app.db, app.wallet, { name: `Bench${randomUUID().slice(0, 6)}`, email: `${randomUUID()}@bench.test`, passwordHash: null, verified: true });
    await app.wallet.transaction((tx) => tx.credit({ userId: id, amount: 1_000_000_000, reason: 'bench_grant' }));
    const { token } = await issueAccessToken(app.db, id, app.config.oauth.clientId, 3600);
    if (warmUp) {
      const res = await app.inject({ method: 'POST', url: warmUp.url, headers: { authorization: `Bearer ${token}` }, payload: warmUp.payload });
      if (res.statusCode !== 200) throw new Error(`warm-up ${warmUp.url} failed: ${res.body}`);
    }
    players.push({ id, token });
  }
  return players;
}

/**
 * Players for a pgbench script that plays each one's active seed pair as the app plays its
 * remembered one (by id, client seed and nonce: bench/dice, bench/boxes): pgbench cannot read them
 * per client, so they are made predictable: consecutive user ids and pair ids (checked), one nonce,
 * client seed 'bench'. Answers the ids and the first pair.
 */
export async function pgbenchPlayers(app: FastifyInstance, count: number, warmUp: { url: string; payload: Record<string, unknown> }) {
  const sqlPlayers = await benchPlayers(app, count, warmUp);
  if (sqlPlayers.some((p, i) => p.id !== sqlPlayers[0]!.id + i)) throw new Error('pgbench players need consecutive ids');
  const pairs = await app.db
    .updateTable('seed_pairs')
    .set({ client_seed: 'bench' })
    .where('user_id', 'in', sqlPlayers.map((p) => p.id))
    .where('revealed_at', 'is', null)
    .returning(['id', 'nonce'])
    .execute();
  pairs.sort((x, y) => x.id - y.id);
  if (pairs.some((p, i) => p.id !== pairs[0]!.id + i || p.nonce !== pairs[0]!.nonce)) throw new Error('pgbench players need consecutive seed pairs at one nonce');
  return { ids: sqlPlayers.map((p) => p.id), firstPair: pairs[0]! };
}
