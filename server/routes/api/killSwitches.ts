import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// GET /api/kill-switches (public): what is switched off now and what players are told
// (docs/operator-console.md, "Kill switches"). The game pages, the cashier and the sign-up read it to
// say so before the tap; the gates refuse on their own. From this node's copy: no query.
export default async function killSwitchesRoutes(app: FastifyInstance) {
  route(app, routes.killSwitchesOff, {}, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: app.killSwitches.off() };
  });
}
