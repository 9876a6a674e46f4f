import { describe, expect, it } from 'vitest';
import { groupCommit } from '../../../server/db/groupCommit.ts';

// The batcher alone, with a fake statement whose returns the test releases by hand.
function fake(options: { inFlight: number; maxSize: number; answerFailure?: (error: unknown) => string | undefined }) {
  const sent: { items: { key: string; n: number }[]; finish(error?: Error): void }[] = [];
  const batches = groupCommit<{ key: string; n: number }, string>({
    ...options,
    key: (item) => item.key,
    run: (items) =>
      new Promise((resolve, reject) => {
        sent.push({ items, finish: (error) => (error ? reject(error) : resolve(items.map((i) => `${i.key}${i.n}`))) });
      }),
  });
  return { batches, sent, tick: () => new Promise((r) => setTimeout(r, 2)) };
}

describe('group commit', () => {
  it('items of one event-loop turn go together', async () => {
    const { batches, sent, tick } = fake({ inFlight: 2, maxSize: 10 });
    const answers = [batches.add({ key: 'a', n: 1 }), batches.add({ key: 'b', n: 1 })];
    await tick();
    expect(sent.map((s) => s.items.length)).toEqual([2]);
    sent[0]!.finish();
    expect(await Promise.all(answers)).toEqual(['a1', 'b1']);
  });

  it('sends at once while a slot is free, then gathers the waiting items, one per key, up to the max size', async () => {
    const { batches, sent, tick } = fake({ inFlight: 2, maxSize: 3 });
    const answers = [batches.add({ key: 'a', n: 1 })];
    await tick();
    answers.push(batches.add({ key: 'b', n: 1 }));
    await tick();
    expect(sent.map((s) => s.items.length)).toEqual([1, 1]); // nothing waited for a batch to fill
    for (const [key, n] of [['c', 1], ['a', 2], ['d', 1], ['e', 1], ['f', 1]] as const) answers.push(batches.add({ key, n }));
    await tick();
    expect(sent).toHaveLength(2); // both slots busy: the rest wait
    sent[0]!.finish();
    await tick();
    // c, a2, d (three: the max), e and f left for the next one
    expect(sent[2]!.items.map((i) => `${i.key}${i.n}`)).toEqual(['c1', 'a2', 'd1']);
    answers.push(batches.add({ key: 'c', n: 2 }), batches.add({ key: 'c', n: 3 }));
    sent[1]!.finish();
    await tick();
    // c3 waits for a batch without c2 (one key per batch, whatever else is out)
    expect(sent[3]!.items.map((i) => `${i.key}${i.n}`)).toEqual(['e1', 'f1', 'c2']);
    sent[2]!.finish();
    await tick();
    expect(sent[4]!.items.map((i) => `${i.key}${i.n}`)).toEqual(['c3']);
    sent[3]!.finish();
    sent[4]!.finish();
    // each caller gets its own answer
    expect(await Promise.all(answers)).toEqual(['a1', 'b1', 'c1', 'a2', 'd1', 'e1', 'f1', 'c2', 'c3']);
    const sizes = batches.takeSizes();
    expect(sizes).toMatchObject({ batches: 5, items: 9 });
    expect([...sizes.histogram].sort()).toEqual([[1, 3], [3, 2]]);
    expect(batches.takeSizes().batches).toBe(0);
  });

  it('a failed statement rejects its own batch only, or answers it when the error is one it may answer', async () => {
    const { batches, sent, tick } = fake({ inFlight: 1, maxSize: 10, answerFailure: (e) => ((e as Error).message === 'deadlock' ? 'not settled' : undefined) });
    const first = batches.add({ key: 'a', n: 1 });
    await tick();
    const second = [batches.add({ key: 'b', n: 1 }), batches.add({ key: 'c', n: 1 })];
    await tick();
    sent[0]!.finish(new Error('boom'));
    await expect(first).rejects.toThrow('boom');
    await tick();
    sent[1]!.finish(new Error('deadlock'));
    expect(await Promise.all(second)).toEqual(['not settled', 'not settled']);
    const after = batches.add({ key: 'a', n: 2 });
    await tick();
    sent[2]!.finish();
    expect(await after).toBe('a2');
  });
});
