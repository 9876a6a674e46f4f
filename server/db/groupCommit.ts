import { AsyncResource } from 'node:async_hooks';

// Group commit: many callers' items settled by one statement (one commit) at a time, for a
// statement that takes a batch of them (the wallet's instant bets, server/games/bets.ts).
//
// While fewer than `inFlight` batches are out, an item goes at once, alone if nothing came with it:
// at low load nobody waits for a batch to fill. "At once" is at the end of the event loop's current
// turn (setImmediate), so the items of requests read in the same turn go together: on PGlite, which
// runs a statement on this thread and blocks the loop meanwhile, no item could otherwise arrive
// while a batch is out, and every batch was one bet (bench/dice/README.md, embedded). Once
// `inFlight` are out, new items wait, and each batch that comes back sends every waiting item (up to
// `maxSize`) as the next batch. So the batch
// size follows the load by itself: about the items that arrive during one statement's round trip.
// Items with one key never share a batch (the wallet's: one player's bets; the second waits for the
// next batch, in arrival order). Each caller is answered its own result when its batch's statement
// has returned, that is after its commit. A failed statement rejects every item of its batch,
// unless `answerFailure` turns its error into an answer for each (the wallet's: a deadlock or a
// serialization failure wrote nothing, so each bet is answered "not settled" and goes the long way).

export interface GroupCommitOptions<I, O> {
  /** How many batches may be out at once (statements in flight). */
  inFlight: number;
  /** The most items in one batch. */
  maxSize: number;
  /** Items with one key never share a batch. */
  key(item: I): unknown;
  /** Settles a batch: one result per item, in the batch's order. */
  run(items: I[]): Promise<O[]>;
  /** The answer for every item of a batch whose `run` failed with `error`, or undefined: they are rejected with it. */
  answerFailure?(error: unknown): O | undefined;
  /** Told of each batch once its statement is done: its size and the statement's seconds (the shop's metrics). */
  observe?(size: number, seconds: number): void;
}

/** How many batches of each size went out (a bench reads it: bench/dice). */
export interface BatchSizes {
  batches: number;
  items: number;
  /** Batch size → how many batches had it. */
  histogram: Map<number, number>;
}

export const noBatches = (): BatchSizes => ({ batches: 0, items: 0, histogram: new Map() });

/** Counts one batch of `size` items into `sizes`. */
export function countBatch(sizes: BatchSizes, size: number): void {
  sizes.batches += 1;
  sizes.items += size;
  sizes.histogram.set(size, (sizes.histogram.get(size) ?? 0) + 1);
}

interface Waiting<I, O> {
  item: I;
  resolve(result: O): void;
  reject(error: unknown): void;
}

export function groupCommit<I, O>(options: GroupCommitOptions<I, O>) {
  let waiting: Waiting<I, O>[] = [];
  let out = 0;
  let sizes = noBatches();

  /** The next batch: waiting items in arrival order, one per key, up to maxSize; the rest keep waiting. */
  function take(): Waiting<I, O>[] {
    const batch: Waiting<I, O>[] = [];
    const rest: Waiting<I, O>[] = [];
    const keys = new Set<unknown>();
    for (const w of waiting) {
      const key = options.key(w.item);
      if (batch.length < options.maxSize && !keys.has(key)) {
        keys.add(key);
        batch.push(w);
      } else rest.push(w);
    }
    waiting = rest;
    return batch;
  }

  let scheduled = false;
  /** send() at the end of this turn of the event loop, once however many items arrive in it. */
  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(sendOutsideRequests);
  }

  function send(): void {
    while (out < options.inFlight && waiting.length > 0) {
      const batch = take();
      out += 1;
      countBatch(sizes, batch.length);
      const started = performance.now();
      // run() is called inside the promise chain, so that a synchronous throw rejects the batch too.
      void Promise.resolve()
        .then(() => options.run(batch.map((w) => w.item)))
        .then(
          (results) => batch.forEach((w, i) => w.resolve(results[i] as O)),
          (error: unknown) => {
            const answer = options.answerFailure?.(error);
            for (const w of batch) {
              if (answer === undefined) w.reject(error);
              else w.resolve(answer);
            }
          },
        )
        .finally(() => {
          options.observe?.(batch.length, (performance.now() - started) / 1000);
          out -= 1;
          schedule();
        });
    }
  }

  // A batch belongs to no one request: without this, its statement would run in the async context of
  // whichever request scheduled it, and its log lines would carry that request's id
  // (server/http/requestContext.ts). Bound here, where the group commit is made, outside any request.
  const sendOutsideRequests = AsyncResource.bind(() => {
    scheduled = false;
    send();
  });

  return {
    /** Settles `item` in the next batch that can take it; its own result, after its batch's commit. */
    add(item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        schedule();
      });
    },
    /** The batch sizes since the last call (and starts counting anew). */
    takeSizes(): BatchSizes {
      const taken = sizes;
      sizes = noBatches();
      return taken;
    },
  };
}
