import type { FastifyInstance } from 'fastify';
import { ROUND_GAMES, roundNamespace } from '../../core/games/roundGames.ts';
import type { Metrics } from './metrics.ts';

// What this node is doing, read at each scrape from the parts that own it (nothing is counted on
// the side): its open sockets, its database pool, its bus's lag and whether it leads.

export function registerNodeMetrics(app: FastifyInstance, metrics: Metrics, poolUse: (() => { total: number; idle: number; waiting: number }) | undefined): void {
  const { pusher, games, leader } = app.realtime;
  metrics.gauge({
    name: 'shop_open_sockets',
    help: 'Open websockets on this node: namespace "pusher" (the Pusher-protocol socket) and each round game\'s socket.io namespace ("/crash", "/wheel").',
    labelNames: ['namespace'],
    read(set) {
      set(pusher.connectionCount(), { namespace: 'pusher' });
      for (const game of ROUND_GAMES) set(games.io.of(roundNamespace(game)).sockets.size, { namespace: roundNamespace(game) });
    },
  });
  metrics.gauge({
    name: 'shop_leader',
    help: '1 on the node that holds the leader lock (round loops, battles, prizes, the ledger check), 0 elsewhere.',
    read: (set) => set(leader.isLeader() ? 1 : 0),
  });
  // PGlite is one connection lent to one borrower at a time, with no pool to report.
  if (poolUse) {
    metrics.gauge({
      name: 'shop_db_pool_connections',
      help: 'PostgreSQL pool of this node: "total" connections open, "idle" of them, and "waiting" requests queued for one.',
      labelNames: ['state'],
      read(set) {
        const use = poolUse();
        set(use.total, { state: 'total' });
        set(use.idle, { state: 'idle' });
        set(use.waiting, { state: 'waiting' });
      },
    });
  }
  // Only the Redis bus crosses a network; the bus of one process delivers in the same call.
  const { bus } = app;
  if (bus.lagSeconds) {
    const lag = bus.lagSeconds.bind(bus);
    metrics.gauge({
      name: 'shop_bus_lag_seconds',
      help: "The Redis bus's delay from publishing to receiving: its last ping's round trip through Redis, or how long the ping out now has waited if longer.",
      read: (set) => set(lag()),
    });
  }
}
