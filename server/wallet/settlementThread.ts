import { Worker } from 'node:worker_threads';
import { countBatch, noBatches, type BatchSizes } from '../db/groupCommit.ts';
import type { AccountBalance } from './balanceReports.ts';
import type { AnySettlementEffects, SettlementRunner } from './settlements.ts';

// The settlement thread: on PostgreSQL the batched settlements (the instant bets, the box openings)
// run their group commit and their statement in a worker thread of their own, each settlement on its
// own connection (server/db/settlementConnection.ts), instead of on the HTTP thread's pool.
//
// Why: with one batch statement in flight, its answer used to wait for the one thread that also
// reads, routes and answers every HTTP request; and only then was the next batch sent. PostgreSQL
// executed the app's statement in the same time as pgbench's (2.7 ms for 24 bets) yet received the
// next one every 4.8 ms against 3.4 ms. Here the answer is read, and the next batch sent, at once,
// whatever the HTTP thread is doing: bench/dice/README.md ("Settlement thread") has the A/B.
//
// This side (the HTTP thread) checks each item and builds its row (the wallet's settle), posts it
// with an id, and answers it when its batch's message comes back: what its player got, or null (the
// gate refused it and nothing was written), or the batch's error. The thread
// (settlementThreadLoop.ts, started by server/settlementWorker.ts) knows the settlements by name:
// their statements' texts come from here, built with this wallet's guard and stake condition, and
// the parameters and answers come from the same effects as on this thread.
//
// The thread starts at warm() (a node, before it plays) or at the first item, once the house account
// exists. If it stops (a crash of its own), every item it held fails with that error, and the next
// item starts another. close() lets it finish every item already sent, then ends it.

/** The thread's connections' application_name in pg_stat_activity, before the settlement's name. */
export const SETTLEMENT_APPLICATION = 'shop settlement thread';

/** What the thread is started with (workerData). */
export interface ThreadData {
  url: string;
  house: number;
  /** Each lane: a batched settlement's name and its statement's text. */
  settlements: { name: string; statement: string }[];
}

/** An item for the thread: one player's row of one lane's settlement. */
export interface ThreadItem {
  type: 'item';
  lane: number;
  id: number;
  userId: number;
  row: unknown;
}

export type ToThread = ThreadItem | { type: 'close' };

/** An error as it crosses to this thread: its message and PostgreSQL's code when it has one. */
export interface ThreadError {
  message: string;
  code?: string;
}

export type FromThread =
  | { type: 'ready' }
  | { type: 'failed'; error: ThreadError }
  | ({ type: 'batch'; lane: number; ids: number[]; seconds: number } & ({ settled: Map<number, AccountBalance> } | { error: ThreadError }));

export const threadError = (error: unknown): ThreadError => {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  return { message: String(message ?? error), ...(typeof code === 'string' ? { code } : {}) };
};
const fromThreadError = (error: ThreadError) => Object.assign(new Error(error.message), error.code ? { code: error.code } : {});

interface Pending {
  userId: number;
  resolve(settled: AccountBalance | null): void;
  reject(error: unknown): void;
}

/** A started thread: its items not yet answered, and whether it is ready. */
interface Running {
  worker: Worker;
  pending: Map<number, Pending>;
  ready: Promise<void>;
  exited: Promise<void>;
  /** Why it stopped, once it has: an item posted after that would never be answered. */
  stoppedWith?: unknown;
}

export interface SettlementThreadOptions {
  /** The PostgreSQL server's URL. */
  url: string;
  /** The thread's entry module: the registry of the effects it may run (server/settlementWorker.ts). */
  entry: URL;
}

export function createSettlementThread(options: SettlementThreadOptions) {
  const lanes: { name: string; statement: string; observe?: (size: number, seconds: number) => void; sizes: BatchSizes }[] = [];
  let house: (() => Promise<number>) | undefined;
  /** The thread started or starting, and the one started (a thread that stops clears both). */
  let running: Promise<Running> | undefined;
  let active: Running | undefined;
  let closed = false;
  let nextId = 0;

  function spawn(houseAccountId: number): Running {
    const data: ThreadData = { url: options.url, house: houseAccountId, settlements: lanes.map(({ name, statement }) => ({ name, statement })) };
    const worker = new Worker(options.entry, { workerData: data });
    // The thread never keeps the process alive by itself: a server has its listener for that.
    worker.unref();
    const pending = new Map<number, Pending>();
    let ready!: { resolve(): void; reject(error: unknown): void };
    const readyPromise = new Promise<void>((resolve, reject) => (ready = { resolve, reject }));
    // Awaited by warm() only; unawaited, a rejection would stop the process.
    readyPromise.catch(() => {});
    let exit!: () => void;
    const self: Running = { worker, pending, ready: readyPromise, exited: new Promise<void>((resolve) => (exit = resolve)) };
    const stopped = (error: unknown) => {
      self.stoppedWith ??= error;
      if (active === self) {
        active = undefined;
        running = undefined;
      }
      ready.reject(error);
      for (const entry of pending.values()) entry.reject(error);
      pending.clear();
    };
    worker.on('message', (message: FromThread) => {
      if (message.type === 'ready') return ready.resolve();
      if (message.type === 'failed') {
        // Its own error first (warm() rejects with it), then the thread goes.
        stopped(fromThreadError(message.error));
        return void worker.terminate();
      }
      const lane = lanes[message.lane]!;
      countBatch(lane.sizes, message.ids.length);
      lane.observe?.(message.ids.length, message.seconds);
      const error = 'error' in message ? fromThreadError(message.error) : undefined;
      for (const id of message.ids) {
        const entry = pending.get(id);
        if (!entry) continue;
        pending.delete(id);
        if (error) entry.reject(error);
        else entry.resolve(('settled' in message && message.settled.get(entry.userId)) || null);
      }
    });
    worker.on('error', stopped);
    worker.once('exit', (code) => {
      stopped(new Error(`the settlement thread stopped (exit code ${code})`));
      exit();
    });
    active = self;
    return self;
  }

  /** The running thread, started (with the house account's id) if none runs. */
  function thread(): Promise<Running> {
    if (closed) return Promise.reject(new Error('the settlement thread is closed'));
    if (!house) return Promise.reject(new Error('no settlement registered with the settlement thread'));
    if (running) return running;
    const starting: Promise<Running> = house()
      .then(spawn)
      .catch((error: unknown) => {
        if (running === starting) running = undefined;
        throw error;
      });
    running = starting;
    return starting;
  }

  return {
    /**
     * Registers a batched settlement (before the thread starts: the wallet, as it is made), with the
     * statement's text and the house account as this wallet has them, and `observe` told of each batch.
     */
    lane(effects: AnySettlementEffects, statement: string, houseAccountId: () => Promise<number>, observe?: (size: number, seconds: number) => void): SettlementRunner {
      if (running) throw new Error(`the settlement ${effects.name} was registered after the settlement thread started`);
      house ??= houseAccountId;
      const index = lanes.push({ name: effects.name, statement, observe, sizes: noBatches() }) - 1;
      return {
        async send(item) {
          const { worker, pending, stoppedWith } = await thread();
          // Stopped between the start and this turn: the item fails as the ones it held did.
          if (stoppedWith !== undefined) throw stoppedWith;
          return new Promise((resolve, reject) => {
            const id = (nextId += 1);
            pending.set(id, { userId: item.userId, resolve, reject });
            worker.postMessage({ type: 'item', lane: index, id, userId: item.userId, row: item.row } satisfies ToThread);
          });
        },
        sizes() {
          const taken = lanes[index]!.sizes;
          lanes[index]!.sizes = noBatches();
          return taken;
        },
      };
    },

    /** Starts the thread and waits until every lane's connection has its statement prepared (a node, before it plays). */
    async warm(): Promise<void> {
      if (!house) return;
      await (await thread()).ready;
    },

    /** Lets the thread answer every item sent, then ends it and its connections. */
    async close(): Promise<void> {
      closed = true;
      const current = await running?.catch(() => undefined);
      if (!current) return;
      current.worker.postMessage({ type: 'close' } satisfies ToThread);
      await current.exited;
    },
  };
}

export type SettlementThread = ReturnType<typeof createSettlementThread>;
