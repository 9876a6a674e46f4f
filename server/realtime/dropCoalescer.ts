// Bursts of drops are coalesced before fan-out. The feed shows at most 10 drops, so when many
// drops arrive at once only the newest 10 of a burst are worth sending to every socket. Up to
// `immediate` drops per window go out at once (no added latency at normal rates); the rest of
// the window is buffered and, at the end of the window, only the newest `keep` are sent.

export interface DropCoalescerOptions {
  windowMs?: number;
  immediate?: number;
  keep?: number;
}

export function createDropCoalescer<T>(deliver: (drop: T) => void, options: DropCoalescerOptions = {}) {
  const windowMs = options.windowMs ?? 250;
  const immediate = options.immediate ?? 4;
  const keep = options.keep ?? 10;
  let windowStart = 0;
  let sentInWindow = 0;
  let held: T[] = [];
  let timer: NodeJS.Timeout | undefined;
  let dropped = 0;

  function flush() {
    timer = undefined;
    const batch = held.slice(-keep);
    dropped += held.length - batch.length;
    held = [];
    windowStart = Date.now();
    sentInWindow = batch.length;
    for (const drop of batch) deliver(drop);
  }

  return {
    push(drop: T) {
      const now = Date.now();
      if (!timer && now - windowStart >= windowMs) {
        windowStart = now;
        sentInWindow = 0;
      }
      if (!timer && sentInWindow < immediate) {
        sentInWindow += 1;
        deliver(drop);
        return;
      }
      held.push(drop);
      timer ??= setTimeout(flush, Math.max(0, windowStart + windowMs - now));
    },
    /** How many drops were left out of bursts so far (for logs and the bench). */
    droppedCount: () => dropped,
    close() {
      clearTimeout(timer);
      timer = undefined;
      held = [];
    },
  };
}
