import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

// The books and items after any mix of operations: every player balance equals its ledger sum (the
// house account keeps no running balance: its side is the ledger's), the
// ledger sums to zero (double entry with the house), no balance is negative, no (seed pair, nonce)
// decided two outcomes, and no item is in two states (withdrawn without a live withdrawal, owned
// while still attached to one). Returns the violations so a test can also prove it finds some.

export async function invariantViolations(app: Pick<FastifyInstance, 'db'>): Promise<string[]> {
  const violations: string[] = [];
  const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(app.db)).rows;

  const [total] = await rows(sql<{ s: string | null }>`select sum(amount)::text as s from ledger_entries`);
  if (Number(total?.s ?? 0) !== 0) violations.push(`ledger sums to ${total?.s}, not 0`);

  for (const r of await rows(sql<{ id: number; balance: string; ledger: string }>`
    select a.id, a.balance::text as balance, coalesce(sum(l.amount), 0)::text as ledger
    from accounts a left join ledger_entries l on l.account_id = a.id
    where a.kind = 'user'
    group by a.id, a.balance having a.balance <> coalesce(sum(l.amount), 0)`)) {
    violations.push(`account ${r.id}: balance ${r.balance} but ledger ${r.ledger}`);
  }
  for (const r of await rows(sql<{ id: number; balance: string }>`select id, balance::text as balance from accounts where kind = 'user' and balance < 0`)) {
    violations.push(`account ${r.id}: negative balance ${r.balance}`);
  }
  // One nonce of a seed pair decides one outcome: a game bet or a box opening, never two.
  for (const r of await rows(sql<{ seed_pair_id: number; nonce: number; n: number }>`
    select seed_pair_id, nonce, count(*)::int as n from (
      select seed_pair_id, nonce from game_bets
      union all
      select seed_pair_id, nonce from inventory_items where seed_pair_id is not null and nonce is not null and box_id is not null
    ) used group by seed_pair_id, nonce having count(*) > 1`)) {
    violations.push(`seed pair ${r.seed_pair_id} nonce ${r.nonce} used ${r.n} times`);
  }
  for (const r of await rows(sql<{ id: number; state: string; status: string | null }>`
    select i.id, i.state, w.status from inventory_items i left join withdrawals w on w.id = i.withdrawal_id
    where (i.state = 'withdrawn' and (w.id is null or w.status in ('canceled', 'canceled_by_user')))
       or (i.state <> 'withdrawn' and i.withdrawal_id is not null and w.status not in ('canceled', 'canceled_by_user'))`)) {
    violations.push(`item ${r.id}: state ${r.state} with withdrawal status ${r.status}`);
  }
  return violations;
}
