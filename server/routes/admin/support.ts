import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminTicketSchema, SUPPORT_QUEUE_PER_PAGE, SupportNoteBodySchema, SupportQueuePageSchema, SupportQueueQuerySchema, SupportReplyBodySchema } from '../../../core/protocol/adminSupport.ts';
import { AdminMessageSchema } from '../../../core/protocol/adminPlayers.ts';
import { supportMessage } from '../../../core/protocol/support.ts';
import { actorOf } from '../../admin/guard.ts';
import { paged } from '../../boxes/paging.ts';
import { findUserById } from '../../accounts/users.ts';
import { countOperatorTickets, operatorTickets, SUPPORT_MSG, ticketDetail } from '../../support/tickets.ts';
import { addTicketNote, closeTicketAs, reopenTicketAs, replyToTicket, SUPPORT_CONSOLE_MSG, ticketNotes } from '../../support/operatorActions.ts';

// The console's support queue (docs/operator-console.md, "Support"): tickets by status and category,
// one ticket with its messages and internal notes, replies (the player sees them live and by mail),
// notes (the player never does), close and reopen. The actions are operatorActions.ts, shared with
// `npm run ops -- support`.
const ticketParams = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/, { error: SUPPORT_MSG.notFound }).transform(Number) });

export default async function supportAdminRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get('/api/admin/support/tickets', { schema: { querystring: SupportQueueQuerySchema, response: { 200: SupportQueuePageSchema } } }, async (request) => {
    const { page, user_id: userId, ...rest } = request.query;
    const filter = { ...rest, userId };
    const [total, rows] = await Promise.all([countOperatorTickets(root.db, filter), operatorTickets(root.db, filter, { limit: SUPPORT_QUEUE_PER_PAGE, offset: (page - 1) * SUPPORT_QUEUE_PER_PAGE })]);
    return paged(rows, total, { page, perPage: SUPPORT_QUEUE_PER_PAGE }, '/api/admin/support/tickets', { ...rest, user_id: userId });
  });

  app.get('/api/admin/support/tickets/:id', { schema: { params: ticketParams, response: { 200: AdminTicketSchema } } }, async (request) => {
    const ticket = await ticketDetail(root.db, request.params.id, null);
    const player = await findUserById(root.db, ticket.user_id);
    return { ...ticket, name: player?.name ?? '', email: player?.email ?? '', notes: await ticketNotes(root.db, ticket.id) };
  });

  app.post('/api/admin/support/tickets/:id/replies', { schema: { params: ticketParams, body: SupportReplyBodySchema, response: { 200: AdminMessageSchema.extend({ data: supportMessage }) } } }, async (request) => ({
    message: SUPPORT_CONSOLE_MSG.replied,
    data: await replyToTicket(root.db, actorOf(request), request.params.id, request.body.message),
  }));

  app.post('/api/admin/support/tickets/:id/notes', { schema: { params: ticketParams, body: SupportNoteBodySchema, response: { 200: AdminMessageSchema } } }, async (request) => {
    await addTicketNote(root.db, actorOf(request), request.params.id, request.body.note);
    return { message: SUPPORT_CONSOLE_MSG.noted };
  });

  app.post('/api/admin/support/tickets/:id/close', { schema: { params: ticketParams, response: { 200: AdminMessageSchema } } }, async (request) => {
    await closeTicketAs(root.db, actorOf(request), request.params.id);
    return { message: SUPPORT_CONSOLE_MSG.closed };
  });

  app.post('/api/admin/support/tickets/:id/reopen', { schema: { params: ticketParams, response: { 200: AdminMessageSchema } } }, async (request) => {
    await reopenTicketAs(root.db, actorOf(request), request.params.id);
    return { message: SUPPORT_CONSOLE_MSG.reopened };
  });
}
