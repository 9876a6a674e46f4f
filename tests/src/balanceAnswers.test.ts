import { describe, expect, it } from 'vitest';
import { createBalanceAnswers } from '../../src/features/wallet/balanceAnswers.ts';

// A page's balance answers in commit order (src/features/wallet/balanceAnswers.ts): the
// header ends on the newest balance whatever order the answers arrive in.

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

function page(readBalance: () => Promise<number | null> = async () => null) {
  const shown: number[] = [];
  let reads = 0;
  const answers = createBalanceAnswers(
    (b) => shown.push(b),
    () => {
      reads += 1;
      return readBalance();
    },
  );
  return { answers, shown, reads: () => reads };
}

const betAnswer = (betId: number, balance: number) => ({ betId, balance });
const same = <T>(a: T) => a;

describe('balance answers', () => {
  it('two bets answered in reverse commit order: the later bet’s balance stays shown', async () => {
    const p = page();
    const first = deferred<{ betId: number; balance: number }>();
    const second = deferred<{ betId: number; balance: number }>();
    const a = p.answers.bet(() => first.promise, same);
    const b = p.answers.bet(() => second.promise, same);
    second.resolve(betAnswer(11, 96)); // committed second, answered first
    first.resolve(betAnswer(10, 98));
    await Promise.all([a, b]);
    await flush();
    expect(p.shown).toEqual([96]);
    expect(p.reads()).toBe(0); // bets alone are ordered by id, no read
  });

  it('bets one after another each show their balance', async () => {
    const p = page();
    await p.answers.bet(async () => betAnswer(20, 90), same);
    await p.answers.bet(async () => betAnswer(21, 80), same);
    expect(p.shown).toEqual([90, 80]);
  });

  it('a lone change (a cancel) shows its balance without a read', async () => {
    const p = page();
    await p.answers.bet(async () => betAnswer(30, 90), same);
    await p.answers.change(async () => 92, same);
    await flush();
    expect(p.shown).toEqual([90, 92]);
    expect(p.reads()).toBe(0);
  });

  it('a change (a cancel) beside a bet: once both are answered the balance is read again and shown', async () => {
    const p = page(async () => 94);
    const bet = deferred<{ betId: number; balance: number }>();
    const cancel = deferred<number>();
    const a = p.answers.bet(() => bet.promise, same);
    const c = p.answers.change(() => cancel.promise, same);
    cancel.resolve(96);
    await c;
    expect(p.reads()).toBe(0); // the bet is still out
    bet.resolve(betAnswer(40, 92));
    await a;
    await flush();
    expect(p.reads()).toBe(1);
    expect(p.shown).toEqual([96, 92, 94]);
  });

  it('two changes (sales) answered in reverse order: the balance is read again once both are answered', async () => {
    const p = page(async () => 130);
    const first = deferred<number>();
    const second = deferred<number>();
    const a = p.answers.change(() => first.promise, same);
    const b = p.answers.change(() => second.promise, same);
    second.resolve(130); // committed second, answered first
    first.resolve(115);
    await Promise.all([a, b]);
    await flush();
    expect(p.reads()).toBe(1);
    expect(p.shown.at(-1)).toBe(130);
  });

  it('a read overtaken by a newer answer is not applied over it', async () => {
    const read = deferred<number | null>();
    const p = page(() => read.promise);
    const bet = deferred<{ betId: number; balance: number }>();
    const a = p.answers.bet(() => bet.promise, same);
    const c = p.answers.change(async () => 96, same);
    bet.resolve(betAnswer(50, 94));
    await Promise.all([a, c]);
    await p.answers.bet(async () => betAnswer(51, 90), same); // sent after both: committed after them
    read.resolve(94);
    await flush();
    expect(p.shown).toEqual([96, 94, 90]);
  });
});
