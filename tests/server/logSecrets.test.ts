import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { buildTestApp, createPlayer } from '../helpers/testApp.ts';
import { testConfig } from '../helpers/testConfig.ts';
import { lastMailTo, tempOutbox } from '../helpers/outbox.ts';
import { mintCodes } from '../../server/promo/giftCodes.ts';
import { ensurePromo } from '../../server/promo/promoCodes.ts';
import { signedSandboxCallback } from '../../server/payments/sandbox/sandboxGateway.ts';

// No secret reaches a log line (docs/operations.md, "Logs"): with every line captured at debug level,
// a player signs up, signs in, resets the password, turns two-factor on, redeems a gift code and a
// promo code and is credited by a signed deposit callback; then no line may contain any password,
// token, reset token, TOTP secret or code, gift or promo code, callback signature or APP_SECRET.

const APP_SECRET = 'log-secret-app-secret-0123456789abcdef-xyz';
const METRICS_TOKEN = 'log-secret-metrics-token-0123456789abcdef';
const client = { client_id: '2', client_secret: 'first-party-client-secret', scope: '*' };
const outbox = tempOutbox();
const lines: string[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp(testConfig({ LOG_LEVEL: 'debug', APP_SECRET, METRICS_TOKEN, MAIL_OUTBOX_DIR: outbox }), { seed: false, logStream: { write: (line) => void lines.push(line) } });
}, 60_000);
afterAll(() => app?.close());

describe('the logs', () => {
  it('carry no password, token, code or secret of sign-up, sign-in, reset, two-factor, codes and a deposit callback', async () => {
    const secrets: string[] = [APP_SECRET, METRICS_TOKEN, client.client_secret];
    const send = async (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) => {
      const res = await app.inject({ method, url, payload, headers });
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
      return res;
    };
    const email = `log-${Date.now()}@example.com`;
    const password = 'first-Password-91';
    secrets.push(password);
    await send('POST', '/api/auth/register', { name: 'Logger', email, password, terms: true });
    const signIn = async (pass: string) => (await send('POST', '/oauth/token', { grant_type: 'password', username: email, password: pass, ...client })).json() as { access_token: string; refresh_token: string };
    const first = await signIn(password);
    secrets.push(first.access_token, first.refresh_token);

    await send('POST', '/api/auth/forgot-password', { email, 'g-recaptcha-response': '' });
    const link = new URL(lastMailTo(outbox, email)!.link);
    const resetToken = link.searchParams.get('token')!;
    const newPassword = 'second-Password-42';
    secrets.push(resetToken, newPassword);
    await send('POST', '/api/auth/reset-password', { token: resetToken, email, password: newPassword, password_confirmation: newPassword });
    // A mailed link followed with its token in the query: the URL is logged with its values masked.
    await app.inject({ method: 'GET', url: `/api/profile/email/confirm?token=${resetToken}` });
    const tokens = await signIn(newPassword);
    secrets.push(tokens.access_token, tokens.refresh_token);
    const headers = { authorization: `Bearer ${tokens.access_token}` };

    const setup = (await send('POST', '/api/profile/two-factor/start', {}, headers)).json().data as { secret: string };
    const code = await generate({ secret: setup.secret });
    secrets.push(setup.secret, code);
    const recovery = (await send('POST', '/api/profile/two-factor/confirm', { code, end_other_sessions: false }, headers)).json().data as { recovery_codes: string[] };
    expect(recovery.recovery_codes.length).toBeGreaterThan(0);
    secrets.push(...recovery.recovery_codes);

    const player = await createPlayer(app);
    const [gift] = await mintCodes(app.db, 'gift', 5_00, 1);
    secrets.push(gift!);
    await send('POST', '/api/deposit/gift-code/redeem', { code: gift! }, player.headers);
    await ensurePromo(app.db, { code: 'logsecret77', value: 10_00, isFixedValue: true, wageringMultiple: 0 });
    secrets.push('logsecret77');
    await send('POST', '/api/deposit/promocode/validate', { promocode: 'logsecret77' }, player.headers);

    const invoice = (await send('POST', '/api/deposit/zen/redirect', { amount: 10 }, player.headers)).json() as { redirect_url: string };
    const id = Number(/\/sandbox\/checkout\/(\d+)$/.exec(invoice.redirect_url)![1]);
    const callback = signedSandboxCallback(APP_SECRET, { id, amount: 10_00 }, 'paid');
    secrets.push(...Object.values(callback.headers).filter((v) => v.length >= 16));
    await send('POST', '/api/payments/sandbox/callback', callback.raw as unknown as object, callback.headers);

    expect(lines.length).toBeGreaterThan(20);
    expect(app.log.level).toBe('debug');
    for (const secret of secrets) {
      const leaked = lines.filter((line) => line.toLowerCase().includes(secret.toLowerCase()));
      expect(leaked, `a secret (${secret.slice(0, 4)}…) in the logs`).toEqual([]);
    }
  }, 60_000);

  it('carry the request id into what the request logs through the app', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'nope' } });
    const id = res.headers['x-request-id'] as string;
    const own = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string }).filter((l) => l.reqId === id);
    expect(own.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });
});
