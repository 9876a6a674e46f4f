import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { centsToCoins } from '../../../core/money/cents.ts';
import { leaderboardRace, type StandingsMetric } from '../../races/leaderboard.ts';
import { racePaid, raceStandings, raceValue } from '../../races/races.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// GET /api/leaderboard?metric=win_amount|multiplier&period=current|previous (docs/rewards.md) →
// {data: {starts_at, ends_at, rows: [{rank, name, avatar, level, value, prize}], me}}: the week's
// leaderboard race. A closed race shows the prizes it paid; otherwise each place shows what its
// prize table will pay.

export default async function leaderboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const settings = app.config.rewards.leaderboard;
  route(r, routes.leaderboard, {}, async (request) => {
    const q = request.query;
    const metric: StandingsMetric = q.metric ?? (q.order === 'wagered' ? 'wagered' : 'win_amount');
    const now = new Date(app.rewardsClock.now());
    const race = await leaderboardRace(app.db, metric, q.period, now, settings);
    const [{ top, me }, paid] = await Promise.all([raceStandings(app.db, race, { limit: q.limit, me: request.userId, now }), race.closedAt ? racePaid(app.db, race.id) : null]);
    return {
      data: {
        metric,
        period: q.period,
        starts_at: race.start.toISOString(),
        ends_at: race.end.toISOString(),
        min_stake: centsToCoins(race.minStake),
        rows: top.map((s) => ({
          rank: s.rank,
          name: s.name,
          avatar: s.avatar,
          level: s.level,
          value: raceValue(race, s.value),
          prize: centsToCoins(paid ? (paid.get(s.rank) ?? 0) : (race.prizes[s.rank - 1] ?? 0)),
        })),
        me: me ? { rank: me.rank, value: raceValue(race, me.value) } : null,
      },
    };
  });
}
