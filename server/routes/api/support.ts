import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/auth.ts';
import { takePlayerVolume } from '../../security/playerVolume.ts';
import { addMessage, createTicket, listTickets, SUPPORT_MSG, ticketDetail } from '../../support/tickets.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// Support tickets (docs/community.md): the signed-in player's own tickets only; any other id is 404.
// The contract: core/protocol/support.ts.

export default async function supportRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  route(app, routes.supportTickets, auth, async (request) => ({
    data: await listTickets(app.db, requireUserId(request)),
  }));

  route(app, routes.supportTicketCreate, auth, async (request) => {
    const userId = requireUserId(request);
    await takePlayerVolume(app.accounts.limiter, 'supportTicket', userId);
    return { msg: SUPPORT_MSG.created, data: await createTicket(app.db, userId, request.body) };
  });

  route(app, routes.supportTicket, auth, async (request) => {
    const { user_id: _owner, ...ticket } = await ticketDetail(app.db, request.params.id, requireUserId(request));
    return { data: ticket };
  });

  route(app, routes.supportMessageSend, auth,
    async (request) => {
      const userId = requireUserId(request);
      await takePlayerVolume(app.accounts.limiter, 'supportMessage', userId);
      return { msg: SUPPORT_MSG.sent, data: await addMessage(app.db, request.params.id, 'player', request.body.message, userId) };
    },
  );
}
