import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { scratchNodes } from '../../helpers/scratchNodes.ts';
import { createPlayer, hasPostgres } from '../../helpers/testApp.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { manualClock } from '../../helpers/manualClock.ts';
import { journaledBet } from '../../helpers/journaledBets.ts';
import { claimMission } from '../../../server/missions/missions.ts';
import type { GameId } from '../../../core/games/catalog.ts';

// Missions on real PostgreSQL (docs/rewards.md, "Missions"): twenty claims of one done mission at
// once, spread over two nodes, pay its bonus once (one `mission_rewards` row, one grant, one credit).
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
});
