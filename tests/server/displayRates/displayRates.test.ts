import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../helpers/testApp.ts';
import { createStaff } from '../../helpers/staff.ts';
import { approxMinorUnits, formatApprox } from '../../../core/money/displayCurrency.ts';

// Display currencies (docs/payments.md, "Display currencies"): the public rates (USD always, the
// others once an admin set them), the console's rates (admins set, others read), every refused
// input changing nothing, each change audited; and the approximate value's arithmetic.

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const rates = async () => (await app.inject({ method: 'GET', url: '/api/display-rates' })).json().data;

describe('display currencies', () => {
  it('offers USD alone until an admin sets a rate; admins set, others read; bad input changes nothing', async () => {
    expect(await rates()).toEqual([{ currency: 'USD', per_coin: 1, as_of: null }]);
    const admin = await createStaff(app, 'admin');
    const operator = await createStaff(app, 'operator');

    const listed = await app.inject({ method: 'GET', url: '/api/admin/display-rates', headers: operator.headers });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((r: { currency: string; per_coin: null }) => [r.currency, r.per_coin])).toEqual([['EUR', null], ['BRL', null], ['TRY', null], ['GBP', null]]);
    const put = (url: string, payload: unknown, headers = admin.headers) => app.inject({ method: 'PUT', url, headers, payload: payload as object });
    expect((await put('/api/admin/display-rates/EUR', { per_coin: 0.92, as_of: '2026-11-20' }, operator.headers)).statusCode).toBe(403);
    for (const [url, body] of [
      ['/api/admin/display-rates/EUR', { per_coin: 0, as_of: '2026-11-20' }],
      ['/api/admin/display-rates/EUR', { per_coin: -1, as_of: '2026-11-20' }],
      ['/api/admin/display-rates/EUR', { per_coin: 0.1234567, as_of: '2026-11-20' }],
      ['/api/admin/display-rates/EUR', { per_coin: 10_001, as_of: '2026-11-20' }],
      ['/api/admin/display-rates/EUR', { per_coin: '0.92', as_of: '2026-11-20' }],
      ['/api/admin/display-rates/EUR', { per_coin: 0.92, as_of: '2026-02-30' }],
      ['/api/admin/display-rates/EUR', { per_coin: 0.92, as_of: '2999-01-01' }],
      ['/api/admin/display-rates/EUR', { per_coin: 0.92 }],
      ['/api/admin/display-rates/USD', { per_coin: 1, as_of: '2026-11-20' }],
      ['/api/admin/display-rates/JPY', { per_coin: 150, as_of: '2026-11-20' }],
    ] as const) {
      const res = await put(url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(422);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await rates()).toEqual([{ currency: 'USD', per_coin: 1, as_of: null }]);
    expect(await app.db.selectFrom('audit_log').select('id').where('action', '=', 'display_rates.update').execute()).toHaveLength(0);

    const saved = await put('/api/admin/display-rates/EUR', { per_coin: 0.92, as_of: '2026-11-20' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'Rate saved.', data: [{ currency: 'EUR', per_coin: 0.92, as_of: '2026-11-20' }, { currency: 'BRL', per_coin: null }, {}, {}] });
    expect((await put('/api/admin/display-rates/EUR', { per_coin: 0.934512, as_of: '2026-11-21' })).statusCode).toBe(200);
    expect((await put('/api/admin/display-rates/TRY', { per_coin: 34.5, as_of: '2026-11-21' })).statusCode).toBe(200);
    // The newest row of each currency, in the console's order.
    expect(await rates()).toEqual([
      { currency: 'USD', per_coin: 1, as_of: null },
      { currency: 'EUR', per_coin: 0.934512, as_of: '2026-11-21' },
      { currency: 'TRY', per_coin: 34.5, as_of: '2026-11-21' },
    ]);
    const audit = await app.db.selectFrom('audit_log').select(['actor_id', 'target_id', 'before', 'after']).where('action', '=', 'display_rates.update').orderBy('id').execute();
    expect(audit).toMatchObject([
      { actor_id: admin.id, target_id: 'EUR', before: { per_coin: null, as_of: null }, after: { per_coin: 0.92, as_of: '2026-11-20' } },
      { actor_id: admin.id, target_id: 'EUR', before: { per_coin: 0.92, as_of: '2026-11-20' }, after: { per_coin: 0.934512, as_of: '2026-11-21' } },
      { target_id: 'TRY', before: { per_coin: null }, after: { per_coin: 34.5 } },
    ]);
  });

  it('prices a coin amount in the currency exactly, rounding half up, also past 2^53', () => {
    expect(approxMinorUnits(1234, 920_000)).toBe(1135); // 12.34 coins × 0.92 = 11.3528
    expect(approxMinorUnits(50, 10_000)).toBe(1); // 0.50 × 0.01 = 0.005 → 0.01
    expect(approxMinorUnits(49, 10_000)).toBe(0);
    expect(approxMinorUnits(9_000_000_000_000, 34_500_000)).toBe(310_500_000_000_000);
    expect(formatApprox(1234, 'EUR', 920_000)).toBe('≈ €11.35');
    expect(formatApprox(1234, 'USD', 1_000_000)).toBe('≈ $12.34');
    expect(formatApprox(100_000, 'TRY', 34_500_000)).toBe('≈ TRY\u00a034,500.00');
    expect(formatApprox(1234, 'BRL', 5_250_000)).toBe('≈ R$64.79');
    expect(formatApprox(1234, 'GBP', 790_000)).toBe('≈ £9.75');
  });
});
