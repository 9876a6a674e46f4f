import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LEADERBOARD_ORDERS, weeklyLeaderboard } from '../../games/leaderboard.ts';

// GET /api/leaderboard?order=wagered|won&limit=n → {data: {since, resets_at, order, rows}}.
const emptyIsUnset = (v: unknown) => (v === '' ? undefined : v);
const Query = z.object({
  order: z.preprocess(emptyIsUnset, z.enum(LEADERBOARD_ORDERS).default('wagered')),
  limit: z.preprocess(emptyIsUnset, z.coerce.number().int().min(1).max(100).default(50)),
});

export default async function leaderboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/leaderboard', { schema: { querystring: Query } }, async (request) => ({ data: await weeklyLeaderboard(app.db, request.query) }));
}
