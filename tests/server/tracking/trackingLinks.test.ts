import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../helpers/testApp.ts';
import { trackingReport } from '../../../server/tracking/trackingLinks.ts';
import { printable, trackingReportCommand } from '../../../server/tracking/trackingReportCommand.ts';

// Tracking links (docs/community.md): GET /api/tl/{utm_source} records a visit and answers the
// link's token (once per visitor, link and UTC day; utm values of a safe character set); a sign-up carrying it in X-Tracking-Link is attributed once; the report counts
// visits, sign-ups, first depositors and deposit sums per source and UTC day.

const today = new Date().toISOString().slice(0, 10);

describe('tracking links', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const visit = (source: string, query = '', from = '203.0.113.1') => app.inject({ method: 'GET', url: `/api/tl/${source}${query}`, remoteAddress: from });
  async function register(name: string, token?: string) {
    const email = `${name.toLowerCase()}@example.com`;
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', headers: token ? { 'x-tracking-link': token } : {}, payload: { name, email, password: 'secret1', terms: true } });
    expect(res.statusCode).toBe(200);
    return (await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  }

  it('one token per set of utm values; a visitor counts once per link and day', async () => {
    const a = await visit('news', '?utm_medium=email&utm_campaign=spring');
    expect(a.statusCode).toBe(200);
    const token = a.json().data.token;
    expect(a.json().data.source).toBe('news');
    expect((await visit('news', '?utm_medium=email&utm_campaign=spring')).json().data.token).toBe(token); // the same visitor again
    expect((await visit('news', '?utm_medium=email&utm_campaign=spring', '203.0.113.2')).json().data.token).toBe(token);
    expect((await visit('news', '?utm_medium=banner')).json().data.token).not.toBe(token);
    expect((await visit('news', `?utm_campaign=${'x'.repeat(101)}`)).statusCode).toBe(422);
    const rows = await trackingReport(app.db);
    expect(rows).toContainEqual({ source: 'news', day: today, visits: 3, signups: 0, depositors: 0, deposits: 0 });
    // No address is stored: only a keyed hash of it.
    const visitors = await app.db.selectFrom('tracking_visits').select('visitor').execute();
    expect(visitors.every((v) => v.visitor.length === 22 && !v.visitor.includes('203.0.113'))).toBe(true);
  });

  it('a forged report row is refused: utm values take letters, digits, spaces and . _ ~ + - only', async () => {
    // The attack: GET /api/tl/x%0A2026-11-25%09facebook-ads%0999999 wrote a second line into the report.
    for (const source of ['x%0A2026-11-25%09facebook-ads%0999999', 'a%09b', 'a%0Db', 'a%3Cb%3E']) {
      const res = await visit(source);
      expect(res.statusCode, source).toBe(422);
      expect(res.json().errors.utm_source).toEqual(['utm values may contain only letters, digits, spaces and . _ ~ + -']);
    }
    expect((await visit('spring_sale-2026.v2', '?utm_campaign=Black%20Friday%20%2B%20more&utm_term=%C3%A9t%C3%A9')).statusCode).toBe(200);
    expect((await visit('x', '?utm_medium=a%0Ab')).statusCode).toBe(422);
    // And whatever a row holds (rows from before this rule), the report prints it on one line.
    expect(printable('x\n2026-11-25\tfacebook-ads')).toBe('x\\u000a2026-11-25\\u0009facebook-ads');
  });

  it('a sign-up with the header is attributed once; deposits of the player count as first depositor and sums', async () => {
    const token = (await visit('partner-x')).json().data.token;
    const id = await register('TrackedOne', token);
    await register('Untracked');
    await register('BadToken', 'not-a-token');
    for (const amount of [2_500, 1_000]) {
      await app.db.insertInto('invoices').values({ user_id: id, gateway: 'zen', provider: 'sandbox', amount, status: 'paid' }).execute();
    }
    await app.db.insertInto('invoices').values({ user_id: id, gateway: 'zen', provider: 'sandbox', amount: 9_900, status: 'rejected' }).execute();
    const rows = await trackingReport(app.db, { from: today, to: today });
    expect(rows.find((r) => r.source === 'partner-x')).toEqual({ source: 'partner-x', day: today, visits: 1, signups: 1, depositors: 1, deposits: 3_500 });
    expect(await trackingReport(app.db, { from: '2000-01-01', to: '2000-01-02' })).toEqual([]);
  });

  it('npm run ops -- tracking-report prints one tab-separated line per source and day', async () => {
    const out: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out.push(String(chunk));
      return true;
    });
    try {
      await trackingReportCommand.run(app, { from: today });
    } finally {
      spy.mockRestore();
    }
    const lines = out.join('').trim().split('\n');
    expect(lines[0]).toBe('day\tsource\tvisits\tsignups\tdepositors\tdeposits');
    expect(lines).toContain(`${today}\tpartner-x\t1\t1\t1\t35.00`);
    await expect(trackingReportCommand.run(app, { from: 'yesterday' })).rejects.toThrow(/YYYY-MM-DD/);
  });
});
