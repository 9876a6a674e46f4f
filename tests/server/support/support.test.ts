import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createPostgresTestApp, createTestApp, hasPostgres } from '../../helpers/testApp.ts';
import { lastMailTo, tempOutbox } from '../../helpers/outbox.ts';
import { captureStdout } from '../../helpers/stdout.ts';
import { notifyAnswers, SUPPORT_MSG } from '../../../server/support/tickets.ts';
import { supportCommand } from '../../../server/support/supportCommand.ts';
import type { BusMessage } from '../../../server/realtime/bus.ts';

// Support tickets (docs/community.md): GET/POST /api/support/tickets, GET /api/support/tickets/{id},
// POST /api/support/tickets/{id}/messages. Only the owner reaches a ticket (404 for others);
// statuses open → answered (operator) → open (player) → closed; validation limits; an operator's
// answer (npm run ops -- support reply) mails the player and notifies them on their private channel once.

const outbox = tempOutbox();
type Player = Awaited<ReturnType<typeof createPlayer>>;
/** The app's own notifier services, as buildApp hands them. */
const notifierOf = (app: FastifyInstance) => ({ db: app.db, bus: app.bus, mailer: app.accounts.mailer, config: app.config, log: app.log });

describe('support tickets', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ MAIL_OUTBOX_DIR: outbox });
  });
  afterAll(async () => {
    await app.close();
  });

  const create = (p: Player, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/support/tickets', headers: p.headers, payload });
  const ticket = { subject: 'Where is my parcel?', category: 'delivery', message: 'I shipped a phone a week ago and have no tracking number.' };

  it('validates subject, category and message with the documented limits', async () => {
    const p = await createPlayer(app);
    expect((await app.inject({ method: 'POST', url: '/api/support/tickets', payload: ticket })).statusCode).toBe(401);
    const bad = await create(p, { subject: 'Hi', category: 'nonsense', message: 'short' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      subject: ['The subject must be at least 3 characters.'],
      category: ['The selected category is invalid.'],
      message: ['The message must be at least 10 characters.'],
    });
    const long = await create(p, { ...ticket, message: 'x'.repeat(5001) });
    expect(long.json().errors.message).toEqual(['The message may not be greater than 5000 characters.']);
  });

  it('a player creates, lists and reads their ticket; markup is stored as text and control characters dropped', async () => {
    const p = await createPlayer(app);
    const res = await create(p, { ...ticket, subject: '<b>Parcel</b>\u0007 missing', message: '<script>alert(1)</script>\r\nline two' });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(SUPPORT_MSG.created);
    const { id } = res.json().data;
    expect(res.json().data).toMatchObject({ subject: '<b>Parcel</b> missing', category: 'delivery', status: 'open' });
    const list = await app.inject({ method: 'GET', url: '/api/support/tickets', headers: p.headers });
    expect(list.json().data.map((t: { id: number }) => t.id)).toEqual([id]);
    const detail = await app.inject({ method: 'GET', url: `/api/support/tickets/${id}`, headers: p.headers });
    expect(detail.json().data.messages).toEqual([expect.objectContaining({ author: 'player', message: '<script>alert(1)</script>\nline two' })]);
  });

  it('another player\'s ticket is 404 to read, to list and to answer', async () => {
    const owner = await createPlayer(app);
    const other = await createPlayer(app);
    const { id } = (await create(owner, ticket)).json().data;
    expect((await app.inject({ method: 'GET', url: `/api/support/tickets/${id}`, headers: other.headers })).statusCode).toBe(404);
    const post = await app.inject({ method: 'POST', url: `/api/support/tickets/${id}/messages`, headers: other.headers, payload: { message: 'Let me in, please!' } });
    expect(post.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/support/tickets', headers: other.headers })).json().data).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/support/tickets/abc', headers: owner.headers })).statusCode).toBe(422);
    const detail = await app.inject({ method: 'GET', url: `/api/support/tickets/${id}`, headers: owner.headers });
    expect(detail.json().data.messages).toHaveLength(1);
  });

  it('the operator answers (answered), the player is mailed and told once, answers again (open); a closed ticket takes nothing', async () => {
    const p = await createPlayer(app);
    const { id } = (await create(p, ticket)).json().data;
    const listed = await captureStdout(() => supportCommand.run(app, { status: 'open' }, ['list']));
    expect(listed).toContain(`${id}\topen\tdelivery`);
    const notices: BusMessage[] = [];
    const stop = app.bus.subscribe((m) => m.event === 'supportReply' && notices.push(m));
    await captureStdout(() => supportCommand.run(app, { id: String(id), message: 'Your parcel left today, tracking 123.' }, ['reply']));
    await notifyAnswers(notifierOf(app));
    await notifyAnswers(notifierOf(app));
    stop();
    expect(notices).toEqual([{ channel: `private-users.${p.id}`, event: 'supportReply', data: { ticket_id: id, subject: ticket.subject } }]);
    // And once in the player's notifications (docs/community.md, "Notifications").
    const told = (await app.inject({ method: 'GET', url: '/api/notifications', headers: p.headers })).json().data.items;
    expect(told.filter((n: { kind: string }) => n.kind === 'support_reply').map((n: { data: unknown }) => n.data)).toEqual([{ ticket_id: id, subject: ticket.subject }]);
    const mail = lastMailTo(outbox, p.email)!;
    expect(mail.subject).toBe(`Support answered: ${ticket.subject}`);
    expect(mail.link).toBe(`${app.config.publicUrl}/profile/support?ticket=${id}`);
    let detail = (await app.inject({ method: 'GET', url: `/api/support/tickets/${id}`, headers: p.headers })).json().data;
    expect(detail.status).toBe('answered');
    expect(detail.messages.map((m: { author: string }) => m.author)).toEqual(['player', 'operator']);
    const again = await app.inject({ method: 'POST', url: `/api/support/tickets/${id}/messages`, headers: p.headers, payload: { message: 'Thank you, it arrived!' } });
    expect(again.json()).toMatchObject({ msg: SUPPORT_MSG.sent, data: { author: 'player' } });
    detail = (await app.inject({ method: 'GET', url: `/api/support/tickets/${id}`, headers: p.headers })).json().data;
    expect(detail.status).toBe('open');
    const shown = await captureStdout(() => supportCommand.run(app, { id: String(id) }, ['show']));
    expect(shown).toContain('Thank you, it arrived!');
    await captureStdout(() => supportCommand.run(app, { id: String(id) }, ['close']));
    const closed = await app.inject({ method: 'POST', url: `/api/support/tickets/${id}/messages`, headers: p.headers, payload: { message: 'One more thing...' } });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().msg).toBe(SUPPORT_MSG.closed);
    await expect(supportCommand.run(app, { id: String(id), message: 'Too late for this one.' }, ['reply'])).rejects.toThrow(SUPPORT_MSG.closed);
  });
});

describe.runIf(hasPostgres)('support notices on PostgreSQL', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createPostgresTestApp({ MAIL_OUTBOX_DIR: outbox });
  });
  afterAll(async () => {
    await app.close();
  });

  it('parallel notifiers tell the player about each answer exactly once', async () => {
    const p = await createPlayer(app);
    const { id } = (await app.inject({ method: 'POST', url: '/api/support/tickets', headers: p.headers, payload: { subject: 'Race', category: 'other', message: 'Please answer me twice.' } })).json().data;
    for (const text of ['First answer here.', 'Second answer here.']) await captureStdout(() => supportCommand.run(app, { id: String(id), message: text }, ['reply']));
    const notices: BusMessage[] = [];
    const stop = app.bus.subscribe((m) => m.event === 'supportReply' && notices.push(m));
    const counts = await Promise.all(Array.from({ length: 6 }, () => notifyAnswers(notifierOf(app))));
    stop();
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect(notices).toHaveLength(2);
  });
});
