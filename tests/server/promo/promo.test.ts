import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, createPlayer } from '../../helpers/testApp.ts';
import { ensurePromo } from '../../../server/promo/promoCodes.ts';
import { mintCodes } from '../../../server/promo/giftCodes.ts';
import { commands } from '../../../server/ops/cli.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await ensurePromo(app.db, { code: 'winter35', value: 35, freeBoxes: 1 });
  // No wagering: its bonus is cash at once, so a second use is not held back by the first (one bonus at a time, docs/bonuses.md).
  await ensurePromo(app.db, { code: 'fixed10', value: 10_00, isFixedValue: true, perUserLimit: 2, wageringMultiple: 0 });
  await ensurePromo(app.db, { code: 'gone', value: 5, expiresAt: new Date(Date.now() - 1000) });
  await ensurePromo(app.db, { code: 'capped', value: 5, maxUses: 1 });
});
afterAll(() => app.close());

const validate = (headers: Record<string, string>, promocode: unknown) =>
  app.inject({ method: 'POST', url: '/api/deposit/promocode/validate', headers, payload: { promocode } });

describe('promo code validation', () => {
  it('answers the promo code object and the toast text, case-insensitively', async () => {
    const player = await createPlayer(app);
    const res = await validate(player.headers, ' WINTER35 ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 'winter35', value: 35, is_fixed_value: false, msg: 'Promo code accepted' });
    const fixed = await validate(player.headers, 'fixed10');
    expect(fixed.json()).toMatchObject({ code: 'fixed10', value: 10, is_fixed_value: true });
  });

  it('refuses unknown, expired and exhausted codes, empty input and guests', async () => {
    const player = await createPlayer(app);
    for (const code of ['nope', 'gone']) {
      const res = await validate(player.headers, code);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'Promo code is invalid or expired', msg: 'Promo code is invalid or expired' });
    }
    await app.db.updateTable('promo_codes').set({ uses: 1 }).where('code', '=', 'capped').execute();
    expect((await validate(player.headers, 'capped')).statusCode).toBe(422);
    const empty = await validate(player.headers, '');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.promocode).toBeDefined();
    expect((await validate({}, 'winter35')).statusCode).toBe(401);
  });

  it('a fixed bonus is credited with the deposit, up to the per-user limit', async () => {
    const player = await createPlayer(app);
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/deposit/zen/redirect', headers: player.headers, payload: { amount: 20, promocode: i < 2 ? 'fixed10' : null } });
      const id = Number(/(\d+)$/.exec(res.json().redirect_url)![1]);
      await app.inject({ method: 'POST', url: `/api/sandbox/checkout/${id}/complete`, headers: player.headers, payload: { status: 'paid' } });
    }
    expect(await app.wallet.balance(player.id)).toBe(3 * 20_00 + 2 * 10_00);
    expect((await validate(player.headers, 'fixed10')).json().msg).toBe('You have already used this promo code');
  });
});

describe('gift codes and vouchers', () => {
  it('a gift code works once and errors the second time', async () => {
    const [code] = await mintCodes(app.db, 'gift', 50_00, 1);
    const a = await createPlayer(app);
    const b = await createPlayer(app);
    const first = await app.inject({ method: 'POST', url: '/api/deposit/gift-code/redeem', headers: a.headers, payload: { code: code!.toLowerCase() } });
    expect(first.statusCode).toBe(200);
    expect(first.json().msg).toBe('Gift code redeemed: 50.00 coins added to your balance');
    const second = await app.inject({ method: 'POST', url: '/api/deposit/gift-code/redeem', headers: b.headers, payload: { code } });
    expect(second.statusCode).toBe(422);
    expect(second.json()).toEqual({ message: 'Gift code has already been used', msg: 'Gift code has already been used' });
    expect(await app.wallet.balance(a.id)).toBe(50_00);
    expect(await app.wallet.balance(b.id)).toBe(0);
  });

  it('vouchers and gift codes are separate kinds; unknown and empty codes are refused', async () => {
    const [voucher] = await mintCodes(app.db, 'voucher', 5_00, 1);
    const player = await createPlayer(app);
    const asGift = await app.inject({ method: 'POST', url: '/api/deposit/gift-code/redeem', headers: player.headers, payload: { code: voucher } });
    expect(asGift.json().msg).toBe('Gift code is invalid');
    const ok = await app.inject({ method: 'POST', url: '/api/deposit/voucher/redeem', headers: player.headers, payload: { code: voucher } });
    expect(ok.json().msg).toBe('Voucher redeemed: 5.00 coins added to your balance');
    const empty = await app.inject({ method: 'POST', url: '/api/deposit/voucher/redeem', headers: player.headers, payload: { code: ' ' } });
    expect(empty.statusCode).toBe(422);
    expect((await app.inject({ method: 'POST', url: '/api/deposit/voucher/redeem', payload: { code: voucher } })).statusCode).toBe(401);
    expect(await app.wallet.balance(player.id)).toBe(5_00);
  });

  it('the ops command mints codes of the given value', async () => {
    const before = await app.db.selectFrom('gift_codes').select('id').execute();
    const out: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => (out.push(chunk), true)) as typeof process.stdout.write;
    try {
      await commands['mint-gift-codes']!.run(app, { value: '50', count: '10' });
    } finally {
      process.stdout.write = write;
    }
    const codes = out.join('').trim().split('\n');
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const rows = await app.db.selectFrom('gift_codes').select(['code', 'value', 'kind']).where('code', 'in', codes).execute();
    expect(rows.every((r) => r.value === 50_00 && r.kind === 'gift')).toBe(true);
    expect((await app.db.selectFrom('gift_codes').select('id').execute()).length).toBe(before.length + 10);
    await expect(commands['mint-gift-codes']!.run(app, { value: '-1', count: '1' })).rejects.toThrow(/--value/);
  });
});
