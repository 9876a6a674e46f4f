import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPostgresTestApp, createPlayer, hasPostgres } from '../../helpers/testApp.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { ensurePromo } from '../../../server/promo/promoCodes.ts';
import { mintCodes } from '../../../server/promo/giftCodes.ts';
import { signedSandboxCallback } from '../../../server/payments/sandbox/sandboxGateway.ts';
import { InsufficientFunds } from '../../../server/wallet/wallet.ts';

// Races need real PostgreSQL (PGlite is one connection).
describe.runIf(hasPostgres)('wallet and deposits under concurrency (PostgreSQL)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createPostgresTestApp();
  }, 60_000);
  afterAll(() => app?.close());

  async function newInvoice(headers: Record<string, string>, amount: number, promocode?: string) {
    const res = await app.inject({ method: 'POST', url: '/api/deposit/zen/redirect', headers, payload: { amount, promocode } });
    expect(res.statusCode).toBe(200);
    return Number(/(\d+)$/.exec(res.json().redirect_url)![1]);
  }

  it('the same callback delivered 20 times at once credits once', async () => {
    const player = await createPlayer(app);
    const id = await newInvoice(player.headers, 25);
    const signed = signedSandboxCallback(app.config.appSecret, { id, amount: 25_00 }, 'paid');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => app.inject({ method: 'POST', url: '/api/payments/sandbox/callback', headers: signed.headers, payload: signed.raw })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await app.wallet.balance(player.id)).toBe(25_00);
    const claims = await app.db.selectFrom('payment_callbacks').select('id').where('invoice_id', '=', id).execute();
    expect(claims).toHaveLength(1);
    await expectLedgerBalanced(app);
  }, 60_000);

  it('a promo code with a cap of k used by 50 players at once succeeds k times', async () => {
    const k = 7;
    await ensurePromo(app.db, { code: 'race7', value: 10, maxUses: k });
    const players = await Promise.all(Array.from({ length: 50 }, () => createPlayer(app)));
    const invoices = [];
    for (const p of players) invoices.push({ p, id: await newInvoice(p.headers, 10, 'race7') });
    await Promise.all(
      invoices.map(({ id }) => {
        const signed = signedSandboxCallback(app.config.appSecret, { id, amount: 10_00 }, 'paid');
        return app.inject({ method: 'POST', url: '/api/payments/sandbox/callback', headers: signed.headers, payload: signed.raw });
      }),
    );
    const balances = await Promise.all(players.map((p) => app.wallet.balance(p.id)));
    expect(balances.filter((b) => b === 11_00)).toHaveLength(k);
    expect(balances.filter((b) => b === 10_00)).toHaveLength(50 - k);
    const promo = await app.db.selectFrom('promo_codes').select('uses').where('code', '=', 'race7').executeTakeFirstOrThrow();
    expect(promo.uses).toBe(k);
    await expectLedgerBalanced(app);
  }, 120_000);

  it('one player cannot use a once-per-player code twice with simultaneous deposits', async () => {
    await ensurePromo(app.db, { code: 'once', value: 50 });
    const player = await createPlayer(app);
    const ids = [await newInvoice(player.headers, 10, 'once'), await newInvoice(player.headers, 10, 'once'), await newInvoice(player.headers, 10, 'once')];
    await Promise.all(
      ids.map((id) => {
        const signed = signedSandboxCallback(app.config.appSecret, { id, amount: 10_00 }, 'paid');
        return app.inject({ method: 'POST', url: '/api/payments/sandbox/callback', headers: signed.headers, payload: signed.raw });
      }),
    );
    expect(await app.wallet.balance(player.id)).toBe(30_00 + 5_00);
    await expectLedgerBalanced(app);
  }, 60_000);

  it('a gift code redeemed by 20 players at once credits exactly one', async () => {
    const [code] = await mintCodes(app.db, 'gift', 50_00, 1);
    const players = await Promise.all(Array.from({ length: 20 }, () => createPlayer(app)));
    const results = await Promise.all(players.map((p) => app.inject({ method: 'POST', url: '/api/deposit/gift-code/redeem', headers: p.headers, payload: { code } })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(19);
    const balances = await Promise.all(players.map((p) => app.wallet.balance(p.id)));
    expect(balances.reduce((a, b) => a + b, 0)).toBe(50_00);
    await expectLedgerBalanced(app);
  }, 60_000);

  it('no balance goes negative under interleaved deposits, bets and reversals', async () => {
    const player = await createPlayer(app, { balance: 10_00 });
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await newInvoice(player.headers, 10));
    const pay = ids.map((id) => {
      const signed = signedSandboxCallback(app.config.appSecret, { id, amount: 10_00 }, 'paid');
      return app.inject({ method: 'POST', url: '/api/payments/sandbox/callback', headers: signed.headers, payload: signed.raw });
    });
    let refused = 0;
    const bets = Array.from({ length: 40 }, () =>
      app.wallet
        .transaction((tx) => tx.debit({ userId: player.id, amount: 3_00, reason: 'test_bet' }))
        .catch((e: unknown) => {
          if (e instanceof InsufficientFunds) refused += 1;
          else throw e;
        }),
    );
    await Promise.all([...pay, ...bets]);
    const balance = await app.wallet.balance(player.id);
    expect(balance).toBeGreaterThanOrEqual(0);
    // 60.00 in, 3.00 per accepted bet.
    expect(balance).toBe(60_00 - (40 - refused) * 3_00);
    // Reversals race the remaining bets: the player is never taken below zero.
    await app.db.updateTable('invoices').set({ provider: 'sandbox' }).where('id', 'in', ids).execute();
    const { settlePayment } = await import('../../../server/payments/settlePayment.ts');
    await Promise.all([
      ...ids.map((id) => settlePayment(app.wallet, 'sandbox', { providerTxId: `rev-${id}`, status: 'reversed', invoiceId: id }, '{}')),
      ...Array.from({ length: 10 }, () => app.wallet.transaction((tx) => tx.debit({ userId: player.id, amount: 1_00, reason: 'test_bet' })).catch(() => undefined)),
    ]);
    expect(await app.wallet.balance(player.id)).toBeGreaterThanOrEqual(0);
    const statuses = await app.db.selectFrom('invoices').select('status').where('id', 'in', ids).execute();
    expect(statuses.every((s) => s.status === 'reversed')).toBe(true);
    await expectLedgerBalanced(app);
  }, 60_000);
});
