import { parentPort, workerData } from 'node:worker_threads';
import { groupCommit } from '../db/groupCommit.ts';
import { settlementConnection } from '../db/settlementConnection.ts';
import type { AnySettlementEffects } from './settlements.ts';
import { SETTLEMENT_APPLICATION, threadError, type FromThread, type ThreadData, type ThreadItem, type ToThread } from './settlementThread.ts';

// The settlement thread's side (settlementThread.ts has the why): each lane, a batched settlement,
// gathers the items posted to it with the same group commit as the HTTP thread would
// (server/db/groupCommit.ts, the settlement's own batch limits, one item per player in a batch) and
// runs each batch on the lane's connection; each batch's answer goes back in one message: every
// player's settlement (effects.settled), or the statement's error for all of its items. The HTTP
// thread decides what an error means (wallet.ts: a deadlock wrote nothing, the items go the long way).

/** Runs the thread: `registry` holds every settlement the HTTP thread may name (server/settlementWorker.ts). */
export function runSettlementThread(registry: readonly AnySettlementEffects[]): void {
  const port = parentPort;
  if (!port) throw new Error('the settlement thread runs in a worker thread');
  const data = workerData as ThreadData;
  const post = (message: FromThread) => port.postMessage(message);
  /** Items taken and not yet answered, so that close() can wait for them. */
  let open = 0;
  let closing = false;

  const lanes = data.settlements.map(({ name, statement }, lane) => {
    const effects = registry.find((candidate) => candidate.name === name);
    if (!effects?.batches) throw new Error(`the settlement thread knows no batched settlement named ${name}`);
    const connection = settlementConnection(data.url, statement, `${SETTLEMENT_APPLICATION}: ${name}`);
    const batches = groupCommit<ThreadItem, undefined>({
      ...effects.batches,
      key: (item) => item.userId,
      async run(items) {
        const ids = items.map((item) => item.id);
        const started = performance.now();
        const seconds = () => (performance.now() - started) / 1000;
        try {
          const rows = await connection.query(effects.values(data.house, items.map((item) => item.row)));
          post({ type: 'batch', lane, ids, seconds: seconds(), settled: effects.settled(rows) });
        } catch (error) {
          post({ type: 'batch', lane, ids, seconds: seconds(), error: threadError(error) });
        }
        open -= items.length;
        if (closing && open === 0) void finish();
        return [];
      },
    });
    return { effects, connection, batches };
  });

  async function finish(): Promise<void> {
    await Promise.allSettled(lanes.map((lane) => lane.connection.close()));
    port!.close();
  }

  port.on('message', (message: ToThread) => {
    if (message.type === 'close') {
      closing = true;
      if (open === 0) void finish();
      return;
    }
    open += 1;
    void lanes[message.lane]!.batches.add(message);
  });

  // Each connection prepares its statement before the node plays: one execution with values that
  // write nothing makes the generic plan the connection keeps (settlementConnection.ts).
  Promise.all(lanes.map((lane) => lane.connection.query(lane.effects.inertValues))).then(
    () => post({ type: 'ready' }),
    (error: unknown) => post({ type: 'failed', error: threadError(error) }),
  );
}
