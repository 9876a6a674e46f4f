import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { scratchNodes } from '../../helpers/scratchNodes.ts';
import { createPlayer, hasPostgres } from '../../helpers/testApp.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { manualClock } from '../../helpers/manualClock.ts';
import { journaledBet } from '../../helpers/journaledBets.ts';
import { claimMission } from '../../../server/missions/missions.ts';
import { payChallenges } from '../../../server/missions/challenges.ts';
import type { GameId } from '../../../core/games/catalog.ts';

// Missions on real PostgreSQL (docs/rewards.md, "Missions"): twenty claims of one done mission at
// once, spread over two nodes, pay its bonus once (one `mission_rewards` row, one grant, one credit).
// Challenges: two nodes paying the same challenge at once (a leader hand-over in the middle of a
// check) pay each place once.
describe.runIf(hasPostgres)('missions on PostgreSQL', () => {
  const nodeOn = scratchNodes();
  const node = () => nodeOn({}, manualClock(Date.now()));

  it('20 parallel claims of a done mission pay one reward', async () => {
    const [a, b] = await Promise.all([node(), node()]);
    const p = await createPlayer(a, { balance: 10_000 });
    const game: GameId = 'dice';
    await journaledBet(a, { userId: p.id, game, stake: 100, payout: 300 });
    const before = await a.wallet.balance(p.id);
    const now = new Date();
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => claimMission((i % 2 ? a : b).wallet, p.id, `first_win:${game}`, now)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as Error).message).toBe('Mission reward already claimed');
    const rewards = await sql<{ n: number }>`select count(*)::int as n from mission_rewards where user_id = ${p.id}`.execute(a.db);
    const grants = await sql<{ n: number }>`select count(*)::int as n from bonus_grants where user_id = ${p.id} and source = 'mission'`.execute(a.db);
    const credits = await sql<{ n: number }>`select count(*)::int as n from ledger_entries l join accounts ac on ac.id = l.account_id and ac.kind = 'user' where ac.user_id = ${p.id} and l.reason = 'mission_reward'`.execute(a.db);
    expect([rewards.rows[0]!.n, grants.rows[0]!.n, credits.rows[0]!.n]).toEqual([1, 1, 1]);
    expect(await a.wallet.balance(p.id)).toBe(before + 50);
    await expectLedgerBalanced(a);
  });

  it('two nodes paying a won challenge at once pay each place once', async () => {
    const [a, b] = await Promise.all([node(), node()]);
    const players = await Promise.all([0, 1, 2].map(() => createPlayer(a, { balance: 10_000 })));
    // From now on: the other test's dice win (3×, on this database) came before it.
    const { rows } = await sql<{ id: string }>`
      insert into challenges (name, game, multiplier, min_stake, prize, winners, starts_at, ends_at)
      values ('Two nodes', 'dice', 200, 100, 500, 2, now(), now() + interval '1 hour')
      returning id`.execute(a.db);
    const id = Number(rows[0]!.id);
    // Three players reach 3×; two places: the first two to reach it.
    for (const p of players) await journaledBet(a, { userId: p.id, game: 'dice', stake: 100, payout: 300 });
    const before = await Promise.all(players.map((p) => a.wallet.balance(p.id)));
    const now = new Date();
    await Promise.all([payChallenges(a.wallet, a.db, now), payChallenges(b.wallet, b.db, now), payChallenges(a.wallet, a.db, now), payChallenges(b.wallet, b.db, now)]);
    const winners = await sql<{ user_id: string; place: number }>`select user_id, place from challenge_winners where challenge_id = ${id} order by place`.execute(a.db);
    expect(winners.rows.map((w) => [Number(w.user_id), w.place])).toEqual([[players[0]!.id, 1], [players[1]!.id, 2]]);
    const credits = await sql<{ n: number }>`select count(*)::int as n from ledger_entries l join accounts ac on ac.id = l.account_id and ac.kind = 'user' where l.reason = 'challenge_prize' and l.reference like ${`challenge:${id}:%`}`.execute(a.db);
    expect(credits.rows[0]!.n).toBe(2);
    expect(await Promise.all(players.map((p) => a.wallet.balance(p.id)))).toEqual([before[0]! + 500, before[1]! + 500, before[2]!]);
    await expectLedgerBalanced(a);
  });
});
