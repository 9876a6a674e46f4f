// The dice bench's floor: the same bet as POST /api/dice/bet (the wallet's one-statement
// settlement, token check included, of a bet decided from the player's remembered seed pair, the
// token's owner remembered from its first bet; the same statement as bench/dice/pgbenchScript.ts), served by bare node:http and node-postgres with nothing else:
// no Fastify, no zod, no Kysely, no hooks, no validation beyond what the bet needs. It answers how
// much of the gap to pgbench is Node and its PostgreSQL driver on these cores, and how much is ours.
// A benchmark baseline only: it trusts its input, has no fallback for a pair that moved (nothing
// moves the bench players' pairs) and is never part of the product.
import http from 'node:http';
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { DiceDirection } from '../../core/games/dice.ts';
import { rollOf, type Roll } from '../../server/fair/seedPairs.ts';
import { decideDice } from '../../server/games/dice/placeDiceBet.ts';
import { instantSettlementRow, instantSettlementSql, instantSettlementValues } from '../../server/games/bets.ts';
import { liveTokenGuard } from '../../server/accounts/settlementGuard.ts';
import { INSTANT_STAKE_CONDITION } from '../../server/bonuses/maxBet.ts';

const INSTANT_SETTLEMENT_SQL = instantSettlementSql(liveTokenGuard, INSTANT_STAKE_CONDITION);

interface Bet {
  amount: number;
  target: number;
  direction: DiceDirection;
}

export async function startBareDiceServer(databaseUrl: string, connections: number, houseAccountId: number): Promise<{ port: number; close(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  /** Each player's pair at the last nonce used, like the app's seed-pair cache. */
  const pairs = new Map<number, Roll>();
  /** Each token's user, by the token's hash, like the app's token owners. */
  const owners = new Map<string, number>();

  async function bet(token: string, { amount: coins, target, direction }: Bet): Promise<unknown> {
    const hash = createHash('sha256').update(token).digest('hex');
    let userId = owners.get(hash);
    if (userId === undefined) {
      userId = Number((await pool.query('select user_id, expires_at, revoked_at from access_tokens where id = $1', [hash])).rows[0].user_id);
      owners.set(hash, userId);
    }
    let last = pairs.get(userId);
    if (!last) {
      const row = (await pool.query('select id, server_seed, server_seed_hash, client_seed, nonce from seed_pairs where user_id = $1 and revealed_at is null', [userId])).rows[0];
      last = rollOf({ ...row, id: Number(row.id) }); // bigint columns arrive as strings
    }
    const amount = Math.round(coins * 100);
    const seed = { ...last, nonce: last.nonce + 1 };
    const { payout, multiplier, outcome, answer } = decideDice(seed, amount, target, direction);
    const settlement = { userId, guardValue: hash, game: 'dice' as const, amount, payout, multiplier, seedPairId: seed.seedPairId, clientSeed: seed.clientSeed, nonce: seed.nonce, params: { target, direction }, outcome };
    const row = (await pool.query(INSTANT_SETTLEMENT_SQL, instantSettlementValues(houseAccountId, [instantSettlementRow(settlement)]))).rows[0];
    if (!row) throw new Error(`bet of user ${userId} not settled`);
    pairs.set(userId, seed);
    return { data: { ...answer, payout: payout / 100, balance: Number(row.balance) / 100, nonce: seed.nonce, server_seed_hash: seed.serverSeedHash, client_seed: seed.clientSeed } };
  }

  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      bet(token, JSON.parse(body) as Bet).then(
        (answer) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer)),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}
