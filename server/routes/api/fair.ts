import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ClientSeedSchema,
  PublishedChainsAnswerSchema,
  SeedHistoryPageSchema,
  SeedHistoryQuerySchema,
  SeedRotationAnswerSchema,
  SeedStateAnswerSchema,
} from '../../../core/protocol/fair.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { currentSeedState, HISTORY_PER_PAGE, rotateSeeds, seedHistory, setClientSeed } from '../../fair/seedPairs.ts';

// Provably fair calls (issue 3, docs/fairness.md): the player's seed pair, its rotation and
// history (signed in), and the published hash chains of crash and wheel (public).
// Authentication runs onRequest (before body validation), so a signed-out call gets 401, not 422.
// The contract: core/protocol/fair.ts.
export default async function fairRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/fair/seeds', { onRequest: app.authenticate, schema: { response: { 200: SeedStateAnswerSchema } } }, async (request) => {
    return { data: await currentSeedState(app.db, requireUserId(request)) };
  });

  r.post('/api/fair/seeds/client', { onRequest: app.authenticate, schema: { body: ClientSeedSchema, response: { 200: SeedStateAnswerSchema } } }, async (request) => {
    return { data: await setClientSeed(app.db, requireUserId(request), request.body.client_seed) };
  });

  r.post('/api/fair/seeds/rotate', { onRequest: app.authenticate, schema: { response: { 200: SeedRotationAnswerSchema } } }, async (request) => {
    return { data: await rotateSeeds(app.db, requireUserId(request)) };
  });

  r.get('/api/fair/seeds/history', { onRequest: app.authenticate, schema: { querystring: SeedHistoryQuerySchema, response: { 200: SeedHistoryPageSchema } } }, async (request) => {
    const page = request.query.page;
    const { items, total } = await seedHistory(app.db, requireUserId(request), page);
    const hasNext = page * HISTORY_PER_PAGE < total;
    return {
      data: items,
      links: { next: hasNext ? `${app.config.publicUrl}/api/fair/seeds/history?page=${page + 1}` : null },
      meta: { total, current_page: page, per_page: HISTORY_PER_PAGE },
    };
  });

  r.get('/api/fair/chains', { schema: { response: { 200: PublishedChainsAnswerSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { data: await app.hashChains.published() };
  });
}
