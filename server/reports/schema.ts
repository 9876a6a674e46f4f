import type { Timestamp } from '../db/columns.ts';

// Tables of migration 1040_live_nodes (docs/operator-console.md, "Live board").
export interface ReportsTables {
  live_nodes: {
    id: string;
    leader: boolean;
    /** Signed-in players with a socket on this node (their private channels). */
    players: number;
    /** Open sockets on this node (Pusher connections and socket.io clients). */
    connections: number;
    seen_at: Timestamp;
  };
}
