import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUserId } from '../../plugins/auth.ts';
import { takePlayerVolume } from '../../security/playerVolume.ts';
import { supportMessage, supportMessageRequest, supportTicket, supportTicketDetail, supportTicketRequest } from '../../../core/protocol/support.ts';
import { addMessage, createTicket, listTickets, SUPPORT_MSG, ticketDetail } from '../../support/tickets.ts';

// Support tickets (docs/community.md): the signed-in player's own tickets only; any other id is 404.
const ticketParams = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/, { error: 'Ticket not found.' }).transform(Number) });

export default async function supportRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  app.get('/api/support/tickets', { ...auth, schema: { response: { 200: z.object({ data: z.array(supportTicket) }) } } }, async (request) => ({
    data: await listTickets(app.db, requireUserId(request)),
  }));

  app.post('/api/support/tickets', { ...auth, schema: { body: supportTicketRequest, response: { 200: z.object({ msg: z.string(), data: supportTicket }) } } }, async (request) => {
    const userId = requireUserId(request);
    await takePlayerVolume(app.accounts.limiter, 'supportTicket', userId);
    return { msg: SUPPORT_MSG.created, data: await createTicket(app.db, userId, request.body) };
  });

  app.get('/api/support/tickets/:id', { ...auth, schema: { params: ticketParams, response: { 200: z.object({ data: supportTicketDetail }) } } }, async (request) => {
    const { user_id: _owner, ...ticket } = await ticketDetail(app.db, request.params.id, requireUserId(request));
    return { data: ticket };
  });

  app.post(
    '/api/support/tickets/:id/messages',
    { ...auth, schema: { params: ticketParams, body: supportMessageRequest, response: { 200: z.object({ msg: z.string(), data: supportMessage }) } } },
    async (request) => {
      const userId = requireUserId(request);
      await takePlayerVolume(app.accounts.limiter, 'supportMessage', userId);
      return { msg: SUPPORT_MSG.sent, data: await addMessage(app.db, request.params.id, 'player', request.body.message, userId) };
    },
  );
}
