import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/auth.ts';
import { currentSeedState, HISTORY_PER_PAGE, rotateSeeds, seedHistory, setClientSeed } from '../../fair/seedPairs.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// Provably fair calls (issue 3, docs/fairness.md): the player's seed pair, its rotation and
// history (signed in), and the published hash chains of crash and wheel (public).
// Authentication runs onRequest (before body validation), so a signed-out call gets 401, not 422.
// The contract: core/protocol/fair.ts.
export default async function fairRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  route(r, routes.fairSeeds, { onRequest: app.authenticate }, async (request) => {
    return { data: await currentSeedState(app.db, requireUserId(request)) };
  });

  route(r, routes.fairClientSeed, { onRequest: app.authenticate }, async (request) => {
    return { data: await setClientSeed(app.db, requireUserId(request), request.body.client_seed) };
  });

  route(r, routes.fairRotate, { onRequest: app.authenticate }, async (request) => {
    return { data: await rotateSeeds(app.db, requireUserId(request)) };
  });

  route(r, routes.fairSeedHistory, { onRequest: app.authenticate }, async (request) => {
    const page = request.query.page;
    const { items, total } = await seedHistory(app.db, requireUserId(request), page);
    const hasNext = page * HISTORY_PER_PAGE < total;
    return {
      data: items,
      links: { next: hasNext ? `${app.config.publicUrl}/api/fair/seeds/history?page=${page + 1}` : null },
      meta: { total, current_page: page, per_page: HISTORY_PER_PAGE },
    };
  });

  route(r, routes.fairChains, {}, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { data: await app.hashChains.published() };
  });
}
