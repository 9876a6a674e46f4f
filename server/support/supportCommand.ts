import type { Db } from '../db/database.ts';
import { SUPPORT_STATUSES, supportMessageRequest, type SupportStatus } from '../../core/protocol/support.ts';
import { addMessage, closeTicket, operatorTickets, ticketDetail } from './tickets.ts';

// `npm run ops -- support <list|show|reply|close>`: the operators' side of support tickets. A reply
// marks the ticket answered; a server node then mails and tells the player (tickets.ts, notifyAnswers).
function ticketId(value: string | boolean | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw new Error('--id must be a ticket id');
  return id;
}

export const supportCommand = {
  summary: 'support tickets: list [--status open|answered|closed] | show --id N | reply --id N --message TEXT | close --id N',
  options: { action: { type: 'string' as const }, status: { type: 'string' as const }, id: { type: 'string' as const }, message: { type: 'string' as const } },
  positionals: true,
  async run(db: Db, values: Record<string, string | boolean | undefined>, positionals: string[] = []) {
    const action = positionals[0] ?? values.action ?? 'list';
    const out = (line: string) => process.stdout.write(`${line}\n`);
    if (action === 'list') {
      const status = values.status;
      if (status !== undefined && !(SUPPORT_STATUSES as readonly unknown[]).includes(status)) throw new Error(`--status must be one of ${SUPPORT_STATUSES.join(', ')}`);
      for (const t of await operatorTickets(db, status as SupportStatus | undefined)) out([t.id, t.status, t.category, new Date(t.updated_at).toISOString(), `${t.name} <${t.email}>`, JSON.stringify(t.subject)].join('\t'));
      return;
    }
    const id = ticketId(values.id);
    if (action === 'show') {
      const t = await ticketDetail(db, id, null);
      out(`#${t.id} [${t.status}] ${t.category}: ${JSON.stringify(t.subject)} (user ${t.user_id})`);
      for (const m of t.messages) out(`--- ${m.author} ${m.created_at}\n${m.message}`);
      return;
    }
    if (action === 'reply') {
      const parsed = supportMessageRequest.safeParse({ message: values.message });
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? '--message is required');
      const m = await addMessage(db, id, 'operator', parsed.data.message, null);
      out(`replied to #${id} (message ${m.id}); the player is notified by the server`);
      return;
    }
    if (action === 'close') {
      out((await closeTicket(db, id)) ? `closed #${id}` : `#${id} was already closed`);
      return;
    }
    throw new Error('support: the action is list, show, reply or close');
  },
};
