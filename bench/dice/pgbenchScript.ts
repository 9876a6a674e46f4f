// pgbench's script for one dice bet, built from the very statement text the app sends
// (instantSettlementSql with the token guard, server/games/bets.ts), so the two cannot drift apart: the
// wallet's one-statement settlement, which also checks the bearer token (the app skips its own
// token lookup for a token it has seen alive before, as every bench player's is). Its numbered
// parameters become pgbench expressions. Client n plays as user :lo + n with seed pair :pairlo + n
// (run.ts checks both are consecutive and gives every pair the client seed 'bench'); its nonce
// starts at :nonce and counts up like the app's remembered pair (pgbench keeps a client's variables
// from one transaction to the next). The win is a coin flip (about half the bets at 49.5 %); the
// payout rows are written only then, as in the app. Differences that cost the same: the token's
// hash is read by its user's index (pgbench cannot hash a per-client token) where the app sends
// it, and the transfer ids are made from random numbers.
import { instantSettlementSql } from '../../server/games/bets.ts';
import { liveTokenGuard } from '../../server/accounts/settlementGuard.ts';
import { INSTANT_STAKE_CONDITION } from '../../server/bonuses/maxBet.ts';

const INSTANT_SETTLEMENT_SQL = instantSettlementSql(liveTokenGuard, INSTANT_STAKE_CONDITION);

const HEADER = [
  '\\set u :lo + :client_id',
  '\\set pair :pairlo + :client_id',
  '\\set nonce :nonce + 1',
  '\\set win random(0, 1)',
  '\\set payout 200 * :win',
  '\\set stake_transfer random(1, 1000000000000)',
  '\\set payout_transfer random(1, 1000000000000)',
];

const asUuid = (variable: string) => `lpad(to_hex((:${variable})::bigint), 32, '0')`;
// The app's parameters, in INSTANT_SETTLEMENT_SQL's order, for ONE 1-coin bet under 49.5: each
// array parameter an array of one element, as the app sends a batch of one.
const one = (value: string) => `array[${value}]`;
const PARAMETERS = [...['(:u)', '(100)', '(:payout)', '(:pair)', "'bench'", '(:nonce)', asUuid('stake_transfer'), asUuid('payout_transfer'), "'dice'", '(2 * :win)', `'{"target": 49.5, "direction": "under"}'`, `'{"roll": 12.34, "win": true}'`, '(select id from access_tokens where user_id = :u limit 1)'].map(one), '(:house)'];

function withParameters(parameters: string[]): string {
  return INSTANT_SETTLEMENT_SQL.replace(/\$(\d+)/g, (_, n: string) => {
    const value = parameters[Number(n) - 1];
    if (!value) throw new Error(`bench/dice/pgbenchScript.ts has no value for $${n}`);
    return value;
  }).trim();
}

export function pgbenchScript(): string {
  return [...HEADER, `${withParameters(PARAMETERS)};`, ''].join('\n');
}

// The same statement as the app sends it for a batch: arrays of `batch` elements, one per player of the
// client's group (client n bets for users :lo + n * batch + k, pairs :pairlo + n * batch + k, all at the
// client's nonce). The database's limit for this design is this statement run back to back by ONE client
// (the app keeps one statement in flight, INSTANT_BATCHES) at the app's own batch size. Element k wins
// when nonce + k is odd (half the bets, as the coin flip); its transfer ids join the transaction's random
// number with k.
const GROUP_HEADER = [
  '\\set u :lo + :client_id * :batch',
  '\\set pair :pairlo + :client_id * :batch',
  '\\set nonce :nonce + 1',
  '\\set stake_transfer random(1, 1000000000000000)',
  '\\set payout_transfer random(1, 1000000000000000)',
];
const groupUuid = (variable: string, k: number) => `lpad(to_hex((:${variable})::bigint), 16, '0') || lpad(to_hex(${k}), 16, '0')`;

export function pgbenchGroupScript(batch: number): string {
  const each = (element: (k: number, win: string) => string) => `array[${Array.from({ length: batch }, (_, k) => element(k, `((:nonce + ${k}) % 2)`)).join(', ')}]`;
  const parameters = [
    each((k) => `(:u + ${k})`),
    each(() => '(100)'),
    each((_, win) => `(200 * ${win})`),
    each((k) => `(:pair + ${k})`),
    each(() => "'bench'"),
    each(() => '(:nonce)'),
    each((k) => groupUuid('stake_transfer', k)),
    each((k) => groupUuid('payout_transfer', k)),
    each(() => "'dice'"),
    each((_, win) => `(2 * ${win})`),
    each(() => `'{"target": 49.5, "direction": "under"}'`),
    each(() => `'{"roll": 12.34, "win": true}'`),
    each((k) => `(select id from access_tokens where user_id = :u + ${k} limit 1)`),
    '(:house)',
  ];
  return [...GROUP_HEADER, `${withParameters(parameters)};`, ''].join('\n');
}
