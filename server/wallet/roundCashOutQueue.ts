import type { RoundCashOut } from './roundCashOut.ts';

// Group commit for players' cash-outs (roundCashOut.ts settles any number in one statement). A
// cash-out goes to the database at once while fewer than `maxInFlight` statements of them are
// under way; past that it waits, and when one of them is answered every cash-out waiting goes in
// the next statement together: one commit (one WAL flush) for all of them instead of one each.
// Why: when a round's players cash out together (bench/crash: 300 in one second), their commits
// queued for PostgreSQL's WAL flush one behind another, and one backend late to run held up the
// rest (docs/crash.md, "Load"). Nothing waits while the database keeps up, and a statement whose
// answer is slow (a stalled connection) does not hold up the next cash-outs while a slot is free.

type SettleBatch = (batch: readonly RoundCashOut[]) => Promise<Map<number, number>>;

interface Waiting {
  cashOut: RoundCashOut;
  resolve(balance: number | null): void;
  reject(error: unknown): void;
}

export function createRoundCashOutQueue(settleBatch: SettleBatch, maxInFlight: number) {
  let running = 0;
  let waiting: Waiting[] = [];

  const answer = (batch: readonly Waiting[], balances: Map<number, number>) => {
    for (const w of batch) w.resolve(balances.get(w.cashOut.betId) ?? null);
  };

  async function settle(batch: Waiting[]): Promise<void> {
    // One bet once per statement (the same player asking twice at once): the second is answered as
    // not settled here, and its caller decides it again the locked way, after the first has committed.
    const seen = new Set<number>();
    const unique = batch.filter((w) => {
      if (!seen.has(w.cashOut.betId)) return seen.add(w.cashOut.betId);
      w.resolve(null);
      return false;
    });
    try {
      answer(unique, await settleBatch(unique.map((w) => w.cashOut)));
    } catch (error) {
      if (unique.length === 1) return unique[0]!.reject(error);
      // A statement fails as a whole: each is tried again alone, so only its own error reaches it.
      await Promise.all(unique.map((w) => settleBatch([w.cashOut]).then((balances) => answer([w], balances), w.reject)));
    }
  }

  function run(batch: Waiting[]): void {
    running++;
    void settle(batch).finally(() => {
      running--;
      if (waiting.length === 0) return;
      const next = waiting;
      waiting = [];
      run(next);
    });
  }

  return {
    /** The player's new balance, or null when this cash-out was not settled (roundCashOut.ts says why it may not be). */
    settle(cashOut: RoundCashOut): Promise<number | null> {
      return new Promise((resolve, reject) => {
        const w = { cashOut, resolve, reject };
        if (running < maxInFlight) run([w]);
        else waiting.push(w);
      });
    },
    /** Statements under way and cash-outs waiting: for tests. */
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}
