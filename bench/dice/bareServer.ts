// The dice bench's floor: the same bet as POST /api/dice/bet (token lookup, then one transaction of
// debit + ledger rows, seed-pair nonce + roll row, credit on a win, bet row + XP, the same
// statements as bench/dice/bet.sql), served by bare node:http and node-postgres with nothing else:
// no Fastify, no zod, no Kysely, no hooks, no validation beyond what the bet needs. It answers how
// much of the gap to pgbench is Node and its PostgreSQL driver on these cores, and how much is ours.
// A benchmark baseline only: it trusts its input and is never part of the product.
import http from 'node:http';
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { diceRoll } from '../../core/fair/index.ts';
import { diceDisplayMultiplier, dicePayout, diceWins, type DiceDirection } from '../../core/games/dice.ts';

const move = (covered: string) => `
  with moved as (
    update accounts set balance = balance + $1::bigint where user_id = $2::bigint ${covered} returning id, balance
  ), entries as (
    insert into ledger_entries (transfer_id, account_id, amount, balance_after, reason, reference)
    select $3::uuid, id, $1::bigint, balance, $4::text, null::text from moved
    union all
    select $3::uuid, $5::bigint, -$1::bigint, null, $4::text, null::text from moved
  )
  select balance from moved`;
const DEBIT = move('and balance >= -$1::bigint');
const CREDIT = move('');
const NEXT_ROLL = `
  with pair as (
    update seed_pairs set nonce = nonce + 1 where user_id = $1::bigint and revealed_at is null
    returning id, server_seed, server_seed_hash, client_seed, nonce
  ), roll as (
    insert into seed_pair_rolls (seed_pair_id, nonce) select id, nonce from pair
  )
  select id, server_seed, server_seed_hash, client_seed, nonce from pair`;
const RECORD_BET = `
  with bet as (
    insert into game_bets (user_id, game, amount, payout, multiplier, seed_pair_id, nonce, params, outcome)
    values ($1, 'dice', $2, $3, $4, $5, $6, $7, $8) returning id
  ), xp as (update users set wagered = wagered + $2::bigint where id = $1::bigint)
  select id from bet`;

interface Bet {
  amount: number;
  target: number;
  direction: DiceDirection;
}

export async function startBareDiceServer(databaseUrl: string, connections: number, houseAccountId: number): Promise<{ port: number; close(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });

  async function bet(token: string, { amount: coins, target, direction }: Bet): Promise<unknown> {
    const hash = createHash('sha256').update(token).digest('hex');
    const userId = (await pool.query('select user_id, expires_at, revoked_at from access_tokens where id = $1', [hash])).rows[0].user_id;
    const amount = Math.round(coins * 100);
    const client = await pool.connect();
    try {
      await client.query('begin');
      let balance = (await client.query(DEBIT, [-amount, userId, randomUUID(), 'dice_bet', houseAccountId])).rows[0].balance;
      const seed = (await client.query(NEXT_ROLL, [userId])).rows[0];
      const nonce = Number(seed.nonce); // bigint columns arrive as strings
      const roll = diceRoll(seed.server_seed, seed.client_seed, nonce);
      const win = diceWins(roll, target, direction);
      const payout = win ? dicePayout(amount, target, direction) : 0;
      if (payout > 0) balance = (await client.query(CREDIT, [payout, userId, randomUUID(), 'dice_win', houseAccountId])).rows[0].balance;
      const params = JSON.stringify({ target, direction });
      await client.query(RECORD_BET, [userId, amount, payout, win ? diceDisplayMultiplier(target, direction) : 0, seed.id, nonce, params, JSON.stringify({ roll, win })]);
      await client.query('commit');
      return { data: { roll, win, payout: payout / 100, balance: Number(balance) / 100, nonce, server_seed_hash: seed.server_seed_hash, client_seed: seed.client_seed } };
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
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
