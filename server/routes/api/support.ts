import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUserId } from '../../plugins/auth.ts';
import { takePlayerVolume } from '../../security/playerVolume.ts';
import {
  supportMessageRequest,
  supportMessageSentAnswer,
  supportTicketAnswer,
  supportTicketCreatedAnswer,
  supportTicketRequest,
  supportTicketsAnswer,
} from '../../../core/protocol/support.ts';
import { addMessage, createTicket, listTickets, SUPPORT_MSG, ticketDetail } from '../../support/tickets.ts';

// Support tickets (docs/community.md): the signed-in player's own tickets only; any other id is 404.
// The contract: core/protocol/support.ts.
const ticketParams = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/, { error: 'Ticket not found.' }).transform(Number) });

export default async function supportRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  app.get('/api/support/tickets', { ...auth, schema: { response: { 200: supportTicketsAnswer } } }, async (request) => ({
    data: await listTickets(app.db, requireUserId(request)),
  }));

  app.post('/api/support/tickets', { ...auth, schema: { body: supportTicketRequest, response: { 200: supportTicketCreatedAnswer } } }, async (request) => {
    const userId = requireUserId(request);
    await takePlayerVolume(app.accounts.limiter, 'supportTicket', userId);
    return { msg: SUPPORT_MSG.created, data: await createTicket(app.db, userId, request.body) };
  });

  app.get('/api/support/tickets/:id', { ...auth, schema: { params: ticketParams, response: { 200: supportTicketAnswer } } }, async (request) => {
    const { user_id: _owner, ...ticket } = await ticketDetail(app.db, request.params.id, requireUserId(request));
    return { data: ticket };
  });

  app.post(
    '/api/support/tickets/:id/messages',
    { ...auth, schema: { params: ticketParams, body: supportMessageRequest, response: { 200: supportMessageSentAnswer } } },
    async (request) => {
      const userId = requireUserId(request);
      await takePlayerVolume(app.accounts.limiter, 'supportMessage', userId);
      return { msg: SUPPORT_MSG.sent, data: await addMessage(app.db, request.params.id, 'player', request.body.message, userId) };
    },
  );
}
