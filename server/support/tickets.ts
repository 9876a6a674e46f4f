import { TICKET_NOT_FOUND } from '../../core/protocol/pathParams.ts';
import { notify } from '../notifications/notifications.ts';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { claimUnnotified } from '../db/claimUnnotified.ts';
import { userChannel, type Bus } from '../realtime/bus.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Config } from '../config.ts';
import type { Log } from '../log.ts';
import { supportReplyMail } from '../mail/templates.ts';
import { msgError, notFound } from '../http/errors.ts';
import { SUPPORT_REPLY_EVENT, type SupportMessage, type SupportReplyNotice, type SupportStatus, type SupportTicket, type SupportTicketDetail } from '../../core/protocol/support.ts';
import { repeatEvery } from '../repeat.ts';

// Support tickets (docs/community.md). A ticket is reachable only through its owner's id (404 for
// everybody else); operators act through `npm run ops -- support`. Text is stored as written
// (control characters dropped by the request schema) and always shown as text, never as HTML.

export const SUPPORT_MSG = {
  created: 'Your ticket has been created. We usually answer within a day.',
  sent: 'Your message has been sent.',
  closed: 'This ticket is closed. Please create a new one.',
  notFound: TICKET_NOT_FOUND,
} as const;

type TicketRow = { id: number; subject: string; category: string; status: SupportStatus; created_at: Date; updated_at: Date };
const ticketColumns = ['id', 'subject', 'category', 'status', 'created_at', 'updated_at'] as const;

const iso = (value: Date | string) => new Date(value).toISOString();
const ticketOut = (t: TicketRow): SupportTicket => ({ id: Number(t.id), subject: t.subject, category: t.category, status: t.status, created_at: iso(t.created_at), updated_at: iso(t.updated_at) });

export async function listTickets(db: Db, userId: number): Promise<SupportTicket[]> {
  const rows = await db.selectFrom('support_tickets').select(ticketColumns).where('user_id', '=', userId).orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(ticketOut);
}

export async function createTicket(db: Db, userId: number, input: { subject: string; category: string; message: string }): Promise<SupportTicket> {
  return db.transaction().execute(async (trx) => {
    const ticket = await trx.insertInto('support_tickets').values({ user_id: userId, subject: input.subject, category: input.category }).returning(ticketColumns).executeTakeFirstOrThrow();
    await trx.insertInto('support_messages').values({ ticket_id: ticket.id, author: 'player', body: input.message }).execute();
    return ticketOut(ticket);
  });
}

/** The ticket with its messages; `userId` null is the operator, who sees every ticket. */
export async function ticketDetail(db: Db, ticketId: number, userId: number | null): Promise<SupportTicketDetail & { user_id: number }> {
  let query = db.selectFrom('support_tickets').select([...ticketColumns, 'user_id']).where('id', '=', ticketId);
  if (userId !== null) query = query.where('user_id', '=', userId);
  const ticket = await query.executeTakeFirst();
  if (!ticket) throw notFound(SUPPORT_MSG.notFound);
  const messages = await db.selectFrom('support_messages').select(['id', 'author', 'body', 'created_at']).where('ticket_id', '=', ticketId).orderBy('id').execute();
  return {
    ...ticketOut(ticket),
    user_id: Number(ticket.user_id),
    messages: messages.map((m): SupportMessage => ({ id: Number(m.id), author: m.author, message: m.body, created_at: iso(m.created_at) })),
  };
}

/**
 * Adds a message: the player's reopens an answered ticket (open), the operator's marks it
 * answered. A closed ticket takes no more messages. The status moves in the same statement that
 * checks it, so a message never lands on a ticket closed at the same moment.
 */
export async function addMessage(db: Db, ticketId: number, author: 'player' | 'operator', body: string, userId: number | null): Promise<SupportMessage> {
  return db.transaction().execute((trx) => writeMessage(trx, ticketId, author, body, userId));
}

/** addMessage inside the caller's transaction (the console's reply commits its audit row with it). */
export async function writeMessage(trx: Db, ticketId: number, author: 'player' | 'operator', body: string, userId: number | null): Promise<SupportMessage> {
  let query = trx
    .updateTable('support_tickets')
    .set({ status: author === 'player' ? 'open' : 'answered', updated_at: sql<Date>`now()` })
    .where('id', '=', ticketId)
    .where('status', '<>', 'closed');
  if (userId !== null) query = query.where('user_id', '=', userId);
  const moved = await query.returning('id').executeTakeFirst();
  if (!moved) {
    let exists = trx.selectFrom('support_tickets').select('status').where('id', '=', ticketId);
    if (userId !== null) exists = exists.where('user_id', '=', userId);
    if (!(await exists.executeTakeFirst())) throw notFound(SUPPORT_MSG.notFound);
    throw msgError(422, SUPPORT_MSG.closed);
  }
  const row = await trx.insertInto('support_messages').values({ ticket_id: ticketId, author, body }).returning(['id', 'author', 'body', 'created_at']).executeTakeFirstOrThrow();
  return { id: Number(row.id), author: row.author, message: row.body, created_at: iso(row.created_at) };
}

export async function closeTicket(db: Db, ticketId: number): Promise<boolean> {
  const row = await db.updateTable('support_tickets').set({ status: 'closed', updated_at: sql<Date>`now()` }).where('id', '=', ticketId).where('status', '<>', 'closed').returning('id').executeTakeFirst();
  return row !== undefined;
}

/** Reopens a closed ticket (as open: it waits for the team again); false when it was not closed. */
export async function reopenTicket(db: Db, ticketId: number): Promise<boolean> {
  const row = await db.updateTable('support_tickets').set({ status: 'open', updated_at: sql<Date>`now()` }).where('id', '=', ticketId).where('status', '=', 'closed').returning('id').executeTakeFirst();
  return row !== undefined;
}

export interface TicketQueueFilter {
  status?: SupportStatus | undefined;
  category?: string | undefined;
  userId?: number | undefined;
}

function queue(db: Db, f: TicketQueueFilter) {
  let query = db.selectFrom('support_tickets as t').innerJoin('users as u', 'u.id', 't.user_id');
  if (f.status) query = query.where('t.status', '=', f.status);
  if (f.category) query = query.where('t.category', '=', f.category);
  if (f.userId) query = query.where('t.user_id', '=', f.userId);
  return query;
}

export async function countOperatorTickets(db: Db, f: TicketQueueFilter): Promise<number> {
  const row = await queue(db, f).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The operators' queue, latest activity first (every ticket without a page). */
export async function operatorTickets(db: Db, f: TicketQueueFilter = {}, page?: { limit: number; offset: number }) {
  let query = queue(db, f)
    .select(['t.id', 't.subject', 't.category', 't.status', 't.created_at', 't.updated_at', 't.user_id', 'u.name', 'u.email', 'u.locale'])
    .orderBy('t.updated_at', 'desc')
    .orderBy('t.id', 'desc');
  if (page) query = query.limit(page.limit).offset(page.offset);
  const rows = await query.execute();
  return rows.map((t) => ({ ...ticketOut(t), user_id: Number(t.user_id), name: t.name, email: t.email }));
}

/** What telling players about answers uses: tickets in the database, their channel, mail with a link to the site. */
export interface SupportNotifierDeps {
  db: Db;
  bus: Bus;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
  log: Log;
}

/**
 * Tells players about operator answers: claims each unnotified answer once (any node may run
 * this at the same time: server/db/claimUnnotified.ts), then mails the player
 * and publishes `supportReply` on their private channel.
 */
export async function notifyAnswers(deps: SupportNotifierDeps, limit = 20): Promise<number> {
  const { db, bus, mailer, config, log } = deps;
  const answers = await claimUnnotified<number | string>(db, 'support_messages', 'id', limit, sql`author = 'operator'`);
  for (const answer of answers) {
    const ticket = await db
      .selectFrom('support_messages as m')
      .innerJoin('support_tickets as t', 't.id', 'm.ticket_id')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['t.id', 't.subject', 't.user_id', 'u.name', 'u.email', 'u.locale'])
      .where('m.id', '=', Number(answer))
      .executeTakeFirst();
    if (!ticket) continue;
    const notice: SupportReplyNotice = { ticket_id: Number(ticket.id), subject: ticket.subject };
    // The claim is the once: one entry in the player's notifications per answer.
    await notify(db, Number(ticket.user_id), 'support_reply', `answer:${answer}`, notice);
    bus.publish({ channel: userChannel(Number(ticket.user_id)), event: SUPPORT_REPLY_EVENT, data: notice });
    const link = `${config.publicUrl}/profile/support?ticket=${ticket.id}`;
    await mailer.send(ticket.email, supportReplyMail(ticket.locale, ticket.name, ticket.subject, link)).catch((error: unknown) => log.error({ err: error, ticket: ticket.id }, 'support reply mail failed'));
  }
  return answers.length;
}

/** Runs notifyAnswers every `intervalMs`; returns what stops it (the app calls it before the database closes). */
export function runSupportNotifier(deps: SupportNotifierDeps, intervalMs: number): () => void {
  return repeatEvery(() => notifyAnswers(deps), intervalMs, deps.log, 'support notifier');
}
