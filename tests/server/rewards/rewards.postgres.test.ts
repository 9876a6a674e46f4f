import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { leaderboardWeekStart, WEEK_MS } from '../../../core/games/rewards.ts';
import { closeDueRaces } from '../../../server/races/races.ts';
import { scratchNodes } from '../../helpers/scratchNodes.ts';
import { DEFAULT_RACES } from '../../../core/games/races.ts';
import { createPlayer, createPostgresTestApp, hasPostgres } from '../../helpers/testApp.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { manualClock } from '../../helpers/manualClock.ts';
import { journaledBet } from '../../helpers/journaledBets.ts';

// Money paid exactly once on real PostgreSQL: ten parallel cashback claims credit one claim; a
// closed week's leaderboard prizes, paid by two nodes at once (their jobs and direct calls to the
// races' closer) and again after a restart, are credited once per winner (and so are the weekly
// race's places); the ledger balances.
describe.runIf(hasPostgres)('rewards on PostgreSQL', () => {
  describe('cashback', () => {
    let app: FastifyInstance;
    const clock = manualClock(Date.now());
    beforeAll(async () => {
      app = await createPostgresTestApp();
      app.rewardsClock = clock;
    });
    afterAll(async () => {
      await app.close();
    });

    it('ten parallel claims pay once', async () => {
      const p = await createPlayer(app, { balance: 1_000_000 });
      await journaledBet(app, { userId: p.id, game: 'dice', stake: 500_000 });
      const { next_at } = (await app.inject({ method: 'GET', url: '/api/cashback', headers: p.headers })).json().data;
      clock.set(new Date(next_at).getTime() + 1000);
      const before = await app.wallet.balance(p.id);
      const answers = await Promise.all(Array.from({ length: 10 }, () => app.inject({ method: 'POST', url: '/api/cashback/claim', headers: p.headers })));
      const ok = answers.filter((a) => a.statusCode === 200);
      expect(ok).toHaveLength(1);
      for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.json()).toEqual({ message: 'Cashback already claimed today', msg: 'Cashback already claimed today' });
      expect(ok[0]!.json().data.amount).toBe(5); // 5000 coins × 1 % edge × 10 %
      expect(await app.wallet.balance(p.id)).toBe(before + 500);
      const claims = await app.db.selectFrom('cashback_claims').selectAll().where('user_id', '=', p.id).execute();
      expect(claims).toHaveLength(1);
      await expectLedgerBalanced(app);
    });
  });

  describe('weekly prizes', () => {
    const nodeOn = scratchNodes();
    const node = (clock: ReturnType<typeof manualClock>) => nodeOn({ LEADERBOARD_PRIZES: '30,20,10', LEADER_POLL_MS: '100' }, clock);

    it('two nodes and a restart pay each prize once', async () => {
      const c1 = manualClock(Date.now());
      const c2 = manualClock(Date.now());
      const a = await node(c1);
      const b = await node(c2);
      const players = await Promise.all([1, 2, 3, 4].map(() => createPlayer(a, { balance: 10_000 })));
      for (const [i, p] of players.entries()) await journaledBet(a, { userId: p.id, game: 'crash', stake: 0, payout: (4 - i) * 1000 });
      const before = await Promise.all(players.map((p) => a.wallet.balance(p.id)));

      const closed = leaderboardWeekStart(new Date()).getTime() + WEEK_MS + 120_000;
      c1.set(closed);
      c2.set(closed);
      await Promise.all([a, b, a, b, a, b].map((app) => closeDueRaces(app.wallet, app.db, new Date(closed))));
      // A restart: the leader closes and a new node starts on the same database, past the close.
      await a.close();
      const c3 = manualClock(closed + 3600_000);
      const c = await node(c3);
      await new Promise((r) => setTimeout(r, 800));
      await closeDueRaces(c.wallet, c.db, new Date(c3.now()));

      // The same wins top the weekly race (net won, docs/rewards.md "Races"), closed by the same leaders: paid once too.
      const racePrizes = DEFAULT_RACES.weekly.prizes;
      const paidPlaces = (kind: string) => sql<{ n: number }>`select count(*)::int as n from race_prizes p join races r on r.id = p.race_id where r.kind = ${kind}`.execute(c.db).then((r) => r.rows[0]!.n);
      await expect.poll(() => paidPlaces('weekly'), { timeout: 10_000 }).toBe(players.length);
      const after = await Promise.all(players.map((p) => c.wallet.balance(p.id)));
      expect(after.map((x, i) => x - before[i]!)).toEqual([3000, 2000, 1000, 0].map((prize, i) => prize + racePrizes[i]!));
      const rows = await sql<{ place: number; user_id: string; prize: string }>`
        select p.place, p.user_id, p.prize from race_prizes p join races r on r.id = p.race_id
        where r.kind = 'leaderboard' and r.metric = 'win_amount' order by p.place`.execute(c.db);
      expect(rows.rows.map((r) => [r.place, Number(r.user_id), Number(r.prize)])).toEqual([
        [1, players[0]!.id, 3000],
        [2, players[1]!.id, 2000],
        [3, players[2]!.id, 1000],
      ]);
      const credits = await c.db.selectFrom('ledger_entries').innerJoin('accounts', 'accounts.id', 'ledger_entries.account_id').where('reason', '=', 'leaderboard_prize').where('kind', '=', 'user').select('amount').execute();
      expect(credits).toHaveLength(3);
      await expectLedgerBalanced(c);
    });
  });
});
