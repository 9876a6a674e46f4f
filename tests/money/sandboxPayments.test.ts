import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createPostgresTestApp, hasPostgres } from '../helpers/testApp.ts';
import { expectLedgerBalanced } from '../helpers/ledger.ts';

// The sandbox provider's calls on PostgreSQL: 50 parallel completions of one checkout credit once
// and the 49 others answer that it was already paid (409), not 200; a simulated crypto transfer
// to another player's deposit address is refused and credits nobody; 20 parallel transfers to one
// address each credit, and a transfer is answered confirmed only when it credited.

describe.runIf(hasPostgres)('sandbox payments under concurrency', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createPostgresTestApp();
  });
  afterAll(() => app.close());

  const balanceOf = (id: number) => app.wallet.balance(id);

  it('50 parallel completions of one invoice: one 200 that credits, 49 answers 409', async () => {
    const player = await createPlayer(app);
    const redirect = await app.inject({ method: 'POST', url: '/api/deposit/zen/redirect', headers: player.headers, payload: { amount: 25 } });
    expect(redirect.statusCode).toBe(200);
    const id = Number(/\/sandbox\/checkout\/(\d+)$/.exec(redirect.json().redirect_url)![1]);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => app.inject({ method: 'POST', url: `/api/sandbox/checkout/${id}/complete`, headers: player.headers, payload: { status: 'paid' } })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({ message: 'This payment has already been completed.', msg: 'This payment has already been completed.' });
    expect(await balanceOf(player.id)).toBe(25_00);
    await expectLedgerBalanced(app);
  });

  it("a transfer to another player's deposit address is refused and credits nobody", async () => {
    const owner = await createPlayer(app);
    const intruder = await createPlayer(app);
    const address = await app.inject({ method: 'POST', url: '/api/deposit/alphapo/deposit-address', headers: owner.headers, payload: { currency: 'BTC' } });
    const wallet = address.json().data.wallet as string;
    const res = await app.inject({ method: 'POST', url: `/api/sandbox/crypto/${wallet}/receive`, headers: intruder.headers, payload: { amount: 40 } });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('Address not found');
    expect(await balanceOf(owner.id)).toBe(0);
    expect(await balanceOf(intruder.id)).toBe(0);
    const own = await app.inject({ method: 'POST', url: `/api/sandbox/crypto/${wallet}/receive`, headers: owner.headers, payload: { amount: 40 } });
    expect(own.statusCode).toBe(200);
    expect(await balanceOf(owner.id)).toBe(40_00);
  });

  it('20 parallel transfers to one address: each answered confirmed is credited, all 20 of them', async () => {
    // Ids past 2^53 made in one millisecond once rounded to one Number: 20 answered 200, 17 credited.
    const player = await createPlayer(app);
    const wallet = (await app.inject({ method: 'POST', url: '/api/deposit/alphapo/deposit-address', headers: player.headers, payload: { currency: 'BTC' } })).json().data.wallet as string;
    const answers = await Promise.all(Array.from({ length: 20 }, () => app.inject({ method: 'POST', url: `/api/sandbox/crypto/${wallet}/receive`, headers: player.headers, payload: { amount: 40 } })));
    const confirmed = answers.filter((a) => a.statusCode === 200 && a.json().msg === 'Transfer confirmed').length;
    expect(confirmed).toBe(20);
    expect(await balanceOf(player.id)).toBe(confirmed * 40_00);
    await expectLedgerBalanced(app);
  });
});
