import { describe, expect, it } from 'vitest';
import { createPlayer } from '../../helpers/testApp.ts';
import { consoleApp } from './consoleApp.ts';
import { readOutbox, tempOutbox } from '../../helpers/outbox.ts';
import { captureStdout } from '../../helpers/stdout.ts';
import { notifyAnswers, SUPPORT_MSG } from '../../../server/support/tickets.ts';
import { SUPPORT_CONSOLE_MSG } from '../../../server/support/operatorActions.ts';
import { supportCommand } from '../../../server/support/supportCommand.ts';
import type { BusMessage } from '../../../server/realtime/bus.ts';

// The console's support queue (docs/operator-console.md, "Support"): tickets by status and
// category; a reply the player sees in their ticket, live (supportReply on their channel) and by
// mail; an internal note that reaches the player nowhere (not in their ticket's answer, not mailed,
// no notice); close and reopen; an audit row for each, the ops command's note and reopen included.

const outbox = tempOutbox();
type Player = Awaited<ReturnType<typeof createPlayer>>;

describe('support in the console', () => {
  const { state, get, post } = consoleApp({ MAIL_OUTBOX_DIR: outbox });
  const open = async (p: Player, category: string, subject: string) =>
    (await state.app.inject({ method: 'POST', url: '/api/support/tickets', headers: p.headers, payload: { subject, category, message: 'Please help me with this question.' } })).json().data.id as number;
  const notifier = () => notifyAnswers({ db: state.app.db, bus: state.app.bus, mailer: state.app.accounts.mailer, config: state.app.config, log: state.app.log });

  it('lists the queue by status and category, newest activity first', async () => {
    const p = await createPlayer(state.app);
    const delivery = await open(p, 'delivery', 'Parcel missing');
    const deposit = await open(p, 'deposit', 'Deposit not credited');
    await post(`/api/admin/support/tickets/${delivery}/close`);
    const ids = async (query: string) => ((await get(`/api/admin/support/tickets?user_id=${p.id}&${query}`)).json().data as { id: number }[]).map((t) => t.id);
    expect(await ids('')).toEqual([delivery, deposit]);
    expect(await ids('status=open')).toEqual([deposit]);
    expect(await ids('status=closed&category=delivery')).toEqual([delivery]);
    expect(await ids('category=games')).toEqual([]);
    const row = (await get(`/api/admin/support/tickets?user_id=${p.id}&status=open`)).json().data[0];
    expect(row).toMatchObject({ id: deposit, subject: 'Deposit not credited', category: 'deposit', status: 'open', user_id: p.id, email: p.email });
    expect((await get('/api/admin/support/tickets?status=lost')).statusCode).toBe(422);
    expect((await get('/api/admin/support/tickets?category=lost')).statusCode).toBe(422);
  });

  it('a reply reaches the player live and by mail; a note reaches them nowhere', async () => {
    const p = await createPlayer(state.app);
    const id = await open(p, 'account', 'Cannot change my email');
    await notifier();
    const notices: BusMessage[] = [];
    const stop = state.app.bus.subscribe((m) => m.event === 'supportReply' && notices.push(m));
    const mailsBefore = readOutbox(outbox).filter((m) => m.to === p.email).length;

    const note = await post(`/api/admin/support/tickets/${id}/notes`, { note: 'Internal: checked the logs, their email provider bounces.' });
    expect(note.json()).toEqual({ message: SUPPORT_CONSOLE_MSG.noted });
    expect(await notifier()).toBe(0);
    const reply = await post(`/api/admin/support/tickets/${id}/replies`, { message: 'We changed it for you; please check your inbox.' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().message).toBe(SUPPORT_CONSOLE_MSG.replied);
    expect(await notifier()).toBe(1);
    stop();

    expect(notices.map((n) => n.data)).toEqual([{ ticket_id: id, subject: 'Cannot change my email' }]);
    const mails = readOutbox(outbox).filter((m) => m.to === p.email);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(JSON.stringify(mails)).not.toContain('bounces');
    const seen = (await state.app.inject({ method: 'GET', url: `/api/support/tickets/${id}`, headers: p.headers })).json().data;
    expect(seen.status).toBe('answered');
    expect(seen.messages.map((m: { author: string; message: string }) => [m.author, m.message])).toEqual([
      ['player', 'Please help me with this question.'],
      ['operator', 'We changed it for you; please check your inbox.'],
    ]);
    expect(JSON.stringify(seen)).not.toContain('bounces');
    const full = (await get(`/api/admin/support/tickets/${id}`)).json();
    expect(full).toMatchObject({ id, user_id: p.id, email: p.email, status: 'answered' });
    expect(full.notes).toEqual([expect.objectContaining({ note: 'Internal: checked the logs, their email provider bounces.', author: expect.stringMatching(/^Operator/) })]);
  });

  it('closes and reopens, refuses what does not apply, validates, and audits each change', async () => {
    const p = await createPlayer(state.app);
    const id = await open(p, 'games', 'Dice result question');
    expect((await post(`/api/admin/support/tickets/${id}/replies`, { message: 'short' })).statusCode).toBe(422);
    expect((await post(`/api/admin/support/tickets/${id}/notes`, {})).statusCode).toBe(422);
    expect((await post(`/api/admin/support/tickets/${id}/reopen`)).json()).toEqual({ message: SUPPORT_CONSOLE_MSG.notClosed, msg: SUPPORT_CONSOLE_MSG.notClosed });
    expect((await post(`/api/admin/support/tickets/${id}/close`)).statusCode).toBe(200);
    expect((await post(`/api/admin/support/tickets/${id}/close`)).statusCode).toBe(422);
    expect((await post(`/api/admin/support/tickets/${id}/replies`, { message: 'An answer after closing.' })).json().message).toBe(SUPPORT_MSG.closed);
    expect((await post(`/api/admin/support/tickets/${id}/reopen`)).statusCode).toBe(200);
    expect((await state.app.inject({ method: 'GET', url: `/api/support/tickets/${id}`, headers: p.headers })).json().data.status).toBe('open');
    expect((await post('/api/admin/support/tickets/999999/close')).statusCode).toBe(404);
    expect((await post('/api/admin/support/tickets/999999/notes', { note: 'A note on nothing at all.' })).statusCode).toBe(404);
    const log = (await get(`/api/admin/audit?target_kind=support_ticket&target_id=${id}`)).json().data as { action: string; actor_id: number }[];
    expect(log.map((r) => [r.action, r.actor_id])).toEqual([
      ['ticket.reopen', state.operator.id],
      ['ticket.close', state.operator.id],
    ]);
  });

  it('the ops command adds notes and reopens, audited as the command', async () => {
    const p = await createPlayer(state.app);
    const id = await open(p, 'other', 'A question for the shell');
    await captureStdout(async () => {
      await supportCommand.run(state.app, { id: String(id), message: 'Noted from the shell, do not send.' }, ['note']);
      await supportCommand.run(state.app, { id: String(id) }, ['close']);
      await supportCommand.run(state.app, { id: String(id) }, ['reopen']);
      await expect(supportCommand.run(state.app, { id: String(id) }, ['reopen'])).rejects.toThrow(SUPPORT_CONSOLE_MSG.notClosed);
    });
    expect((await get(`/api/admin/support/tickets/${id}`)).json().notes).toEqual([expect.objectContaining({ author: 'ops command', note: 'Noted from the shell, do not send.' })]);
    const log = (await get(`/api/admin/audit?target_kind=support_ticket&target_id=${id}`)).json().data as { action: string; actor_id: number | null }[];
    expect(log.map((r) => [r.action, r.actor_id])).toEqual([
      ['ticket.reopen', null],
      ['ticket.close', null],
      ['ticket.note', null],
    ]);
  });
});
