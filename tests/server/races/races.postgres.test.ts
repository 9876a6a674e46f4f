import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { scratchNodes } from '../../helpers/scratchNodes.ts';
import { createPlayer, hasPostgres } from '../../helpers/testApp.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { manualClock } from '../../helpers/manualClock.ts';
import { journaledBet } from '../../helpers/journaledBets.ts';
import { closeDueRaces, closeRace, RACE_CLOSE_GRACE_MS } from '../../../server/races/races.ts';

// Races on real PostgreSQL (docs/rewards.md, "Races"): two back-to-back races of one series share a
// boundary; a bet placed just before it and settled after counts in the first only, a bet placed at
// it in the second only. Two nodes closing both races at once (and again after) pay each place once.
describe.runIf(hasPostgres)('races on PostgreSQL', () => {
  const nodeOn = scratchNodes();
  const node = () => nodeOn({}, manualClock(Date.now()));

  it('a bet at the boundary counts in one period, and two closers at once pay each place once', async () => {
    const [a, b] = await Promise.all([node(), node()]);
    const [p1, p2] = await Promise.all([createPlayer(a, { balance: 100_000 }), createPlayer(a, { balance: 100_000 })]);
    const boundary = new Date(Date.UTC(2030, 0, 1));
    const start = new Date(boundary.getTime() - 3600_000);
    const end = new Date(boundary.getTime() + 3600_000);
    const ids: number[] = [];
    for (const [from, to] of [[start, boundary], [boundary, end]] as const) {
      const row = await sql<{ id: string }>`insert into races (kind, name, metric, starts_at, ends_at, prizes) values ('custom', 'boundary', 'wagered', ${from}, ${to}, '{500,300}') returning id`.execute(a.db);
      ids.push(Number(row.rows[0]!.id));
    }
    // p1: placed 1 ms before the boundary, settled after it. p2: placed at the boundary.
    await journaledBet(a, { userId: p1.id, game: 'dice', stake: 1_000 });
    await journaledBet(a, { userId: p2.id, game: 'dice', stake: 2_000 });
    await sql`update bets set placed_at = ${new Date(boundary.getTime() - 1)}, settled_at = ${new Date(boundary.getTime() + 5000)} where user_id = ${p1.id}`.execute(a.db);
    await sql`update bets set placed_at = ${boundary}, settled_at = ${boundary} where user_id = ${p2.id}`.execute(a.db);

    const before = await Promise.all([p1, p2].map((p) => a.wallet.balance(p.id)));
    const closeAt = new Date(end.getTime() + RACE_CLOSE_GRACE_MS);
    await Promise.all([a, b, a, b].flatMap((app) => [closeRace(app.wallet, ids[0]!, closeAt), closeRace(app.wallet, ids[1]!, closeAt), closeDueRaces(app.wallet, app.db, closeAt)]));
    await closeDueRaces(b.wallet, b.db, closeAt);

    const prizes = await sql<{ race_id: string; place: number; user_id: string; value: string; prize: string }>`select * from race_prizes where race_id in (${sql.join(ids)}) order by race_id, place`.execute(a.db);
    expect(prizes.rows.map((r) => [Number(r.race_id), r.place, Number(r.user_id), Number(r.value), Number(r.prize)])).toEqual([
      [ids[0], 1, p1.id, 1_000, 500],
      [ids[1], 1, p2.id, 2_000, 500],
    ]);
    const after = await Promise.all([p1, p2].map((p) => a.wallet.balance(p.id)));
    expect(after.map((x, i) => x - before[i]!)).toEqual([500, 500]);
    const credits = await sql<{ n: number }>`select count(*)::int as n from ledger_entries l join accounts ac on ac.id = l.account_id and ac.kind = 'user' where l.reason = 'race_prize'`.execute(a.db);
    expect(credits.rows[0]!.n).toBe(2);
    await expectLedgerBalanced(a);
  });
});
