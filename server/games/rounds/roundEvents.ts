import type { Clock } from '../../clock.ts';
import type { Bus } from '../../realtime/bus.ts';

// Bets and what closes them (crash: cash-outs, wheel: cancels) go to a round game's bets room in
// batches: at most one message per interval from each node, whatever the rate of bets, so 300
// cash-outs in a second are a handful of socket frames per client rather than 300. The interval
// runs on the game's clock, so a test that holds the clock sees what arrives together as one batch.

export type RoundEventBatch<B, C, K extends string = 'cash_outs'> = { round_id: number; bets: B[] } & Record<K, C[]>;

export function createRoundEventBatcher<B, C, K extends string = 'cash_outs'>(bus: Bus, clock: Clock, room: string, event: string, intervalMs: number, closesKey: K = 'cash_outs' as K) {
  const pending = new Map<number, RoundEventBatch<B, C, K>>();
  /** Cancels the flush that is due, while one is. */
  let timer: (() => void) | null = null;

  function batchOf(roundId: number) {
    let batch = pending.get(roundId);
    if (!batch) {
      batch = { round_id: roundId, bets: [], [closesKey]: [] } as unknown as RoundEventBatch<B, C, K>;
      pending.set(roundId, batch);
    }
    timer ??= clock.at(clock.now() + intervalMs, flush);
    return batch;
  }

  function flush() {
    timer = null;
    const batches = [...pending.values()];
    pending.clear();
    for (const batch of batches) bus.publish({ channel: room, event, data: batch });
  }

  return {
    bet(roundId: number, bet: B) {
      batchOf(roundId).bets.push(bet);
    },
    /** A cash-out (crash) or a cancel (wheel). */
    cashOut(roundId: number, cashOut: C) {
      (batchOf(roundId)[closesKey] as C[]).push(cashOut);
    },
    /** Sends what is waiting now (before a status change that must come after it). */
    flush() {
      timer?.();
      flush();
    },
    close() {
      timer?.();
      timer = null;
      pending.clear();
    },
  };
}
