import { describe, expect, it } from 'vitest';
import { createRoundCashOutQueue } from '../../../server/wallet/roundCashOutQueue.ts';
import type { RoundCashOut } from '../../../server/wallet/roundCashOut.ts';

// The grouping of players' cash-outs (server/wallet/roundCashOutQueue.ts), against a settle function
// whose statements the test answers by hand: which cash-outs go together, and who gets which answer.

const cashOut = (betId: number): RoundCashOut => ({
  userId: betId,
  betId,
  roundId: 1,
  amount: 100,
  value: 150,
  payout: 150,
  maxRoundPaid: 1_000_000,
  reason: 'crash_win',
  settledAt: new Date(0),
  guardValue: 'token',
});

/** A settle function whose statements stay open until the test answers them. */
function heldStatements() {
  const statements: { bets: number[]; answer(balances: Map<number, number>): void; fail(error: Error): void }[] = [];
  const settle = (batch: readonly RoundCashOut[]) =>
    new Promise<Map<number, number>>((resolve, reject) => statements.push({ bets: batch.map((c) => c.betId), answer: resolve, fail: reject }));
  /** Every bet of the statement settled, its balance 1,000 + its id. */
  const settleAll = (i: number) => statements[i]!.answer(new Map(statements[i]!.bets.map((id) => [id, 1000 + id])));
  return { statements, settle, settleAll };
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('players’ cash-outs grouped while the database is busy', () => {
  it('sends each cash-out at once while fewer than the limit are under way', async () => {
    const db = heldStatements();
    const queue = createRoundCashOutQueue(db.settle, 3);
    const answers = [1, 2, 3].map((id) => queue.settle(cashOut(id)));
    expect(db.statements.map((s) => s.bets)).toEqual([[1], [2], [3]]);
    [0, 1, 2].forEach(db.settleAll);
    expect(await Promise.all(answers)).toEqual([1001, 1002, 1003]);
  });

  it('past the limit, the waiting cash-outs go in one statement when one is answered', async () => {
    const db = heldStatements();
    const queue = createRoundCashOutQueue(db.settle, 2);
    const answers = [1, 2, 3, 4, 5].map((id) => queue.settle(cashOut(id)));
    expect(db.statements.map((s) => s.bets)).toEqual([[1], [2]]);
    expect(queue.load).toEqual({ running: 2, waiting: 3 });
    db.settleAll(1);
    await turn();
    expect(db.statements.map((s) => s.bets)).toEqual([[1], [2], [3, 4, 5]]);
    // A cash-out that arrives now waits for the next free slot, not for the statement under way.
    const sixth = queue.settle(cashOut(6));
    expect(queue.load).toEqual({ running: 2, waiting: 1 });
    // Bet 4 not settled by the statement (no longer open, say): null for it alone.
    db.statements[2]!.answer(new Map([[3, 1003], [5, 1005]]));
    await turn();
    expect(db.statements[3]!.bets).toEqual([6]);
    db.settleAll(0);
    db.settleAll(3);
    expect(await Promise.all([...answers, sixth])).toEqual([1001, 1002, 1003, null, 1005, 1006]);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('puts one bet in a statement once: the second ask of it is answered as not settled', async () => {
    const db = heldStatements();
    const queue = createRoundCashOutQueue(db.settle, 1);
    const first = queue.settle(cashOut(1));
    const again = [queue.settle(cashOut(2)), queue.settle(cashOut(2))];
    db.settleAll(0);
    await turn();
    expect(db.statements[1]!.bets).toEqual([2]);
    db.settleAll(1);
    expect(await Promise.all([first, ...again])).toEqual([1001, 1002, null]);
  });

  it('a statement that fails is tried again per cash-out, so only the one at fault gets the error', async () => {
    const failing = new Error('payout must be a positive integer of cents, got 0');
    const tried: number[][] = [];
    let held!: () => void;
    const slot = new Promise<void>((resolve) => (held = resolve));
    const queue = createRoundCashOutQueue(async (batch) => {
      tried.push(batch.map((c) => c.betId));
      if (batch.some((c) => c.betId === 1)) await slot;
      if (batch.some((c) => c.betId === 3)) throw failing;
      return new Map(batch.map((c) => [c.betId, 1000 + c.betId]));
    }, 1);
    const answers = [1, 2, 3, 4].map((id) => queue.settle(cashOut(id)).catch((error: unknown) => error));
    held();
    expect(await Promise.all(answers)).toEqual([1001, 1002, failing, 1004]);
    expect(tried).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });
});
