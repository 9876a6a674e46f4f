import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listDrops, MAX_DROPS_LIMIT } from '../../realtime/drops.ts';
import type { BoxKind } from '../../realtime/schema.ts';
import { DropSchema } from '../../../core/protocol/realtimeSchemas.ts';

// The live feed's history: the latest drops overall or of one box, or with `best` the most
// valuable ones (item price descending). Answer `{data: Drop[]}`.

const truthy = z
  .union([z.string(), z.boolean()])
  .optional()
  .transform((v) => v === true || v === '1' || v === 'true');

const Query = z.object({
  best: truthy,
  limit: z.coerce.number().int().min(1).max(MAX_DROPS_LIMIT).default(10),
});

const Params = z.object({ slug: z.string().min(1).max(200) });
const DropsAnswer = z.object({ data: z.array(DropSchema) });

export default async function dropsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/last-drops', { schema: { querystring: Query, response: { 200: DropsAnswer } } }, async (request) => ({
    data: await listDrops(app.db, { best: request.query.best, limit: request.query.limit }),
  }));

  const perBox: Array<[string, BoxKind]> = [
    ['/api/boxes/:slug/last-drops', 'box'],
    ['/api/free-boxes/:slug/last-drops', 'free'],
    ['/api/user-boxes/:slug/last-drops', 'user'],
  ];
  for (const [url, kind] of perBox) {
    r.get(url, { schema: { querystring: Query, params: Params, response: { 200: DropsAnswer } } }, async (request) => ({
      data: await listDrops(app.db, { box: { kind, slug: request.params.slug }, best: request.query.best, limit: request.query.limit }),
    }));
  }
}
