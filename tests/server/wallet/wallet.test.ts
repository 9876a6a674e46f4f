import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createTestApp, createPlayer } from '../../helpers/testApp.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { InsufficientFunds } from '../../../server/wallet/wallet.ts';
import type { BusMessage } from '../../../server/realtime/bus.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('wallet', () => {
  it('credits and debits with a ledger row pair per change', async () => {
    const player = await createPlayer(app);
    const balance = await app.wallet.transaction(async (tx) => {
      await tx.credit({ userId: player.id, amount: 1_000, reason: 'deposit', reference: 'invoice:1' });
      return tx.debit({ userId: player.id, amount: 250, reason: 'dice_bet' });
    });
    expect(balance).toBe(750);
    expect(await app.wallet.balance(player.id)).toBe(750);
    const rows = await app.db.selectFrom('ledger_entries').selectAll().where('reference', '=', 'invoice:1').execute();
    expect(rows.map((r) => r.amount).sort()).toEqual([-1000, 1000]);
    await expectLedgerBalanced(app);
  });

  it('refuses a debit above the balance and rolls the whole transaction back', async () => {
    const player = await createPlayer(app, { balance: 100 });
    await expect(
      app.wallet.transaction(async (tx) => {
        await tx.credit({ userId: player.id, amount: 50, reason: 'bonus' });
        await tx.debit({ userId: player.id, amount: 1_000, reason: 'box_open' });
      }),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await app.wallet.balance(player.id)).toBe(100);
    await expectLedgerBalanced(app);
  });

  it('rejects amounts that are not positive integer cents', async () => {
    const player = await createPlayer(app, { balance: 100 });
    for (const amount of [0, -5, 1.5, Number.NaN]) {
      await expect(app.wallet.transaction((tx) => tx.credit({ userId: player.id, amount, reason: 'x' }))).rejects.toThrow(/positive integer/);
    }
    expect(await app.wallet.balance(player.id)).toBe(100);
  });

  it('announces the new balance on the bus after commit only', async () => {
    const player = await createPlayer(app, { balance: 500 });
    const seen: BusMessage[] = [];
    const off = app.bus.subscribe((m) => seen.push(m));
    await app.wallet.transaction((tx) => tx.debit({ userId: player.id, amount: 125, reason: 'dice_bet' }));
    await expect(app.wallet.transaction((tx) => tx.debit({ userId: player.id, amount: 99_999, reason: 'dice_bet' }))).rejects.toThrow();
    off();
    expect(seen).toEqual([{ channel: `private-users.${player.id}`, event: 'balanceUpdated', data: { type: 'balanceUpdated', current_balance: 3.75, version: expect.any(Number) } }]);
  });

  it('keeps the balance CHECK as a last line of defence', async () => {
    const player = await createPlayer(app);
    await expect(sql`update accounts set balance = -1 where user_id = ${player.id}`.execute(app.db)).rejects.toThrow(/accounts_balance_non_negative/);
  });
});
