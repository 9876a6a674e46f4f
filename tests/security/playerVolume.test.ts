import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createTestApp } from '../helpers/testApp.ts';
import { seedCatalog } from '../helpers/boxes.ts';
import { PLAYER_HOURLY_VOLUME, volumeMessage } from '../../server/security/playerVolume.ts';

// Per-player volume (server/security/playerVolume.ts): support tickets, their messages and custom
// boxes per hour. Hardening 2 sent 60 of each at once and all were accepted (the boxes listed
// publicly). Past the limit: 429 with Retry-After and a message naming the limit, nothing written;
// another player is not affected.

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await seedCatalog(app);
});
afterAll(() => app.close());

const ticket = { subject: 'Where is my parcel?', category: 'delivery', message: 'I shipped a phone a week ago and have no tracking number.' };

async function flood(send: () => Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>, times: number) {
  const answers = await Promise.all(Array.from({ length: times }, send));
  return { ok: answers.filter((a) => a.statusCode < 300).length, refused: answers.filter((a) => a.statusCode === 429) };
}

describe('per-player volume per hour', () => {
  it('support tickets and messages: the limit, then 429 naming it; nothing past it is written', async () => {
    const p = await createPlayer(app);
    const tickets = await flood(() => app.inject({ method: 'POST', url: '/api/support/tickets', headers: p.headers, payload: ticket }), 20);
    expect(tickets.ok).toBe(PLAYER_HOURLY_VOLUME.supportTicket.limit);
    expect(tickets.refused).toHaveLength(20 - PLAYER_HOURLY_VOLUME.supportTicket.limit);
    expect(JSON.parse(tickets.refused[0]!.body)).toEqual({ message: volumeMessage('supportTicket'), msg: volumeMessage('supportTicket') });
    expect(Number(tickets.refused[0]!.headers['retry-after'])).toBeGreaterThan(3000);
    expect((await app.db.selectFrom('support_tickets').select('id').where('user_id', '=', p.id).execute()).length).toBe(PLAYER_HOURLY_VOLUME.supportTicket.limit);

    const id = (await app.db.selectFrom('support_tickets').select('id').where('user_id', '=', p.id).executeTakeFirstOrThrow()).id;
    const messages = await flood(() => app.inject({ method: 'POST', url: `/api/support/tickets/${id}/messages`, headers: p.headers, payload: { message: 'Any news about my parcel?' } }), 40);
    expect(messages.ok).toBe(PLAYER_HOURLY_VOLUME.supportMessage.limit);
    expect(JSON.parse(messages.refused[0]!.body).message).toBe(volumeMessage('supportMessage'));

    const other = await createPlayer(app);
    expect((await app.inject({ method: 'POST', url: '/api/support/tickets', headers: other.headers, payload: ticket })).statusCode).toBe(200);
  });

  it('custom boxes: the limit, then 429; the public list holds only those made', async () => {
    const p = await createPlayer(app);
    const [a, b] = (await app.db.selectFrom('items').select('id').orderBy('id').limit(2).execute()).map((i) => i.id);
    const boxes = await flood(() => app.inject({ method: 'POST', url: '/api/user-boxes', headers: p.headers, payload: { name: `Flood ${Math.random().toString(36).slice(2, 8)}`, items: [{ id: a, odds: 90 }, { id: b, odds: 10 }] } }), 15);
    expect(boxes.ok).toBe(PLAYER_HOURLY_VOLUME.customBox.limit);
    expect(JSON.parse(boxes.refused[0]!.body).message).toBe(volumeMessage('customBox'));
    expect((await app.db.selectFrom('boxes').select('id').where('creator_id', '=', p.id).execute()).length).toBe(PLAYER_HOURLY_VOLUME.customBox.limit);
  });
});
