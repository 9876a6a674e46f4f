import { expect } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { createPlayer } from '../../helpers/testApp.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { ensurePromo } from '../../../server/promo/promoCodes.ts';
import { activeBonuses } from '../../../server/bonuses/grants.ts';

// The race of docs/bonuses.md: 50 parallel bets of 1.00 on a bonus asking exactly 50.00, and a
// crypto withdrawal sent with the last of them for more than the balance less the bonus. The
// withdrawal decides with the account row locked, which every stake updates: it is accepted only
// if all 50 stakes were in the journal before it, refused otherwise, and either way the books
// balance and the grant's progress is the journal's sum.
export async function raceLastWager(app: FastifyInstance): Promise<'accepted' | 'refused'> {
  await ensurePromo(app.db, { code: 'race50', value: 50, wageringMultiple: 1, bonusDays: 7 });
  const player = await createPlayer(app);
  const res = await app.inject({ method: 'POST', url: '/api/deposit/zen/redirect', headers: player.headers, payload: { amount: 100, promocode: 'race50' } });
  const id = Number(/\/sandbox\/checkout\/(\d+)$/.exec(res.json().redirect_url)![1]);
  await app.inject({ method: 'POST', url: `/api/sandbox/checkout/${id}/complete`, headers: player.headers, payload: { status: 'paid' } });
  expect(await app.wallet.balance(player.id)).toBe(150_00);

  // 98 % chance at 1.00 a bet: the balance stays near 150, far above the 110.00 asked.
  const bet = () => app.inject({ method: 'POST', url: '/api/dice/bet', headers: player.headers, payload: { amount: 1, target: 98, direction: 'under' } });
  const withdraw = () => app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: player.headers, payload: { type: 'crypto', amount: 110, currency: 'BTC', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' } });
  const answers = await Promise.all([...Array.from({ length: 49 }, bet), bet(), withdraw()]);
  const bets = answers.slice(0, 50);
  const withdrawal = answers[50]!;
  for (const b of bets) expect(b.statusCode, b.body).toBe(200);

  const ledger = await sql<{ id: number; reason: string }>`
    select e.id, e.reason from ledger_entries e join accounts a on a.id = e.account_id where a.user_id = ${player.id} order by e.id`.execute(app.db);
  const withdrawalRow = ledger.rows.find((r) => r.reason === 'crypto_withdrawal');
  const betRows = ledger.rows.filter((r) => r.reason === 'dice_bet');
  expect(betRows).toHaveLength(50);
  let outcome: 'accepted' | 'refused';
  if (withdrawal.statusCode === 201) {
    // Accepted: every stake came before it.
    expect(Number(withdrawalRow!.id)).toBeGreaterThan(Math.max(...betRows.map((r) => Number(r.id))));
    outcome = 'accepted';
  } else {
    expect(withdrawal.statusCode, withdrawal.body).toBe(422);
    expect(withdrawalRow).toBeUndefined();
    const left = Number(/wager (\d+\.\d\d) more coins/.exec(withdrawal.json().errors.amount[0])![1]);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(50);
    outcome = 'refused';
  }
  await expectLedgerBalanced(app);
  // The grant's progress is the journal's sum of stakes since it was granted.
  const journal = await sql<{ s: string }>`select coalesce(sum(stake), 0) as s from bets where user_id = ${player.id} and status in ('open', 'settled')`.execute(app.db);
  expect(Number(journal.rows[0]!.s)).toBe(50_00);
  const active = await activeBonuses(app.db, player.id);
  if (outcome === 'refused') {
    expect(active).toHaveLength(1);
    expect(active[0]!.wagered).toBe(50_00);
    // Met now: the next withdrawal passes.
    expect((await withdraw()).statusCode).toBe(201);
  }
  expect(await activeBonuses(app.db, player.id)).toEqual([]);
  await expectLedgerBalanced(app);
  return outcome;
}
