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

export function pgbenchScript(): string {
  const settle = INSTANT_SETTLEMENT_SQL.replace(/\$(\d+)/g, (_, n: string) => {
    const value = PARAMETERS[Number(n) - 1];
    if (!value) throw new Error(`bench/dice/pgbenchScript.ts has no value for $${n}`);
    return value;
  });
  return [...HEADER, `${settle.trim()};`, ''].join('\n');
}
