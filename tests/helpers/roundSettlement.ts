import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../server/db/database.ts';

/**
 * Every bet of the round has left `open`, its stake was debited once, and it was credited at most
 * once (a loss never, a win, cash-out, refund or cancel once, by its payout). Answers the bets.
 */
export async function expectRoundBetsSettledOnce(db: Db, roundId: number) {
  const bets = await db.selectFrom('round_bets').selectAll().where('round_id', '=', roundId).orderBy('id').execute();
  for (const bet of bets) {
    expect(bet.status, `bet ${bet.id}`).not.toBe('open');
    const entries = await sql<{ amount: number; reason: string }>`
      select l.amount, l.reason from ledger_entries l join accounts a on a.id = l.account_id
      where a.kind = 'user' and l.reference = ${`round_bet:${bet.id}`} order by l.id`.execute(db);
    const credits = entries.rows.filter((e) => Number(e.amount) > 0);
    expect(entries.rows.filter((e) => Number(e.amount) < 0).map((e) => Number(e.amount)), `bet ${bet.id}'s stake`).toEqual([-bet.amount]);
    expect(credits.length, `bet ${bet.id} (${bet.status})'s credits`).toBe(bet.status === 'lost' ? 0 : 1);
    if (credits[0]) expect(Number(credits[0].amount)).toBe(Number(bet.payout));
  }
  return bets;
}
