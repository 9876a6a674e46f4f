import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BALANCE_HEADER, BALANCE_VERSION_HEADER } from '../../../core/protocol/balance.ts';
import type { BalanceNotification } from '../../../core/protocol/realtime.ts';
import type { BusMessage } from '../../../server/realtime/bus.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { createPlayer, createTestApp } from '../../helpers/testApp.ts';

// Every balance the server sends carries the account's version (one more with every change): the
// answers in the x-balance / x-balance-version headers, the realtime balanceUpdated in its body. The
// client shows the balance of the highest version it has seen (src/stores/balance.ts), so the
// versions must order the balances as the wallet committed them.
describe('balance versions', () => {
  let app: FastifyInstance;
  const events: BusMessage[] = [];
  beforeAll(async () => {
    app = await createTestApp();
    app.bus.subscribe((m) => events.push(m));
  });
  afterAll(async () => {
    await app.close();
  });

  const headerBalance = (res: { headers: Record<string, unknown> }) => ({ coins: Number(res.headers[BALANCE_HEADER]), version: Number(res.headers[BALANCE_VERSION_HEADER]) });

  it('answers and events carry the balance with a version that grows by one with each change, in commit order', async () => {
    const p = await createPlayer(app, { balance: 10_000 });
    const start = headerBalance(await app.inject({ method: 'GET', url: '/api/profile', headers: p.headers }));
    expect(start.coins).toBe(100);
    expect(start.version).toBeGreaterThanOrEqual(1);

    // 30 dice bets at once: every answer's header is its own commit's balance and version.
    const answers = await Promise.all(Array.from({ length: 30 }, () => app.inject({ method: 'POST', url: '/api/dice/bet', headers: p.headers, payload: { amount: 1, target: 50, direction: 'under' } })));
    const seen = answers.map((res) => {
      expect(res.statusCode, res.body).toBe(200);
      const h = headerBalance(res);
      expect(h.coins).toBe(res.json().data.balance);
      return h;
    });
    const versions = seen.map((h) => h.version).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: 30 }, (_, i) => start.version + 1 + i));
    // The highest version is the balance the account holds.
    const newest = seen.find((h) => h.version === versions.at(-1))!;
    const now = headerBalance(await app.inject({ method: 'GET', url: '/api/profile', headers: p.headers }));
    expect(now).toEqual(newest);

    // The realtime events carry the same pairs.
    const notes = events.filter((e) => e.channel === `private-users.${p.id}`).map((e) => e.data as BalanceNotification).filter((n) => n.version > start.version);
    expect(notes.map((n) => [n.current_balance, n.version]).sort((a, b) => a[1]! - b[1]!)).toEqual(seen.map((h) => [h.coins, h.version]).sort((a, b) => a[1]! - b[1]!));
    await expectLedgerBalanced(app);
  });

  it('a refused bet and a request of another player carry no balance of this one', async () => {
    const p = await createPlayer(app, { balance: 100 });
    const refused = await app.inject({ method: 'POST', url: '/api/dice/bet', headers: p.headers, payload: { amount: 5, target: 50, direction: 'under' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.headers[BALANCE_HEADER]).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/api/boxes' })).headers[BALANCE_VERSION_HEADER]).toBeUndefined();
  });
});
