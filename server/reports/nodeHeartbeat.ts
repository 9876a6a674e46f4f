import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Log } from '../log.ts';

// Each node's line on the live board (docs/operator-console.md, "Live board"): every
// HEARTBEAT_MS the node writes whether it holds the leader lock (server/realtime/leaderLock.ts) and
// how many signed-in players and sockets it serves, into its own live_nodes row. The board reads the
// rows seen in the last NODE_STALE_MS, so it shows every node from any node, with or without Redis.

export const HEARTBEAT_MS = 5_000;
/** A node whose row is older than this has stopped (three beats missed). */
export const NODE_STALE_MS = 15_000;

export interface NodeFigures {
  leader: boolean;
  players: number;
  connections: number;
}

export interface NodeHeartbeat {
  id: string;
  /** Writes this node's row now (the board calls it before reading, so its own node is current). */
  beat(): Promise<void>;
  stop(): Promise<void>;
}

export function startNodeHeartbeat(db: Db, figures: () => NodeFigures, log: Log, everyMs = HEARTBEAT_MS): NodeHeartbeat {
  // Host and process, plus a random part: tests run two apps in one process.
  const id = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  const beat = async () => {
    const f = figures();
    await db
      .insertInto('live_nodes')
      .values({ id, ...f, seen_at: new Date() })
      .onConflict((oc) => oc.column('id').doUpdateSet({ ...f, seen_at: new Date() }))
      .execute();
  };
  const timer = setInterval(() => {
    beat()
      // Rows of nodes that died without closing: an hour on, nobody needs them.
      .then(() => db.deleteFrom('live_nodes').where('seen_at', '<', sql<Date>`now() - interval '1 hour'`).execute())
      .catch((error: unknown) => log.warn({ err: error }, 'live board heartbeat failed'));
  }, everyMs);
  timer.unref();
  void beat().catch((error: unknown) => log.warn({ err: error }, 'live board heartbeat failed'));
  return {
    id,
    beat,
    async stop() {
      clearInterval(timer);
      await db.deleteFrom('live_nodes').where('id', '=', id).execute().catch(() => {});
    },
  };
}
