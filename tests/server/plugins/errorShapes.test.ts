import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTestApp, createPlayer } from '../../helpers/testApp.ts';
import { msgError } from '../../../server/http/errors.ts';
import { answerIn } from '../../../server/plugins/answerLanguage.ts';
import { readCatalog } from '../../../scripts/i18nCatalogs.ts';

// Routes registered by this test only, to drive every branch of the error handler.
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post('/api/__test/validate', { schema: { body: z.object({ email: z.email('Email is required'), password: z.string().min(6, 'Password is too short') }) } }, async () => ({ ok: true }));
  typed.get('/api/__test/boom', async () => {
    throw new Error('secret internals at /srv/app.ts:12');
  });
  typed.get('/api/__test/msg', async () => {
    throw msgError(400, 'Battle is full');
  });
  typed.get('/api/__test/me', { preHandler: app.authenticate }, async (request) => ({ id: request.userId }));
});
afterAll(() => app.close());

describe('error shapes', () => {
  it('answers schema failures with 422 {message, errors: {field: [..]}}', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/__test/validate', payload: { email: 'nope', password: '1' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Email is required (and 1 more error)', errors: { email: ['Email is required'], password: ['Password is too short'] } });
  });

  it('answers malformed JSON with a 400 message', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/__test/validate', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('hides internals behind a generic 500 body', async () => {
    const res = await app.inject('/api/__test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Server Error' });
    expect(res.body).not.toMatch(/secret|\.ts/);
  });

  it('carries msg and message for failures the client reads as msg', async () => {
    const res = await app.inject('/api/__test/msg');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Battle is full', msg: 'Battle is full' });
  });

  it('answers 401 {"message":"Unauthenticated."} without, or with a bad, bearer token', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: 'Basic abc' }]) {
      const res = await app.inject({ url: '/api/__test/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe('{"message":"Unauthenticated."}');
    }
  });

  it('answers 401 before validating the body of a route that needs a player (never a 422)', async () => {
    const routes = ['/api/dice/bet', '/api/plinko/bet', '/api/upgrade', '/api/crash/bet', '/api/battles/create', '/api/deposit/zen/redirect', '/api/profile/withdrawals', '/api/fair/seeds/client'];
    for (const url of routes) {
      const res = await app.inject({ method: 'POST', url, payload: { amount: 'not a number', target: {}, boxes: 7 } });
      expect(res.statusCode, url).toBe(401);
      expect(res.body).toBe('{"message":"Unauthenticated."}');
    }
  });

  it('lets a live bearer token through', async () => {
    const player = await createPlayer(app);
    const res = await app.inject({ url: '/api/__test/me', headers: player.headers });
    expect(res.json()).toEqual({ id: player.id });
  });
});

describe('answers in the page\'s language (docs/i18n.md, "Texts the server sends")', () => {
  const tr = readCatalog(new URL('../../../server/i18n/api/tr-TR.json', import.meta.url).pathname);

  it('translates message, msg, …_msg, data.msg and field errors; values keep their place, numbers the language\'s way', () => {
    const answer = { msg: 'Cashback of 1,234.50 coins credited', ref_msg: 'You need level 12 to open this box.', data: { msg: 'Battle not found.', id: 7 }, other: 'Battle not found.' };
    expect(answerIn('tr-TR', answer)).toEqual({
      msg: tr['Cashback of {0} coins credited']!.replace('{0}', '1.234,50'),
      ref_msg: tr['You need level {0} to open this box.']!.replace('{0}', '12'),
      data: { msg: tr['Battle not found.'], id: 7 },
      other: 'Battle not found.',
    });
    expect(answer.msg).toBe('Cashback of 1,234.50 coins credited'); // the handler's object is not changed
    const invalid = answerIn('tr-TR', { message: 'x', errors: { email: ['Please enter a valid email address.'], code: ['The code field is required.'] } }) as { message: string; errors: Record<string, string[]> };
    expect(invalid.errors).toEqual({ email: [tr['Please enter a valid email address.']], code: [tr['The code field is required.']] });
    expect(invalid.message).toBe(`${tr['Please enter a valid email address.']} (ve 1 hata daha)`);
  });

  it('leaves en-US answers and texts no catalog knows as they are', () => {
    const answer = { message: 'Battle is full', msg: 'Battle is full' };
    expect(answerIn('en-US', answer)).toBe(answer);
    expect(answerIn('tr-TR', answer)).toBe(answer);
  });

  it('answers a request with a locale cookie in its language, errors too', async () => {
    const res = await app.inject({ url: '/api/boxes/no-such-box', headers: { cookie: 'locale=tr-TR' } });
    expect(res.statusCode).toBe(404);
    expect(Object.values(tr)).toContain(res.json().message);
  });
});
