import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listDrops } from '../../realtime/drops.ts';
import type { BoxKind } from '../../realtime/schema.ts';
import { DropsAnswerSchema, DropsQuerySchema } from '../../../core/protocol/realtimeSchemas.ts';
import { SHOP_BOX_KIND } from '../../../core/protocol/boxKinds.ts';

// The live feed's history: the latest drops overall or of one box, or with `best` the most
// valuable ones (item price descending). Answer `{data: Drop[]}`; the contract:
// core/protocol/realtimeSchemas.ts.

const Params = z.object({ slug: z.string().min(1).max(200) });

export default async function dropsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/last-drops', { schema: { querystring: DropsQuerySchema, response: { 200: DropsAnswerSchema } } }, async (request) => ({
    data: await listDrops(app.db, { best: request.query.best, limit: request.query.limit }),
  }));

  const perBox: Array<[string, BoxKind]> = [
    ['/api/boxes/:slug/last-drops', SHOP_BOX_KIND],
    ['/api/free-boxes/:slug/last-drops', 'free'],
    ['/api/user-boxes/:slug/last-drops', 'user'],
  ];
  for (const [url, kind] of perBox) {
    r.get(url, { schema: { querystring: DropsQuerySchema, params: Params, response: { 200: DropsAnswerSchema } } }, async (request) => ({
      data: await listDrops(app.db, { box: { kind, slug: request.params.slug }, best: request.query.best, limit: request.query.limit }),
    }));
  }
}
