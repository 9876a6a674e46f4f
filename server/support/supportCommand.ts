import type { OpsServices } from '../services.ts';
import { OPS_ACTOR } from '../admin/audit.ts';
import { SUPPORT_STATUSES, supportMessageRequest, type SupportStatus } from '../../core/protocol/support.ts';
import { operatorTickets, ticketDetail } from './tickets.ts';
import { addTicketNote, closeTicketAs, reopenTicketAs, replyToTicket, ticketNotes } from './operatorActions.ts';

// `npm run ops -- support <list|show|reply|note|close|reopen>`: the operators' side of support
// tickets, the console's actions (operatorActions.ts) with the ops command as the audit log's actor.
// A reply marks the ticket answered; a server node then mails and tells the player (tickets.ts,
// notifyAnswers). A note stays with the team.
function ticketId(value: string | boolean | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw new Error('--id must be a ticket id');
  return id;
}

function messageText(value: string | boolean | undefined): string {
  const parsed = supportMessageRequest.safeParse({ message: value });
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? '--message is required');
  return parsed.data.message;
}

export const supportCommand = {
  summary: 'support tickets: list [--status open|answered|closed] | show --id N | reply --id N --message TEXT | note --id N --message TEXT | close --id N | reopen --id N',
  options: { action: { type: 'string' as const }, status: { type: 'string' as const }, id: { type: 'string' as const }, message: { type: 'string' as const } },
  positionals: true,
  async run({ db }: OpsServices, values: Record<string, string | boolean | undefined>, positionals: string[] = []) {
    const action = positionals[0] ?? values.action ?? 'list';
    const out = (line: string) => process.stdout.write(`${line}\n`);
    if (action === 'list') {
      const status = values.status;
      if (status !== undefined && !(SUPPORT_STATUSES as readonly unknown[]).includes(status)) throw new Error(`--status must be one of ${SUPPORT_STATUSES.join(', ')}`);
      for (const t of await operatorTickets(db, { status: status as SupportStatus | undefined })) out([t.id, t.status, t.category, t.updated_at, `${t.name} <${t.email}>`, JSON.stringify(t.subject)].join('\t'));
      return;
    }
    const id = ticketId(values.id);
    if (action === 'show') {
      const t = await ticketDetail(db, id, null);
      out(`#${t.id} [${t.status}] ${t.category}: ${JSON.stringify(t.subject)} (user ${t.user_id})`);
      for (const m of t.messages) out(`--- ${m.author} ${m.created_at}\n${m.message}`);
      for (const n of await ticketNotes(db, id)) out(`--- note by ${n.author} ${n.created_at}\n${n.note}`);
      return;
    }
    if (action === 'reply') {
      const m = await replyToTicket(db, OPS_ACTOR, id, messageText(values.message));
      out(`replied to #${id} (message ${m.id}); the player is notified by the server`);
      return;
    }
    if (action === 'note') {
      out(`note ${await addTicketNote(db, OPS_ACTOR, id, messageText(values.message))} on #${id} (the player does not see it)`);
      return;
    }
    if (action === 'close') {
      await closeTicketAs(db, OPS_ACTOR, id);
      out(`closed #${id}`);
      return;
    }
    if (action === 'reopen') {
      await reopenTicketAs(db, OPS_ACTOR, id);
      out(`reopened #${id}`);
      return;
    }
    throw new Error('support: the action is list, show, reply, note, close or reopen');
  },
};
