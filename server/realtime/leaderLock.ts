import pg from 'pg';
import type { Clock } from '../clock.ts';

// Work that must run on exactly one node (round loops, schedules) runs on the leader. The leader
// holds a PostgreSQL session advisory lock on a dedicated connection: if the node stops or its
// connection dies, PostgreSQL releases the lock and another node's next attempt takes it.
// With PGlite there is only one node, which is therefore always the leader.

export type LeaderWork = () => (() => void | Promise<void>) | void;

export interface LeaderElection {
  isLeader(): boolean;
  /**
   * Runs `start` whenever this node becomes the leader (at once if it already is). The function
   * `start` returns is called when leadership ends or the app closes.
   */
  whileLeader(start: LeaderWork): void;
  close(): Promise<void>;
}

/** A moment a job is due (a week's close): `everyWhileLeader` also runs it when `clock` reaches `nextAt()`, asked again after each such run. */
export interface LeaderWakeUp {
  clock: Clock;
  nextAt(): number;
}

/**
 * On the leader: `job` at once and then every `everyMs` (and at each `wakeUp`), one run at a time
 * (a slow run delays the next, never overlaps it); a failure is logged as `failed`, and the next run
 * tries again. Leadership's end waits for the run in progress.
 */
export function everyWhileLeader(leader: LeaderElection, everyMs: number, job: () => Promise<unknown>, onError: (error: unknown) => void, wakeUp?: LeaderWakeUp): void {
  leader.whileLeader(() => {
    let stopped = false;
    let running: Promise<unknown> = Promise.resolve();
    let cancelWakeUp: () => void = () => {};
    const run = () => {
      running = running.then(() => (stopped ? undefined : job())).catch(onError);
    };
    const schedule = () => {
      if (!wakeUp || stopped) return;
      cancelWakeUp = wakeUp.clock.at(wakeUp.nextAt(), () => {
        run();
        schedule();
      });
    };
    run();
    schedule();
    const timer = setInterval(run, everyMs);
    timer.unref();
    return async () => {
      stopped = true;
      clearInterval(timer);
      cancelWakeUp();
      await running;
    };
  });
}

/** The advisory lock key (any 64-bit number agreed by all nodes). */
export const LEADER_LOCK_KEY = 7_262_001;

function runner() {
  const works: LeaderWork[] = [];
  let stops: Array<() => void | Promise<void>> = [];
  let leading = false;
  return {
    get leading() {
      return leading;
    },
    add(work: LeaderWork) {
      works.push(work);
      if (leading) {
        const stop = work();
        if (stop) stops.push(stop);
      }
    },
    start() {
      if (leading) return;
      leading = true;
      for (const work of works) {
        const stop = work();
        if (stop) stops.push(stop);
      }
    },
    async stop() {
      if (!leading) return;
      leading = false;
      const current = stops;
      stops = [];
      for (const stop of current) await stop();
    },
  };
}

export function createSingleNodeLeader(): LeaderElection {
  const r = runner();
  r.start();
  return { isLeader: () => r.leading, whileLeader: (w) => r.add(w), close: () => r.stop() };
}

export function createPostgresLeader(url: string, options: { pollInterval?: number; onError?: (error: unknown) => void } = {}): LeaderElection {
  const r = runner();
  const pollInterval = options.pollInterval ?? 2000;
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  async function dropConnection() {
    const c = client;
    client = null;
    await r.stop();
    if (c) await c.end().catch(() => {});
  }

  async function attempt() {
    try {
      if (!client) {
        const c = new pg.Client({ connectionString: url, application_name: 'shop-leader' });
        // A dead connection means the lock is gone (the server released it): stop leading at once.
        c.on('error', () => void dropConnection());
        c.on('end', () => {
          if (client === c) void dropConnection();
        });
        await c.connect();
        if (closed) {
          await c.end();
          return;
        }
        client = c;
      }
      if (r.leading) {
        await client.query('select 1'); // still connected, so still holding the lock
      } else {
        const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [LEADER_LOCK_KEY]);
        if (result.rows[0]?.locked && !closed) r.start();
      }
    } catch (error) {
      options.onError?.(error);
      await dropConnection();
    }
  }

  async function loop() {
    await attempt();
    if (!closed) timer = setTimeout(() => void loop(), pollInterval);
  }
  void loop();

  return {
    isLeader: () => r.leading,
    whileLeader: (w) => r.add(w),
    async close() {
      closed = true;
      clearTimeout(timer);
      await dropConnection(); // ending the session releases the lock for the next node
    },
  };
}
