import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import { ROUND_GAMES } from '../../core/games/roundGames.ts';
import type { Board } from '../../core/protocol/adminReports.ts';
import { NODE_STALE_MS } from './nodeHeartbeat.ts';

// The live board (docs/operator-console.md, "Live board"): what is happening now, read fresh on
// every request (the page asks every few seconds). What each figure measures:
// - nodes, leader, players online and connections: the nodes' heartbeats (nodeHeartbeat.ts);
//   players are the signed-in players subscribed to their private channel on a node, summed over
//   the nodes (one player with tabs on two nodes counts twice; guests are only connections);
// - rounds in play: each round game's unfinished round, its bets and stake; battles running;
// - bets in the last minute: the bets journal's rows that staked something (a free box did not);
// - queues: deliveries and crypto withdrawals not done yet (requested or in processing), support
//   tickets waiting for an operator. Mail is sent at once (SMTP or the outbox folder), so there is no
//   mail queue to count: null.

export async function liveBoard(db: Db, now: Date = new Date()): Promise<Board> {
  const minuteAgo = new Date(now.getTime() - 60_000);
  const [nodes, rounds, counts] = await Promise.all([
    db.selectFrom('live_nodes').selectAll().where('seen_at', '>', new Date(now.getTime() - NODE_STALE_MS)).orderBy('leader', 'desc').orderBy('id').execute(),
    sql<{ game: string; id: number | null; number: number | null; status: string | null; bets: number; stake: number }>`
      select g.game, r.id, r.number, r.status, coalesce(b.bets, 0)::int as bets, coalesce(b.stake, 0)::bigint as stake
      from unnest(${sql.val([...ROUND_GAMES])}::text[]) as g(game)
      left join lateral (select id, number, status from rounds where rounds.game = g.game and ended_at is null order by id desc limit 1) r on true
      left join lateral (select count(*) as bets, sum(amount) as stake from round_bets where round_id = r.id) b on true
      order by g.game`.execute(db),
    sql<{ battles: number; bets: number; shipping: number; withdrawals: number; support: number }>`
      select
        (select count(*) from battles where status = 'running')::int as battles,
        (select count(*) from bets where placed_at > ${minuteAgo} and stake > 0)::int as bets,
        (select count(*) from withdrawals where type = 'delivery' and status in ('new', 'in_processing'))::int as shipping,
        (select count(*) from withdrawals where type = 'crypto' and status in ('new', 'in_processing'))::int as withdrawals,
        (select count(*) from support_tickets where status = 'open')::int as support`.execute(db),
  ]);
  const c = counts.rows[0]!;
  return {
    at: now.toISOString(),
    nodes: nodes.map((n) => ({ id: n.id, leader: n.leader, players: n.players, connections: n.connections, seen_at: new Date(n.seen_at).toISOString() })),
    leader: nodes.find((n) => n.leader)?.id ?? null,
    players_online: nodes.reduce((sum, n) => sum + n.players, 0),
    connections: nodes.reduce((sum, n) => sum + n.connections, 0),
    rounds: rounds.rows.map((r) => ({ game: r.game, round: r.number === null ? null : Number(r.number), status: r.status, bets: Number(r.bets), stake: centsToCoins(Number(r.stake)) })),
    battles_running: Number(c.battles),
    bets_last_minute: Number(c.bets),
    queues: { shipping: Number(c.shipping), support: Number(c.support), withdrawals: Number(c.withdrawals), mail_outbox: null },
  };
}
