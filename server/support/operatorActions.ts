import type { Db } from '../db/database.ts';
import { audit, type Actor } from '../admin/audit.ts';
import { msgError, notFound } from '../http/errors.ts';
import type { SupportMessage, SupportStatus } from '../../core/protocol/support.ts';
import type { SupportNote } from '../../core/protocol/adminSupport.ts';
import { closeTicket, reopenTicket, SUPPORT_MSG, writeMessage } from './tickets.ts';

// What the support team does to a ticket, from the console (server/routes/admin/support.ts) and the
// ops command (supportCommand.ts) alike, each change with its audit row in its transaction
// (docs/operator-console.md, "Support"). A reply is a ticket message: the notifier mails and tells
// the player (tickets.ts, notifyAnswers). A note lives in support_notes, which nothing the player
// reads, and nothing that mails, ever selects.

export const SUPPORT_CONSOLE_MSG = {
  replied: 'Reply sent; the player is told live and by mail.',
  noted: 'Internal note added.',
  closed: 'Ticket closed.',
  reopened: 'Ticket reopened.',
  alreadyClosed: 'The ticket is closed already.',
  notClosed: 'Only a closed ticket can be reopened.',
} as const;

async function ticketStatus(trx: Db, ticketId: number): Promise<SupportStatus> {
  const row = await trx.selectFrom('support_tickets').select('status').where('id', '=', ticketId).forNoKeyUpdate().executeTakeFirst();
  if (!row) throw notFound(SUPPORT_MSG.notFound);
  return row.status;
}

export async function replyToTicket(db: Db, actor: Actor, ticketId: number, body: string): Promise<SupportMessage> {
  return db.transaction().execute(async (trx) => {
    const before = await ticketStatus(trx, ticketId);
    const message = await writeMessage(trx, ticketId, 'operator', body, null);
    await audit(trx, actor, { action: 'ticket.reply', targetKind: 'support_ticket', targetId: ticketId, before: { status: before }, after: { status: 'answered', message_id: message.id } });
    return message;
  });
}

export async function addTicketNote(db: Db, actor: Actor, ticketId: number, body: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await ticketStatus(trx, ticketId);
    const row = await trx.insertInto('support_notes').values({ ticket_id: ticketId, author_id: actor.userId, body }).returning('id').executeTakeFirstOrThrow();
    await audit(trx, actor, { action: 'ticket.note', targetKind: 'support_ticket', targetId: ticketId, after: { note_id: Number(row.id), note: body } });
    return Number(row.id);
  });
}

export async function closeTicketAs(db: Db, actor: Actor, ticketId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await ticketStatus(trx, ticketId);
    if (!(await closeTicket(trx, ticketId))) throw msgError(422, SUPPORT_CONSOLE_MSG.alreadyClosed);
    await audit(trx, actor, { action: 'ticket.close', targetKind: 'support_ticket', targetId: ticketId, before: { status: before }, after: { status: 'closed' } });
  });
}

export async function reopenTicketAs(db: Db, actor: Actor, ticketId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await ticketStatus(trx, ticketId);
    if (!(await reopenTicket(trx, ticketId))) throw msgError(422, SUPPORT_CONSOLE_MSG.notClosed);
    await audit(trx, actor, { action: 'ticket.reopen', targetKind: 'support_ticket', targetId: ticketId, before: { status: 'closed' }, after: { status: 'open' } });
  });
}

/** A ticket's internal notes, oldest first. */
export async function ticketNotes(db: Db, ticketId: number): Promise<SupportNote[]> {
  const rows = await db
    .selectFrom('support_notes as n')
    .leftJoin('users as u', 'u.id', 'n.author_id')
    .select(['n.id', 'n.body', 'n.created_at', 'n.author_id', 'u.name'])
    .where('n.ticket_id', '=', ticketId)
    .orderBy('n.id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), author: r.author_id === null ? 'ops command' : (r.name ?? `user ${r.author_id}`), note: r.body, created_at: new Date(r.created_at).toISOString() }));
}
