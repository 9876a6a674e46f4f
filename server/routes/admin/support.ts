import { riskScores } from '../../risk/marks.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SUPPORT_QUEUE_PER_PAGE } from '../../../core/protocol/adminSupport.ts';
import { actorOf } from '../../admin/guard.ts';
import { paged } from '../../boxes/paging.ts';
import { findUserById } from '../../accounts/users.ts';
import { countOperatorTickets, operatorTickets, ticketDetail } from '../../support/tickets.ts';
import { addTicketNote, closeTicketAs, reopenTicketAs, replyToTicket, SUPPORT_CONSOLE_MSG, ticketNotes } from '../../support/operatorActions.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// The console's support queue (docs/operator-console.md, "Support"): tickets by status and category,
// one ticket with its messages and internal notes, replies (the player sees them live and by mail),
// notes (the player never does), close and reopen. The actions are operatorActions.ts, shared with
// `npm run ops -- support`.

export default async function supportAdminRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  route(app, routes.adminSupportTickets, {}, async (request) => {
    const { page, user_id: userId, ...rest } = request.query;
    const filter = { ...rest, userId };
    const [total, tickets] = await Promise.all([countOperatorTickets(root.db, filter), operatorTickets(root.db, filter, { limit: SUPPORT_QUEUE_PER_PAGE, offset: (page - 1) * SUPPORT_QUEUE_PER_PAGE })]);
    const scores = await riskScores(root.db, tickets.map((t) => t.user_id));
    const rows = tickets.map((t) => ({ ...t, risk_score: scores.get(t.user_id) ?? 0 }));
    return paged(rows, total, { page, perPage: SUPPORT_QUEUE_PER_PAGE }, '/api/admin/support/tickets', { ...rest, user_id: userId });
  });

  route(app, routes.adminSupportTicket, {}, async (request) => {
    const ticket = await ticketDetail(root.db, request.params.id, null);
    const player = await findUserById(root.db, ticket.user_id);
    return { ...ticket, name: player?.name ?? '', email: player?.email ?? '', notes: await ticketNotes(root.db, ticket.id) };
  });

  route(app, routes.adminSupportReply, {}, async (request) => ({
    message: SUPPORT_CONSOLE_MSG.replied,
    data: await replyToTicket(root.db, actorOf(request), request.params.id, request.body.message),
  }));

  route(app, routes.adminSupportNote, {}, async (request) => {
    await addTicketNote(root.db, actorOf(request), request.params.id, request.body.note);
    return { message: SUPPORT_CONSOLE_MSG.noted };
  });

  route(app, routes.adminSupportClose, {}, async (request) => {
    await closeTicketAs(root.db, actorOf(request), request.params.id);
    return { message: SUPPORT_CONSOLE_MSG.closed };
  });

  route(app, routes.adminSupportReopen, {}, async (request) => {
    await reopenTicketAs(root.db, actorOf(request), request.params.id);
    return { message: SUPPORT_CONSOLE_MSG.reopened };
  });
}
