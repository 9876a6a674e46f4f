import type { SettlementGuard } from '../wallet/settlements.ts';

// The gate of a one-statement settlement on the players' seed pairs (the instant bets':
// server/games/bets.ts; the box openings': server/boxes/openingEffects.ts): a play decided beforehand
// from the roll of a player's cached pair (server/fair/seedPairCache.ts) goes through only while that
// pair is still active at the client seed and nonce the outcome was computed from, and the balance
// covers the stake. Each condition is per row: a row that fails one is left out of the gate, and the
// statement's every write hangs off the gate, so it writes nothing for that row (its caller settles
// it the long way).
//
// The gate locks the rows it lets through in the order of the account ids (`order by` under `for
// update`: the lock step runs above the sort), so two batches that share players take their locks
// in the same order and never wait on each other in a circle. Under READ COMMITTED a gate that
// waited for a concurrent writer re-checks its conditions on the newest row version, so a debit
// never overdraws and a nonce is never used twice.

/**
 * The rows of `rows` (columns user_id, amount, seed_pair_id, client_seed, nonce, guard_value) whose
 * player's balance covers `amount`, whose pair is still active at the client seed and at the nonce
 * before `nonce`, and which the guard and the stake condition let through, each with its
 * `account_id`; locked in account order. `more` adds columns and joins (aliases other than `a`,
 * `p` and the guard's).
 */
export function seedPairGateSql(rows: string, guard: SettlementGuard, stakeCondition: string, more: { select?: string; join?: string } = {}): string {
  return `select ${rows}.*, a.id as account_id${more.select ? `, ${more.select}` : ''}
    from ${rows} join accounts a on a.user_id = ${rows}.user_id join seed_pairs p on p.user_id = a.user_id ${more.join ? `${more.join} ` : ''}${guard.join}
    where a.balance >= ${rows}.amount
      and p.id = ${rows}.seed_pair_id and p.revealed_at is null and p.client_seed = ${rows}.client_seed and p.nonce = ${rows}.nonce - 1
      and ${guard.condition(`${rows}.guard_value`)} and ${stakeCondition}
    order by a.id
    for update of a, p`;
}
