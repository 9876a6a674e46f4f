import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { centsToCoins } from '../../../core/money/cents.ts';
import { standings, weekRange, wireValue, type StandingsMetric } from '../../rewards/leaderboard.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// GET /api/leaderboard?metric=win_amount|multiplier&period=current|previous (docs/rewards.md) →
// {data: {starts_at, ends_at, rows: [{rank, name, avatar, level, value, prize}], me}}. A paid week
// shows the prizes it paid; otherwise each place shows what the prize table will pay.

export default async function leaderboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const settings = app.config.rewards.leaderboard;
  route(r, routes.leaderboard, {}, async (request) => {
    const q = request.query;
    const metric: StandingsMetric = q.metric ?? (q.order === 'wagered' ? 'wagered' : 'win_amount');
    const { start, end } = weekRange(new Date(app.rewardsClock.now()), q.period);
    const { top, me } = await standings(app.db, { metric, start, end, limit: q.limit, me: request.userId, minStake: settings.minMultiplierStake });
    const table = metric === 'wagered' ? [] : settings.prizes[metric];
    const paid = new Map<number, number>();
    if (metric !== 'wagered') {
      const rows = await app.db.selectFrom('leaderboard_prizes').select(['rank', 'prize']).where('metric', '=', metric).where('starts_at', '=', start).execute();
      for (const p of rows) paid.set(p.rank, p.prize);
    }
    const weekPaid = paid.size > 0;
    return {
      data: {
        metric,
        period: q.period,
        starts_at: start.toISOString(),
        ends_at: end.toISOString(),
        min_stake: centsToCoins(settings.minMultiplierStake),
        rows: top.map((s) => ({
          rank: s.rank,
          name: s.name,
          avatar: s.avatar,
          level: s.level,
          value: wireValue(metric, s.value),
          prize: centsToCoins(weekPaid ? (paid.get(s.rank) ?? 0) : (table[s.rank - 1] ?? 0)),
        })),
        me: me ? { rank: me.rank, value: wireValue(metric, me.value) } : null,
      },
    };
  });
}
