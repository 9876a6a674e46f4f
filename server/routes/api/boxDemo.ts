import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../http/errors.ts';
import { findBox } from '../../boxes/catalog.ts';
import { demoSpin } from '../../boxes/demoSpin.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';
import { takeAttempt } from '../../security/rateLimit.ts';
import { DEMO_SPINS_LIMITED, DEMO_SPINS_PER_MINUTE } from '../../../core/protocol/boxDemo.ts';
import { BOX_SWITCH } from '../../boxes/boxSwitch.ts';

// Demo spins of shop and player-made boxes (docs/boxes.md "Demo spins"): open to guests, no token
// needed, nothing stored; counted per address so nobody can use it to draw the odds in bulk.
export default async function boxDemoRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const kinds = [
    [routes.boxDemo, 'box'],
    [routes.userBoxDemo, 'user'],
  ] as const;
  for (const [entry, kind] of kinds) {
    route(app, entry, { config: { killSwitch: BOX_SWITCH } }, async (request) => {
      await takeAttempt(app.accounts.limiter, `demo:address:${request.ip}`, { limit: DEMO_SPINS_PER_MINUTE, windowSeconds: 60 }, DEMO_SPINS_LIMITED);
      const box = await findBox(app.db, kind, request.params.slug);
      if (!box) throw notFound('Box not found.');
      return { data: { demo: true as const, openings: demoSpin(box, request.body.quantity) } };
    });
  }
}
