import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listDrops } from '../../realtime/drops.ts';
import type { BoxKind } from '../../realtime/schema.ts';
import { SHOP_BOX_KIND } from '../../../core/protocol/boxKinds.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// The live feed's history: the latest drops overall or of one box, or with `best` the most
// valuable ones (item price descending). Answer `{data: Drop[]}`; the contract:
// core/protocol/realtimeSchemas.ts.


export default async function dropsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(r, routes.lastDrops, {}, async (request) => ({
    data: await listDrops(app.db, { best: request.query.best, limit: request.query.limit }),
  }));

  const perBox = [
    [routes.boxDrops, SHOP_BOX_KIND],
    [routes.freeBoxDrops, 'free'],
    [routes.userBoxDrops, 'user'],
  ] as const satisfies ReadonlyArray<readonly [unknown, BoxKind]>;
  for (const [entry, kind] of perBox) {
    route(r, entry, {}, async (request) => ({
      data: await listDrops(app.db, { box: { kind, slug: request.params.slug }, best: request.query.best, limit: request.query.limit }),
    }));
  }
}
